import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import { BOSS_SCHEMA } from './boss.ts';

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
  /** How many of these one process runs at once; default DEFAULT_CONCURRENCY (20). */
  concurrency?: number;
  /**
   * At most this many seconds between a job falling due and its start, when nothing woke the
   * queue sooner; default the worker's (5). A job enqueued in this process wakes its queue at
   * once, so this bounds only a job from another process (the web role's), a delayed one, a
   * retry or a cron tick: say 1 for work a person waits on. The process's probe (`startWorker`)
   * runs at the smallest of its queues' intervals.
   */
  pollingIntervalSeconds?: number;
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
      const stored = new Map((await b.getQueues()).map((queue) => [queue.name, queue]));
      for (const definition of definitions) await ensureQueue(b, definition, stored.get(definition.name));
      return b;
    })();
    return started;
  };
  const jobs: Jobs = {
    boss,
    async enqueue(name, data, options = {}) {
      if (!known.has(name)) throw new Error(`unknown job "${name}": add it to jobs/definitions.ts`);
      const b = await boss();
      const id = await b.send(name, data, {
        ...(options.key ? { id: jobIdFor(name, options.key) } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
      if (id && !(options.startAfter && options.startAfter.getTime() > Date.now())) {
        for (const loop of loopsOf.get(jobs) ?? []) if (loop.name === name) loop.poke();
      }
      return id;
    },
    async stop() {
      if (!started) return;
      const b = await started;
      // Our probe and queue loops first (no new jobs; running ones get up to 20 s), then pg-boss's
      // cron and maintenance.
      probesOf.get(jobs)?.stop();
      probesOf.delete(jobs);
      await Promise.all((loopsOf.get(jobs) ?? []).map((loop) => loop.stop(20_000)));
      loopsOf.delete(jobs);
      await b.stop({ graceful: true, close: false, wait: true, timeout: 20_000 });
    },
  };
  return jobs;
}

/** Creates the queue, or updates it where its stored settings differ (most starts write nothing). */
async function ensureQueue(boss: PgBoss, definition: JobDefinition, stored: PgBoss.QueueResult | undefined) {
  const options = {
    name: definition.name,
    retryLimit: definition.retryLimit ?? 3,
    retryDelay: definition.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: definition.expireInSeconds ?? 300,
  };
  const same = (['retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds'] as const).every(
    (field) => stored && Number(stored[field]) === Number(options[field]),
  );
  if (same) return;
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
  /** Seconds between the probe's asks for due jobs; default 5 (see `pollingIntervalSeconds`). */
  pollingIntervalSeconds?: number;
}

/** Jobs of one kind that one process runs at once, unless its definition says otherwise. */
export const DEFAULT_CONCURRENCY = 20;

/** What `jobs.stop()` must wait for: the queue loops `startWorker` started on that queue. */
const loopsOf = new WeakMap<Jobs, QueueLoop[]>();
const probesOf = new WeakMap<Jobs, { stop(): void }>();
/** With every slot busy, how long a queue waits for a quarter to free before asking anyway. */
const SLOTS_RECHECK_MS = 1000;
/** A queue the probe has not woken asks on its own this often: a net under the probe. */
const IDLE_RECHECK_MS = 60_000;

/**
 * Takes jobs of every definition in this process, each kind in its own loop (see `runQueue`).
 * Claims are FOR UPDATE SKIP LOCKED, so each job goes to one process; each is completed or
 * failed on its own.
 */
export async function startWorker(jobs: Jobs, definitions: readonly JobDefinition[], options: WorkerOptions) {
  const boss = await jobs.boss();
  const defaultPollingMs = Math.max(100, (options.pollingIntervalSeconds ?? 5) * 1000);
  const loops = loopsOf.get(jobs) ?? [];
  loopsOf.set(jobs, loops);
  const started = definitions.map((definition) => runQueue(boss, definition, options.log));
  loops.push(...started);
  const probeMs = Math.min(
    defaultPollingMs,
    ...definitions.map((d) =>
      d.pollingIntervalSeconds !== undefined ? Math.max(50, d.pollingIntervalSeconds * 1000) : defaultPollingMs,
    ),
  );
  probesOf.set(jobs, startProbe(boss, started, probeMs, options.log));
  await scheduleCrons(boss, definitions);
}

/**
 * Who has work: one light read of every queue this process runs, each polling interval (the
 * smallest of its queues'), and the queues with a job due now are woken to claim it. A queue's
 * own claim (pg-boss's fetch: a locking update) runs only then, or when a job is enqueued here,
 * instead of on a timer per queue: an idle process asked ~10 claims a second of its database
 * (four of them social's), which on the embedded database was half its work while nobody used it.
 */
function startProbe(boss: PgBoss, loops: readonly QueueLoop[], intervalMs: number, log: FastifyBaseLogger) {
  const byName = new Map(loops.map((loop) => [loop.name, loop]));
  const names = [...byName.keys()];
  const db = boss.getDb();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      const { rows } = (await db.executeSql(
        `SELECT DISTINCT name FROM ${BOSS_SCHEMA}.job WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now()`,
        [names],
      )) as { rows: { name: string }[] };
      for (const { name } of rows) byName.get(name)?.poke();
    } catch (err) {
      log.warn({ error: err instanceof Error ? err.message : String(err) }, 'job probe failed');
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  void tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Each recurring job's schedule, written only where it differs from the one already stored. */
async function scheduleCrons(boss: PgBoss, definitions: readonly JobDefinition[]): Promise<void> {
  // pg-boss answers the stored rows, time zone included (its types leave that column out).
  const stored = new Map(
    ((await boss.getSchedules()) as (PgBoss.Schedule & { timezone?: string })[]).map((s) => [s.name, s]),
  );
  for (const { name, cron } of definitions) {
    if (!cron) continue;
    const tz = cron.timezone ?? 'UTC';
    const data = cron.data ?? {};
    const now = stored.get(name);
    if (now && now.cron === cron.expression && now.timezone === tz && isDeepStrictEqual(now.data ?? {}, data)) continue;
    await boss.schedule(name, cron.expression, data, { tz });
  }
}

interface QueueLoop {
  name: string;
  /** A job was just enqueued in this process: ask now instead of at the next poll. */
  poke(): void;
  /** Takes no more jobs; resolves once the running ones have ended, or after `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * One kind of job in this process: keeps up to `concurrency` of them running, and takes more due
 * ones as soon as a quarter of the slots have freed (or a second has passed with one free), rather than asking once per finished job. (pg-boss's own `work` takes a batch, waits for
 * the whole batch, then waits out the polling interval: at most batch/interval jobs a second per
 * process however short each one is, and one slow job holds up the rest of its batch.) While
 * nothing is due it waits to be woken: by an enqueue here or by the process's probe. A job that runs past its expiry is failed (and
 * so retried) as pg-boss would; one still running when the process stops stays active until its
 * expiry, like one whose process died.
 */
function runQueue(boss: PgBoss, definition: JobDefinition, log: FastifyBaseLogger): QueueLoop {
  const limit = Math.max(1, definition.concurrency ?? DEFAULT_CONCURRENCY);
  const refill = Math.max(1, Math.ceil(limit / 4));
  const complete = completer(boss, definition.name);
  const running = new Set<Promise<void>>();
  let stopping = false;
  let waitingForSlots = false;
  let poked = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    while (!stopping) {
      poked = false; // the fetch below sees every job enqueued before it
      const free = limit - running.size;
      let drained = false; // with every slot busy, more may well be due
      if (free > 0) {
        let batch: PgBoss.JobWithMetadata<unknown>[] = [];
        try {
          batch = await boss.fetch(definition.name, { batchSize: free, includeMetadata: true });
        } catch (err) {
          log.warn(
            { job: definition.name, error: err instanceof Error ? err.message : String(err) },
            'job fetch failed',
          );
        }
        for (const job of batch) {
          const run: Promise<void> = runOne(boss, definition, job, log, complete).finally(() => {
            running.delete(run);
            if (waitingForSlots && limit - running.size >= refill) wake?.();
          });
          running.add(run);
        }
        drained = batch.length < free;
      }
      if (stopping) break;
      if (!drained && limit - running.size >= refill) continue; // more may be due, and slots are free
      if (drained && poked) continue; // enqueued here while the fetch was on its way
      // Slots busy: go on once enough have freed (or after a while: one may have expired).
      // Otherwise nothing else is due: wait for the probe or an enqueue here to say there is.
      waitingForSlots = !drained;
      await sleep(waitingForSlots ? SLOTS_RECHECK_MS : IDLE_RECHECK_MS);
      waitingForSlots = false;
    }
  })();

  return {
    name: definition.name,
    poke() {
      poked = true;
      if (!waitingForSlots) wake?.();
    },
    async stop(timeoutMs) {
      stopping = true;
      wake?.();
      await loop;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    },
  };
}

/**
 * Marks finished jobs completed, many in one statement: while one update is on its way, the jobs
 * that finish meanwhile wait for the next. Each caller resolves once its own job is recorded.
 */
function completer(boss: PgBoss, name: string): (id: string) => Promise<void> {
  let waiting: { id: string; done: () => void; failed: (err: unknown) => void }[] = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        await boss.complete(
          name,
          batch.map((w) => w.id),
        );
        for (const w of batch) w.done();
      } catch (err) {
        for (const w of batch) w.failed(err);
      }
    }
    flushing = false;
  };
  return (id) =>
    new Promise<void>((done, failed) => {
      waiting.push({ id, done, failed });
      if (!flushing) void flush();
    });
}

