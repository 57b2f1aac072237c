import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl, urlFor } from '#tests/setup/pg-admin.ts';
import { openDatabase } from './client.ts';

describe('openDatabase on a PostgreSQL server', () => {
  // A database restart or an administrator ending a backend must not take the app down: the
  // pool drops the dead idle connection and the next query opens a new one.
  it.runIf(process.env.TEST_DB_DRIVER === 'pg')('survives the server ending an idle connection', async () => {
    const adminUrl = testDatabaseUrl();
    const name = `fw_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const database = await openDatabase({ databaseUrl: urlFor(adminUrl, name), poolMax: 1 });
    try {
      if (database.raw.kind !== 'pg') throw new Error('expected a pg pool');
      const { rows } = await database.raw.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = rows[0]?.pid;
      expect(pid).toBeTypeOf('number');
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await new Promise((r) => setTimeout(r, 200)); // let the FATAL reach the idle client
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
