import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { socialPosts } from '#server/db/schema/index.ts';
import { createBoss } from '#server/jobs/boss.ts';
import { jobDefinitions } from '#server/jobs/definitions.ts';
import { createJobs, type Jobs } from '#server/jobs/jobs.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { testDatabaseUrl } from '#tests/setup/pg-admin.ts';
import { connectAll, inject, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';
import { databaseUrlFor, startWorkerProcess, type WorkerProcess } from '#tests/setup/social-worker-process.ts';

// Real worker OS processes (src/server/main.ts, FIELDWISE_ROLE=worker) on one PostgreSQL database:
// 200 due posts, each delivered to the queue twice, reach the network exactly once; a worker
// SIGKILLed in the middle of a post neither loses nor doubles it: every post ends published, each
// sent once. PostgreSQL only (db:postgres).

const onPostgres = process.env.TEST_DB_DRIVER === 'pg';
let kit: SocialKit;
let owner: SignedUp;
let queue: Jobs;
let databaseUrl: string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  kit = await startSocialKit();
  owner = await signUp(kit.app);
  await connectAll(kit, await tenantOf(kit, owner.userId));
  const [row] = await queryRows<{ name: string }>(kit.database.db, sql`select current_database() as name`);
  databaseUrl = databaseUrlFor(testDatabaseUrl(), row!.name);
  queue = createJobs(
    () => createBoss(kit.database, { supervise: false }),
    jobDefinitions(() => kit.app.deps),
  );
}, 120_000);
afterAll(async () => {
  await Promise.all(workers.map((w) => w.kill('SIGKILL')));
  await queue?.stop();
  await kit?.close();
});

async function worker(env: Record<string, string> = {}): Promise<WorkerProcess> {
  const w = await startWorkerProcess(databaseUrl, kit.fake.url, env);
  workers.push(w);
  await w.ready;
  return w;
}

/** Creates `n` posts due now (on one network) and puts each job on the real queue twice: by key and once more without. */
async function duePosts(prefix: string, n: number, platform: 'twitter' | 'facebook' = 'twitter'): Promise<string[]> {
  const from = kit.enqueued.length;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
      content: `${prefix} ${i}`,
      targets: [{ platform, content: `${prefix} ${i}` }],
      now: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json<{ posts: { id: string }[] }>().posts[0]!.id);
  }
  for (const job of kit.enqueued.slice(from)) {
    await queue.enqueue(job.name, job.data, { key: job.key! });
    await queue.enqueue(job.name, job.data);
  }
  return ids;
}

async function statuses(ids: string[]) {
  return kit.database.db
    .select({ id: socialPosts.id, status: socialPosts.status, error: socialPosts.errorMessage })
    .from(socialPosts)
    .where(inArray(socialPosts.id, ids));
}

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
}

/** The fresh worker's SOCIAL_PUBLISH_STALE_MS, and how long the fake network holds and stalls X posts. */
const STALE_MS = 15_000;
const STALL_MS = 20_000;

const sent = (prefix: string) => kit.fake.received.filter((r) => r.text.startsWith(`${prefix} `)).map((r) => r.text);

describe.skipIf(!onPostgres)('publishing with real worker processes', () => {
  it('two worker processes publish each of 200 due posts exactly once', async () => {
    // One after the other: two processes creating pg-boss queues at the same moment on a fresh
    // database can deadlock (40P01) and one exits at startup (reported; jobs.ts ensureQueue).
    await worker();
    await worker();
    // On Facebook: 200 posts to X from one account would be over X's 100 per 15 minutes.
    const ids = await duePosts('Two workers', 200, 'facebook');
    await until(async () => (await statuses(ids)).every((p) => p.status === 'published'), 120_000);
    await new Promise((r) => setTimeout(r, 2000)); // a duplicate would land by now
    const texts = sent('Two workers');
    expect(texts).toHaveLength(200);
    expect(new Set(texts).size).toBe(200);
    expect((await statuses(ids)).filter((p) => p.status !== 'published')).toEqual([]);
  }, 240_000);

  it('a worker SIGKILLed mid-publish: every post ends published, none is sent twice', async () => {
    await Promise.all(workers.splice(0).map((w) => w.kill()));
    const first = await worker();
    // Both outlast the kill below by far; the stall ends before the fresh worker sends the others.
    kit.fake.holdNextTweet(STALL_MS); // the network has one post but has not answered
    kit.fake.stallTweets(STALL_MS); // and has not taken the others yet
    const ids = await duePosts('Killed', 3);
    await until(async () => sent('Killed').length >= 1, 60_000);
    await new Promise((r) => setTimeout(r, 1000)); // the other two reach the network and wait there
    expect(sent('Killed')).toHaveLength(1);
    first.child.kill('SIGKILL');
    await first.kill('SIGKILL');
    // A fresh process finds what the dead one held "publishing" (after the job's expiry, or by
    // the minute sweep), looks for it on the network: the post that went out is recorded, the
    // others are sent now. Its window for "the run has died" is SOCIAL_PUBLISH_STALE_MS: shorter
    // than the default two minutes (so the test does not wait them out), longer than any of its
    // own runs here, which each take well under a second once the stall is over.
    await worker({ SOCIAL_PUBLISH_STALE_MS: String(STALE_MS) });
    await until(async () => (await statuses(ids)).every((p) => p.status === 'published'), 300_000);
    await new Promise((r) => setTimeout(r, 2000)); // a duplicate would land by now
    expect((await statuses(ids)).filter((p) => p.status !== 'published')).toEqual([]);
    expect(sent('Killed').sort()).toEqual(ids.map((_, i) => `Killed ${i}`).sort());
  }, 420_000);
});
