// Vitest global setup for the database projects: migrate ONE template database per run, then
// every test file gets its own copy (PGlite: a data-dir snapshot; PostgreSQL: CREATE DATABASE
// … TEMPLATE). The driver is chosen by the project's TEST_DB_DRIVER.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { isStaleTestDatabase, testDatabaseName, testDatabaseUrl, urlFor } from './pg-admin.ts';
import { ensureServerBuilt } from '../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Some files start the app as worker processes (the compiled server): built here, once, so
  // the test workers never race to build it.
  await ensureServerBuilt();
  if (project.config.env?.TEST_DB_DRIVER === 'pg') return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fw-pglite-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ pglite: client });
  await runMigrations(database);
  const snapshot = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const adminUrl = testDatabaseUrl();
  const template = testDatabaseName('tmpl');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Databases left by an interrupted run hours ago are removed; a concurrent run's are kept.
  const found = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'fw\\_%'");
  for (const { datname } of found.rows.filter((row) => isStaleTestDatabase(row.datname))) {
    await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
  }
  await admin.query(`create database "${template}"`);
  const database = await openDatabase({ databaseUrl: urlFor(adminUrl, template), poolMax: 1 });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', '');
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}
