import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss } from '#server/jobs/boss.ts';
import { createJobs, defineJob, startWorker, type Jobs } from '#server/jobs/jobs.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { connectAll, inject, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';
import { PUBLISH_JOB } from './social.service.ts';
import { ZPublishJob, publishTarget } from './social-publish.service.ts';

// Two app processes (two pg-boss workers on one database) take the same due targets, each
// delivered twice: every target reaches the network exactly once.

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
    handler: async (data) => void (await publishTarget(kit.deps, data)),
  });
  const jobs = createJobs(() => createBoss(kit.database, { supervise: false }), [definition]);
  processes.push(jobs);
  await startWorker(jobs, [definition], { log, pollingIntervalSeconds: 0.5 });
  return jobs;
}

describe('publishing across two processes', () => {
  it('publishes each of 40 due targets exactly once, due to published within seconds', async () => {
    const owner = await signUp(kit.app);
    await connectAll(kit, await tenantOf(kit, owner.userId));
    const [a, b] = [await appProcess(), await appProcess()];
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
  });
});
