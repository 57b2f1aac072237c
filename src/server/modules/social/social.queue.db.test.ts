import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialPosts } from '#server/db/schema/index.ts';
import { createBoss } from '#server/jobs/boss.ts';
import { createJobs, defineJob, startWorker, type Jobs } from '#server/jobs/jobs.ts';
import { syncPastedConnection } from '#server/modules/connections/connections.service.ts';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { instagramIdOf } from '#tests/fakes/social-server.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { connectAll, inject, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';
import { PUBLISH_JOB } from './social.service.ts';
import { ZPublishJob, publishTarget } from './social-publish.service.ts';

// Two app processes (two pg-boss workers on one database) take the same due targets, each
// delivered twice: every target reaches the network exactly once, and no more of one business's
// posts than the network's published limit allows (the fake refuses any over it).

const log = pino({ level: 'silent' });
let kit: SocialKit;
const processes: Jobs[] = [];

beforeAll(async () => {
  kit = await startSocialKit();
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await kit?.close();
});

async function appProcess(): Promise<Jobs> {
  const definition = defineJob({
    name: PUBLISH_JOB,
    schema: ZPublishJob,
    retryLimit: 1,
    // The fake answers at once, but it shares this thread with two queues and the embedded
    // database: on a busy machine an answer can take longer than a network's usual 10 s timeout.
    handler: async (data) =>
      void (await publishTarget({ ...kit.deps, http: { ...kit.deps.http, timeoutMs: 60_000 } }, data)),
  });
  const jobs = createJobs(() => createBoss(kit.database, { supervise: false }), [definition]);
  processes.push(jobs);
  await startWorker(jobs, [definition], { log, pollingIntervalSeconds: 0.5 });
  return jobs;
}

/** Two app processes: the ones already running, or two new ones. */
async function twoProcesses(): Promise<[Jobs, Jobs]> {
  while (processes.length < 2) await appProcess();
  return [processes[0]!, processes[1]!];
}

