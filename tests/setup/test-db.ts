// A fresh, migrated database for one test file, on the driver of the running project.
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, pgliteExtensions, type Database } from '#server/db/client.ts';
import { createDatabaseFrom, dropDatabase, testDatabaseName, testDatabaseUrl, urlFor } from './pg-admin.ts';

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
  await createDatabaseFrom(adminUrl, name, inject('pgTemplate'));
  const database = await openDatabase({ databaseUrl: urlFor(adminUrl, name), poolMax: 4 });
  return {
    ...database,
    destroy: async () => {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}
