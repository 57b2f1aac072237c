import { JOB_STATES, type TJobState, type TJobsOverview } from '#shared/schemas/system.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import * as read from '#server/jobs/jobs.read.ts';
import type { AuthContext } from '#server/auth-context.ts';

export interface JobsViewDeps {
  db: Db;
  jobs: Jobs;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const toState = (s: string): TJobState => (JOB_STATES as readonly string[]).find((x) => x === s) as TJobState;

function errorOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') {
    return output.message;
  }
  return null;
}

/** The business's own background jobs (publishing, syncs, mail), with counts per queue. */
export async function jobsOverview(
  deps: JobsViewDeps,
  auth: AuthContext,
  query: { state: read.JobStateGroup; limit: number },
): Promise<TJobsOverview> {
  await deps.jobs.boss(); // pg-boss's tables exist once it has started
  const [rows, counts] = await Promise.all([
    read.tenantJobs(deps.db, auth.tenantId, query.state, query.limit),
    read.tenantQueueCounts(deps.db, auth.tenantId),
  ]);
  const queues = new Map<
    string,
    { queue: string; queued: number; running: number; failed: number; completed: number }
  >();
  for (const { name, state, n } of counts) {
    const q = queues.get(name) ?? { queue: name, queued: 0, running: 0, failed: 0, completed: 0 };
    if (state === 'created' || state === 'retry') q.queued += n;
    else if (state === 'active') q.running += n;
    else if (state === 'failed') q.failed += n;
    else if (state === 'completed') q.completed += n;
    queues.set(name, q);
  }
  return {
    queues: [...queues.values()].sort((a, b) => a.queue.localeCompare(b.queue)),
    jobs: rows.map((r) => ({
      id: r.id,
      queue: r.name,
      state: toState(r.state),
      attempts: r.retry_count + (r.started_on ? 1 : 0),
      createdAt: new Date(r.created_on).toISOString(),
      startAfter: new Date(r.start_after).toISOString(),
      startedAt: r.started_on ? new Date(r.started_on).toISOString() : null,
      finishedAt: r.completed_on ? new Date(r.completed_on).toISOString() : null,
      error: errorOf(r.output),
    })),
  };
}

/** Runs a failed job of the business again now. */
export async function retryJob(deps: JobsViewDeps, auth: AuthContext, id: string): Promise<void> {
  const boss = await deps.jobs.boss();
  const queue = UUID.test(id) ? await read.tenantJobQueue(deps.db, auth.tenantId, id) : undefined;
  if (!queue) throw notFound('Job');
  const job = await boss.getJobById(queue, id);
  if (job?.state !== 'failed') throw new AppError('conflict', 'Only a failed job can be retried.');
  await boss.retry(queue, id);
}
