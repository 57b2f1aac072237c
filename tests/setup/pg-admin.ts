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