async function runOne(
  boss: PgBoss,
  definition: JobDefinition,
  job: PgBoss.JobWithMetadata<unknown>,
  log: FastifyBaseLogger,
  complete: (id: string) => Promise<void>,
): Promise<void> {
  const jobLog = log.child({ job: definition.name, jobId: job.id });
  const parsed = definition.schema.safeParse(job.data);
  // pg-boss reads the expiry as EXTRACT(epoch …), which the driver may hand over as a string.
  const expireMs = Math.max(1, Number(job.expireInSeconds ?? definition.expireInSeconds ?? 300)) * 1000;
  let timer: NodeJS.Timeout | undefined;
  try {
    if (!parsed.success) throw new Error(`invalid job data: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
    await Promise.race([
      definition.handler(parsed.data, { jobId: job.id, log: jobLog, attempt: job.retryCount + 1 }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`ran longer than ${expireMs / 1000} s`)), expireMs);
      }),
    ]);
    await complete(job.id);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    jobLog.warn({ attempt: job.retryCount + 1, error: message }, 'job failed');
    await boss.fail(definition.name, job.id, { message }).catch((failErr: unknown) => {
      // Left active: the queue's maintenance expires it and it is retried like a dead process's job.
      jobLog.error({ error: String(failErr) }, 'job failure not recorded');
    });
  } finally {
    clearTimeout(timer);
  }
}
