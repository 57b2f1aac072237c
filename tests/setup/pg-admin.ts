import { randomBytes } from 'node:crypto';
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
