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

/**
 * Read once per worker (workers keep modules between files): the migrated template, and PGlite's
 * compiled engine and file bundle, which PGlite.create would otherwise read and compile per file.
 */
let loaded: Promise<{ loadDataDir: Blob; pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
const pgliteFile = (name: string) => new URL(name, import.meta.resolve('@electric-sql/pglite'));

export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_DRIVER === 'pg') return createPostgresCopy();
  loaded ??= (async () => ({
    loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]),
    pgliteWasmModule: await WebAssembly.compile(await readFile(pgliteFile('pglite.wasm'))),
    fsBundle: new Blob([await readFile(pgliteFile('pglite.data'))]),
  }))();
  const client = await PGlite.create({ ...(await loaded), extensions: pgliteExtensions });
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
