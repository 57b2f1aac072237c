import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';

/** What a job handler gets besides its data. */
export interface JobContext {
  jobId: string;
  log: FastifyBaseLogger;
  /** The attempt number, 1 on the first run. */
  attempt: number;
}

/**
 * One kind of background work. A module exports its definitions (`<area>.jobs.ts`) and
 * `jobs/definitions.ts` lists them all. Delivery is at least once: a handler must be safe to
 * run again for the same data (check before acting, use the job's key as an idempotency key).
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  /** Validates the data before the handler sees it; a job whose data fails is failed at once. */
  schema: S;
  handler(data: z.output<S>, ctx: JobContext): Promise<void>;
  /** Recurring: a cron expression, run once per tick across all processes. */
  cron?: { expression: string; timezone?: string; data?: z.input<S> };
  /** Runs after the first failure; default 3. */
  retryLimit?: number;
  /** Seconds before the first retry, doubling (with jitter) after each; default 30. */
  retryDelaySeconds?: number;
  /** A run longer than this counts as dead and is retried (its process died); default 300. */
  expireInSeconds?: number;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export interface EnqueueOptions {
  /** One logical job per key: enqueueing the same key again while it exists does nothing. */
  key?: string;
  startAfter?: Date;
}

/** What services use to hand work to the background. */
export interface Jobs {
  /** Answers the job id, or null when a job with the same key already exists. */
  enqueue(name: string, data: object, options?: EnqueueOptions): Promise<string | null>;
  /** pg-boss itself, for the worker and the Jobs view. */
  boss(): Promise<PgBoss>;
  stop(): Promise<void>;
}

/** A deterministic job id from a queue and key, so a second enqueue of the same work is a no-op. */
export function jobIdFor(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Starts pg-boss on first use, so a process that never enqueues never touches its tables. */
export function createJobs(makeBoss: () => PgBoss, definitions: readonly JobDefinition[]): Jobs {
  let started: Promise<PgBoss> | undefined;
  const known = new Set(definitions.map((d) => d.name));
  const boss = () => {
    started ??= (async () => {
      const b = makeBoss();
      b.on('error', () => undefined); // errors surface through the calls that cause them
      await b.start();
      for (const definition of definitions) await ensureQueue(b, definition);
      return b;
    })();
    return started;
  };
  return {
    boss,
    async enqueue(name, data, options = {}) {
      if (!known.has(name)) throw new Error(`unknown job "${name}": add it to jobs/definitions.ts`);
      const b = await boss();
      return b.send(name, data, {
        ...(options.key ? { id: jobIdFor(name, options.key) } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    async stop() {
      if (!started) return;
      const b = await started;
      await b.stop({ graceful: true, close: false, wait: true, timeout: 20_000 });
    },
  };
}

async function ensureQueue(boss: PgBoss, definition: JobDefinition): Promise<void> {
  const options = {
    name: definition.name,
    retryLimit: definition.retryLimit ?? 3,
    retryDelay: definition.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: definition.expireInSeconds ?? 300,
  };
  // Processes that start together on a new database race to create the same queue: the loser
  // gets a unique violation or a deadlock, and finds the queue there when it looks again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, options);
      else await boss.createQueue(definition.name, options);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

export interface WorkerOptions {
  log: FastifyBaseLogger;
  /** Seconds between polls for due jobs; 0.5 is pg-boss's minimum. */
  pollingIntervalSeconds?: number;
}

/**
 * Takes jobs of every definition in this process. Up to 20 due jobs are claimed per poll
 * (FOR UPDATE SKIP LOCKED, so each goes to one process); each is completed or failed on its own.
 */
export async function startWorker(jobs: Jobs, definitions: readonly JobDefinition[], options: WorkerOptions) {
  const boss = await jobs.boss();
  for (const definition of definitions) {
    await boss.work(
      definition.name,
      { batchSize: 20, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, includeMetadata: true },
      async (batch) => {
        await Promise.all(batch.map((job) => runOne(boss, definition, job, options.log)));
      },
    );
    if (definition.cron) {
      await boss.schedule(definition.name, definition.cron.expression, definition.cron.data ?? {}, {
        tz: definition.cron.timezone ?? 'UTC',
      });
    }
  }
}

async function runOne(
  boss: PgBoss,
  definition: JobDefinition,
  job: PgBoss.JobWithMetadata<unknown>,
  log: FastifyBaseLogger,
): Promise<void> {
  const jobLog = log.child({ job: definition.name, jobId: job.id });
  const parsed = definition.schema.safeParse(job.data);
  try {
    if (!parsed.success) throw new Error(`invalid job data: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
    await definition.handler(parsed.data, { jobId: job.id, log: jobLog, attempt: job.retryCount + 1 });
    await boss.complete(definition.name, job.id);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    jobLog.warn({ attempt: job.retryCount + 1, error: message }, 'job failed');
    await boss.fail(definition.name, job.id, { message });
  }
}
