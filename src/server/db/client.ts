import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbDriver = 'pglite' | 'pg';

/** A database handle the app owns: the Drizzle instance plus what is needed to run and close it. */
export interface Database {
  db: Db;
  driver: DbDriver;
  /** Runs a statement that proves the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The raw client, for migrations and test setup only. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'pg'; pool: pg.Pool };
}

export interface DatabaseOptions {
  /** Set: node-postgres against this server. Unset: embedded PGlite under dataDir. */
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolMax?: number;
  /** An existing PGlite instance (tests hand in a clone of a migrated template). */
  pglite?: PGlite;
}

/**
 * Extensions every PGlite instance must load: the migrations create pg_trgm (lead search), and
 * a table with a trigram index cannot be written without it. Pass to every PGlite.create().
 */
export const pgliteExtensions = { pg_trgm };

// numeric columns come back as strings by default on both drivers; we keep that (exact money
// values) and convert at the edges where a number is wanted.

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle connection can fail (server restart, terminated backend). Without a listener the
    // pool's 'error' event would crash the process; the pool already drops that connection.
    // After close() starts, a backend ended by the server is expected and not worth a line.
    let closing = false;
    pool.on('error', (err) => {
      if (!closing) console.warn(`database: an idle connection failed and was dropped (${err.message})`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      raw: { kind: 'pg', pool },
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }

  let client = options.pglite;
  if (!client) {
    if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or pglite');
    const dir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true }); // PGlite does not create parent folders
    client = await PGlite.create(dir, { extensions: pgliteExtensions });
  }
  const owned = client;
  const db = drizzlePglite(owned, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    raw: { kind: 'pglite', client: owned },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => owned.close(),
  };
}

/** Raw SQL for the rare query Drizzle's builder can't express; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
