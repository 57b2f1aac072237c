import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every app instance of this product.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies pending migrations. On a PostgreSQL server several app instances may start at once,
 * so the work runs under a session advisory lock on one dedicated connection.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.raw.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.raw.client), { migrationsFolder });
    return;
  }
  const client = await database.raw.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
