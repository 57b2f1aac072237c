import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { testDatabaseUrl, urlFor } from '#tests/setup/pg-admin.ts';
import { openDatabase, queryRows } from './client.ts';
import { runMigrations } from './migrate.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('runMigrations', () => {
  it('is a no-op on an up-to-date database, so every start may call it', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]
        ?.n;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(1);
    await runMigrations(database);
    expect(await count()).toBe(before);
  });

  // Two app instances starting against one empty PostgreSQL at once: the advisory lock makes
  // one wait for the other instead of both creating the same tables. Needs a server.
  it.runIf(process.env.TEST_DB_DRIVER === 'pg')(
    'lets two instances migrate one empty server database at the same time',
    async () => {
      const adminUrl = testDatabaseUrl();
      const name = `fw_t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      try {
        const a = await openDatabase({ databaseUrl: urlFor(adminUrl, name), poolMax: 2 });
        const b = await openDatabase({ databaseUrl: urlFor(adminUrl, name), poolMax: 2 });
        try {
          await Promise.all([runMigrations(a), runMigrations(b)]);
          const [tables] = await queryRows<{ n: number }>(
            a.db,
            sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
          );
          expect(tables?.n).toBeGreaterThanOrEqual(30);
        } finally {
          await a.close();
          await b.close();
        }
      } finally {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
  );
});
