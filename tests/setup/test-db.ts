// A fresh, migrated database for one test file, on the driver of the running project.
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteExtensions, type Database } from '#server/db/client.ts';
import { testDatabaseName, testDatabaseUrl, urlFor } from './pg-admin.ts';

export interface TestDatabase extends Database {
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
}

/** The migrated template, read once per worker (workers keep modules between files). */
let snapshot: Promise<Blob> | undefined;

export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_DRIVER === 'pg') return createPostgresCopy();
  snapshot ??= readFile(inject('pgliteSnapshot')).then((bytes) => new Blob([bytes]));
  const client = await PGlite.create({ loadDataDir: await snapshot, extensions: pgliteExtensions });
  const database = await openDatabase({ pglite: client });
  return { ...database, destroy: () => database.close() };
}

async function createPostgresCopy(): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  const name = testDatabaseName('t');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await createFromTemplate(admin, name, inject('pgTemplate'));
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: urlFor(adminUrl, name), poolMax: 4 });
  return {
    ...database,
    destroy: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/** Two workers copying the same template at once can collide (55006); retry briefly. */
async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${template}"`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
}
