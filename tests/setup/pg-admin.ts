import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadDotEnv } from '#server/config.ts';

/** The PostgreSQL URL the db:postgres project runs against (a role allowed to CREATE DATABASE). */
export function testDatabaseUrl(): string {
  loadDotEnv();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/** The same server and credentials, another database. */
export function urlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A test database name that carries its creation time (fw_{base36 ms}_{kind}_{hex}), so a run
 * removes only what interrupted runs left hours ago, never a concurrent run's databases.
 */
export function testDatabaseName(kind: 'tmpl' | 't'): string {
  return `fw_${Date.now().toString(36)}_${kind}_${randomBytes(5).toString('hex')}`;
}

/** True for a test database made more than `hours` ago, or by an older run without a time in its name. */
export function isStaleTestDatabase(name: string, hours = 6, now = Date.now()): boolean {
  const match = /^fw_([0-9a-z]{8,9})_(?:tmpl|t)_/.exec(name);
  if (!match?.[1]) return /^fw_(?:tmpl|t)_[0-9a-f]+$/.test(name);
  return now - parseInt(match[1], 36) > hours * 3_600_000;
}

/** Runs `statements` on the server's admin database, one connection, closed after. */
async function onAdmin(adminUrl: string, statements: (admin: pg.Client) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await statements(admin);
  } finally {
    await admin.end();
  }
}

/** A new database `name` copied from `template`. Two copies of one template at once can collide (55006): retried briefly. */
export function createDatabaseFrom(adminUrl: string, name: string, template: string): Promise<void> {
  return onAdmin(adminUrl, async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + attempt * 50));
      }
    }
  });
}

/** A new, empty database `name`. */
export function createDatabase(adminUrl: string, name: string): Promise<void> {
  return onAdmin(adminUrl, (admin) => admin.query(`create database "${name}"`).then(() => undefined));
}

/** Removes `name`, closing whatever is still connected to it. */
export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return onAdmin(adminUrl, (admin) =>
    admin.query(`drop database if exists "${name}" with (force)`).then(() => undefined),
  );
}