describe('publishing across two processes', () => {
  it('publishes each of 40 due targets exactly once, due to published within seconds', async () => {
    const owner = await signUp(kit.app);
    await connectAll(kit, await tenantOf(kit, owner.userId));
    const [a, b] = await twoProcesses();
    const n = 20;
    for (let i = 0; i < n; i++) {
      const res = await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
        content: `Post ${i}`,
        targets: [
          { platform: 'facebook', content: `Post ${i}` },
          { platform: 'twitter', content: `Post ${i}` },
        ],
        now: true,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const due = Date.now();
    // Every recorded job goes to both processes' queue: once by its key, once more without one
    // (a duplicate delivery), so the claim is what keeps it to one post.
    for (const job of kit.enqueued) {
      await a.enqueue(job.name, job.data, { key: job.key! });
      await b.enqueue(job.name, job.data, { key: job.key! });
      await b.enqueue(job.name, job.data);
    }
    const deadline = Date.now() + 60_000;
    while (kit.fake.received.length < 2 * n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const took = Date.now() - due;
    await new Promise((r) => setTimeout(r, 1500)); // any duplicate would land by now
    const texts = kit.fake.received.map((r) => `${r.network}:${r.text}`);
    expect(texts).toHaveLength(2 * n);
    expect(new Set(texts).size).toBe(2 * n);
    const list = await inject(kit, 'GET', '/api/social/posts', owner.cookie);
    expect(list.json<{ posts: { status: string }[] }>().posts.every((p) => p.status === 'published')).toBe(true);
    console.info(`social queue: ${2 * n} targets published once each in ${took} ms`);
  }, 60_000);

  it("keeps one business's burst within X's and Instagram's posting limits: the rest wait for a free slot", async () => {
    const owner = await signUp(kit.app);
    const tenantId = await tenantOf(kit, owner.userId);
    // Accounts of its own (the networks count per account): nothing another test sent counts here.
    const { db } = kit.database;
    const box = kit.app.deps.secretBox;
    await syncPastedConnection(db, box, tenantId, 'meta', { token: 'page-token-limits', accountId: '1002' });
    await upsertConnection(db, tenantId, 'x', {
      source: 'oauth',
      status: 'healthy',
      accessToken: box.seal('x-token-limits', `connection:${tenantId}:x:access`),
      externalAccountId: '1445880548472328193',
      accountName: '@bluedoorlimits',
      scopes: [],
    });
    const ig = instagramIdOf('1002');
    const sentTweets = () => kit.fake.received.filter((r) => r.token === 'x-token-limits' && r.path === '/2/tweets');
    const sentToInstagram = () => kit.fake.instagramMedia.filter((m) => m.igUser === ig);
    const [a, b] = await twoProcesses();
    const from = kit.enqueued.length;
    // 103 posts to X (100 per 15 minutes per user) and 52 to Instagram (50 per 24 hours), due now.
    const posts = [
      ...Array.from({ length: 103 }, (_, i) => ({ platform: 'twitter', content: `Limit X ${i}` })),
      ...Array.from({ length: 52 }, (_, i) => ({ platform: 'instagram', content: `Limit IG ${i}` })),
    ];
    for (const target of posts) {
      const res = await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
        content: target.content,
        targets: [target],
        ...(target.platform === 'instagram' ? { imageUrl: 'https://cdn.example.com/van.jpg' } : {}),
        now: true,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const job of kit.enqueued.slice(from)) {
      await a.enqueue(job.name, job.data, { key: job.key! });
      await b.enqueue(job.name, job.data);
    }
    const rows = () => kit.database.db.select().from(socialPosts).where(eq(socialPosts.tenantId, tenantId));
    const deadline = Date.now() + 90_000;
    for (;;) {
      const now = await rows();
      const settled = now.every((r) => r.status === 'published' || (r.status === 'scheduled' && r.errorMessage));
      if ((settled && now.filter((r) => r.status === 'published').length === 150) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1500)); // any post over the limit would land by now

    // The networks took exactly their limit, each post once, and never had to refuse one.
    expect(kit.fake.limitRefusals.filter((r) => r.account === 'x-token-limits' || r.account === ig)).toEqual([]);
    const tweets = sentTweets().map((r) => r.text);
    expect(tweets).toHaveLength(100);
    expect(new Set(tweets).size).toBe(100);
    const captions = sentToInstagram().map((m) => m.caption);
    expect(captions).toHaveLength(50);
    expect(new Set(captions).size).toBe(50);

    // The others wait, not failed: scheduled again for when the window has room, one after another.
    const all = await rows();
    const firstOut = (platform: string) =>
      Math.min(...all.filter((r) => r.platform === platform && r.publishedAt).map((r) => r.publishedAt!.getTime()));
    for (const [platform, waiting, windowMs, text] of [
      ['twitter', 3, 15 * 60_000, 'Twitter/X takes at most 100 posts per 15 minutes from one account'],
      ['instagram', 2, 24 * 3_600_000, 'Instagram takes at most 50 posts per 24 hours from one account'],
    ] as const) {
      const left = all.filter((r) => r.platform === platform && r.status !== 'published');
      expect(left.map((r) => [r.status, r.attempts])).toEqual(Array.from({ length: waiting }, () => ['scheduled', 0]));
      expect(left.every((r) => r.errorMessage?.startsWith(text))).toBe(true);
      const times = left.map((r) => r.scheduledFor!.getTime());
      expect(Math.min(...times)).toBeGreaterThanOrEqual(firstOut(platform) + windowMs);
      expect(new Set(times).size).toBe(waiting);
    }
    // Each has its job at its new time; run early (a duplicate delivery), it finds no room yet and
    // waits again: nothing more is sent.
    const waits = kit.enqueued.slice(from).filter((j) => j.key?.includes(':wait-'));
    for (const r of all.filter((row) => row.status === 'scheduled'))
      expect(waits.some((j) => j.data.postId === r.id && j.startAfter?.getTime() === r.scheduledFor!.getTime())).toBe(
        true,
      );
    for (const job of waits) expect(await publishTarget(kit.deps, job.data)).toBe('waiting');
    expect(sentTweets()).toHaveLength(100);
    expect(sentToInstagram()).toHaveLength(50);
  }, 180_000);
});
