import PgBoss from 'pg-boss';
import type { Database } from '#server/db/client.ts';

/** Where pg-boss keeps its tables, beside ours in the same database. */
export const BOSS_SCHEMA = 'pgboss';

/**
 * pg-boss talks to our own connection: the pool on a PostgreSQL server, the one PGlite session
 * on the embedded database. On PGlite, a call with parameters is one statement (`query`); a call
 * without is a multi-statement script (BEGIN; …; COMMIT;) that must run with `exec`, inside an
 * exclusive transaction so no other query interleaves, answering the rows of its last result.
 */
export function bossDb(database: Database): PgBoss.Db {
  const { raw } = database;
  if (raw.kind === 'pg') {
    return { executeSql: (text, values) => raw.pool.query(text, values) };
  }
  const client = raw.client;
  return {
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      return client.transaction(async (tx) => {
        const results = await tx.exec(text);
        const last = [...results].reverse().find((r) => r.fields.length > 0);
        return { rows: last?.rows ?? [] };
      });
    },
  };
}

export interface BossOptions {
  /** Run maintenance (expiry of dead workers' jobs, archiving) and cron in this process. */
  supervise: boolean;
  /** Seconds between maintenance runs; a job whose worker died is retried after its expiry plus this. */
  maintenanceIntervalSeconds?: number;
}

export function createBoss(database: Database, options: BossOptions): PgBoss {
  return new PgBoss({
    db: bossDb(database),
    schema: BOSS_SCHEMA,
    migrate: true,
    supervise: options.supervise,
    schedule: options.supervise,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    // The Jobs view shows a week of finished work; failed jobs stay until retried or a month old.
    archiveCompletedAfterSeconds: 7 * 24 * 3600,
    archiveFailedAfterSeconds: 30 * 24 * 3600,
  });
}
