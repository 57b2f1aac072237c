import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { createBoss } from './boss.ts';
import { createJobs, defineJob, startWorker, type JobDefinition, type Jobs } from './jobs.ts';

const log = pino({ level: 'silent' });
let database: TestDatabase;
const running: Jobs[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((j) => j.stop()));
});
afterAll(async () => {
  await database.destroy();
});

/** One app process's queue: its own pg-boss on the shared database, optionally taking jobs. */
async function processWith(definitions: JobDefinition[], { work = true, supervise = false } = {}) {
  const jobs = createJobs(() => createBoss(database, { supervise, maintenanceIntervalSeconds: 1 }), definitions);
  running.push(jobs);
  if (work) await startWorker(jobs, definitions, { log });
  return jobs;
}

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const stateOf = async (jobs: Jobs, name: string, id: string) =>
  (await (await jobs.boss()).getJobById(name, id, { includeArchive: true }))?.state;

const ZN = z.object({ n: z.number() });

describe('background jobs (pg-boss on the app database)', () => {
  it('a job enqueued in the process that runs it starts at once, not at the next poll', async () => {
    const ran: number[] = [];
    const definition = defineJob({ name: 't-wake', schema: ZN, handler: async ({ n }) => void ran.push(n) });
    const jobs = createJobs(() => createBoss(database, { supervise: false }), [definition]);
    running.push(jobs);
    // Idle, the queue would next ask in ten minutes: only the enqueue's wake-up can start the job.
    await startWorker(jobs, [definition], { log, pollingIntervalSeconds: 600 });
    await new Promise((r) => setTimeout(r, 300)); // its first ask has come back empty
    await jobs.enqueue('t-wake', { n: 1 });
    await jobs.enqueue('t-wake', { n: 2 });
    await until(() => ran.length === 2);
    expect(ran.sort()).toEqual([1, 2]);
  });

  it('a delayed job runs at its time, not before', async () => {
    const ran: number[] = [];
    const jobs = await processWith([
      defineJob({ name: 't-delay', schema: ZN, handler: async () => void ran.push(Date.now()) }),
    ]);
    const due = new Date(Date.now() + 1500);
    await jobs.enqueue('t-delay', { n: 1 }, { startAfter: due });
    await until(() => ran.length === 1);
    expect(ran[0]).toBeGreaterThanOrEqual(due.getTime());
  });

  it('a failing job is retried with growing delays and then succeeds', async () => {
    const attempts: number[] = [];
    const jobs = await processWith([
      defineJob({
        name: 't-retry',
        schema: ZN,
        retryLimit: 3,
        retryDelaySeconds: 1,
        handler: async (_data, ctx) => {
          attempts.push(Date.now());
          if (ctx.attempt < 3) throw new Error(`provider down (attempt ${ctx.attempt})`);
        },
      }),
    ]);
    const id = (await jobs.enqueue('t-retry', { n: 1 }))!;
    await until(async () => (await stateOf(jobs, 't-retry', id)) === 'completed', 20_000);
    expect(attempts).toHaveLength(3);
    const [a, b, c] = attempts as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(900); // first retry after 1–2 s
    expect(c - b).toBeGreaterThanOrEqual(1900); // second after 2–4 s: the delay doubles
  });

  it('a job that keeps failing ends failed with its last error (the dead-letter state)', async () => {
    const jobs = await processWith([
      defineJob({
        name: 't-dead',
        schema: ZN,
        retryLimit: 1,
        retryDelaySeconds: 0,
        handler: async (_d, ctx) => {
          throw new Error(`token revoked (attempt ${ctx.attempt})`);
        },
      }),
    ]);
    const id = (await jobs.enqueue('t-dead', { n: 1 }))!;
    await until(async () => (await stateOf(jobs, 't-dead', id)) === 'failed');
    const job = await (await jobs.boss()).getJobById('t-dead', id, { includeArchive: true });
    expect(job?.output).toEqual({ message: 'token revoked (attempt 2)' });
  });

  it('data that fails its schema fails the job without running the handler', async () => {
    let ran = false;
    const jobs = await processWith([
      defineJob({ name: 't-bad', schema: ZN, retryLimit: 0, handler: async () => void (ran = true) }),
    ]);
    const id = (await jobs.enqueue('t-bad', { n: 'x' }))!;
    await until(async () => (await stateOf(jobs, 't-bad', id)) === 'failed');
    expect(ran).toBe(false);
  });

  it('enqueueing the same key twice makes one job that runs once', async () => {
    const ran: number[] = [];
    const jobs = await processWith([
      defineJob({ name: 't-key', schema: ZN, handler: async ({ n }) => void ran.push(n) }),
    ]);
    const first = await jobs.enqueue('t-key', { n: 1 }, { key: 'post-42:facebook' });
    const second = await jobs.enqueue('t-key', { n: 2 }, { key: 'post-42:facebook' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await until(() => ran.length === 1);
    await new Promise((r) => setTimeout(r, 1200));
    expect(ran).toEqual([1]);
  });

  it('processes that start at the same moment on a new database all set up the same queues', async () => {
    const ran: string[] = [];
    const defs = Array.from({ length: 8 }, (_, i) =>
      defineJob({ name: `t-start-${i}`, schema: ZN, handler: async () => void ran.push(`t-start-${i}`) }),
    );
    const [a] = await Promise.all([processWith(defs), processWith(defs), processWith(defs)]);
    await Promise.all(defs.map((d) => a!.enqueue(d.name, { n: 1 })));
    await until(() => ran.length === defs.length);
    expect(ran.sort()).toEqual(defs.map((d) => d.name).sort());
  });

  it('with two processes taking jobs, each of 100 jobs runs exactly once', async () => {
    const runs = new Map<number, number>();
    const def = defineJob({
      name: 't-once',
      schema: ZN,
      handler: async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    const a = await processWith([def]);
    await processWith([def]);
    await Promise.all(Array.from({ length: 100 }, (_, n) => a.enqueue('t-once', { n })));
    await until(() => runs.size === 100, 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('a job whose process died mid-run is taken again by a live process after its lease expires', async () => {
    let finishedBy = '';
    const def = defineJob({
      name: 't-lease',
      schema: ZN,
      expireInSeconds: 1,
      retryDelaySeconds: 0,
      handler: async () => void (finishedBy = 'survivor'),
    });
    // The first process claims the job and dies before finishing (it never completes it).
    const dying = await processWith([def], { work: false });
    const id = (await dying.enqueue('t-lease', { n: 1 }))!;
    const [claimed] = await (await dying.boss()).fetch('t-lease');
    expect(claimed?.id).toBe(id);
    // A surviving process runs maintenance, which expires the lease and retries the job.
    const survivor = await processWith([def], { supervise: true });
    await until(async () => (await stateOf(survivor, 't-lease', id)) === 'completed', 20_000);
    expect(finishedBy).toBe('survivor');
  });

  it('a slow job does not hold up the others of its kind: each freed slot takes the next due job', async () => {
    const done: number[] = [];
    let release = () => undefined as void;
    const slow = new Promise<void>((r) => (release = r));
    const jobs = await processWith([
      defineJob({
        name: 't-slow',
        schema: ZN,
        handler: async ({ n }) => {
          if (n === 0) await slow;
          done.push(n);
        },
      }),
    ]);
    await jobs.enqueue('t-slow', { n: 0 });
    await Promise.all(Array.from({ length: 30 }, (_, i) => jobs.enqueue('t-slow', { n: i + 1 })));
    // All 30 quick ones finish (more than one batch of 20) while the slow one is still running.
    await until(() => done.length === 30);
    expect(done).not.toContain(0);
    release();
    await until(() => done.length === 31);
  });

  it("a definition's concurrency caps how many of its jobs one process runs at once", async () => {
    let now = 0;
    let most = 0;
    let finished = 0;
    const jobs = await processWith([
      defineJob({
        name: 't-cap',
        schema: ZN,
        concurrency: 2,
        handler: async () => {
          most = Math.max(most, ++now);
          await new Promise((r) => setTimeout(r, 100));
          now--;
          finished++;
        },
      }),
    ]);
    await Promise.all(Array.from({ length: 8 }, (_, n) => jobs.enqueue('t-cap', { n })));
    await until(() => finished === 8);
    expect(most).toBe(2);
  });

  it('a run past its expiry is failed and retried', async () => {
    const attempts: number[] = [];
    const jobs = await processWith([
      defineJob({
        name: 't-expire',
        schema: ZN,
        expireInSeconds: 1,
        retryLimit: 1,
        retryDelaySeconds: 0,
        handler: async (_d, ctx) => {
          attempts.push(ctx.attempt);
          if (ctx.attempt === 1) await new Promise((r) => setTimeout(r, 3000));
        },
      }),
    ]);
    const id = (await jobs.enqueue('t-expire', { n: 1 }))!;
    await until(async () => (await stateOf(jobs, 't-expire', id)) === 'completed');
    expect(attempts).toEqual([1, 2]);
  });

  it('stopping the queue lets a running job finish', async () => {
    let finished = false;
    let started = false;
    const jobs = await processWith([
      defineJob({
        name: 't-graceful',
        schema: ZN,
        handler: async () => {
          started = true;
          await new Promise((r) => setTimeout(r, 800));
          finished = true;
        },
      }),
    ]);
    const id = (await jobs.enqueue('t-graceful', { n: 1 }))!;
    await until(() => started);
    await jobs.stop();
    expect(finished).toBe(true);
    const reader = await processWith([], { work: false });
    expect(await stateOf(reader, 't-graceful', id)).toBe('completed');
  });
});
