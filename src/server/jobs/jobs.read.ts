import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { BOSS_SCHEMA } from './boss.ts';

// A read model over pg-boss's own table for the Jobs view. pg-boss owns the table; we only read
// it, and only the jobs whose data names the caller's business (system jobs belong to nobody).

const STATE_GROUPS = {
  queued: ['created', 'retry'],
  running: ['active'],
  failed: ['failed'],
  completed: ['completed'],
} as const;
export type JobStateGroup = keyof typeof STATE_GROUPS | 'all';

const job = sql.raw(`${BOSS_SCHEMA}.job`);

export interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  created_on: Date;
  start_after: Date;
  started_on: Date | null;
  completed_on: Date | null;
  output: unknown;
}

export async function tenantJobs(db: Db, tenantId: string, group: JobStateGroup, limit: number): Promise<JobRow[]> {
  const states = group === 'all' ? null : STATE_GROUPS[group];
  return queryRows<JobRow>(
    db,
    sql`select id, name, state::text as state, retry_count, created_on, start_after, started_on, completed_on, output
        from ${job}
        where data->>'tenantId' = ${tenantId}
          ${
            states
              ? sql`and state::text in (${sql.join(
                  states.map((s) => sql`${s}`),
                  sql`, `,
                )})`
              : sql``
          }
        order by created_on desc
        limit ${limit}`,
  );
}

export interface QueueCountRow {
  name: string;
  state: string;
  n: number;
}

export async function tenantQueueCounts(db: Db, tenantId: string): Promise<QueueCountRow[]> {
  return queryRows<QueueCountRow>(
    db,
    sql`select name, state::text as state, count(*)::int as n from ${job}
        where data->>'tenantId' = ${tenantId} group by name, state`,
  );
}

/** The queue of one of the business's jobs, or undefined when the id is not one of them. */
export async function tenantJobQueue(db: Db, tenantId: string, id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select name from ${job} where id = ${id}::uuid and data->>'tenantId' = ${tenantId}`,
  );
  return row?.name;
}
