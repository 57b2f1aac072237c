import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberOf, signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { createBoss } from '#server/jobs/boss.ts';
import { createJobs, defineJob, startWorker, type Jobs } from '#server/jobs/jobs.ts';

let database: TestDatabase;
let app: App;
let jobs: Jobs;
const failing = defineJob({
  name: 'test-sync',
  schema: z.object({ tenantId: z.string(), fail: z.boolean() }),
  retryLimit: 0,
  handler: async ({ fail }) => {
    if (fail) throw new Error('Google said the token was revoked');
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = createJobs(() => createBoss(database, { supervise: false }), [failing]);
  app = await buildApp({ config: testConfig(), database, logger: false, jobs });
  await startWorker(jobs, [failing], { log: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await app.close();
  await jobs.stop();
  await database.destroy();
});

const get = (cookie: string, url = '/api/system/jobs') => app.inject({ method: 'GET', url, headers: { cookie } });
const retry = (cookie: string, id: string) =>
  app.inject({ method: 'POST', url: `/api/system/jobs/${id}/retry`, headers: { cookie } });

async function settled(cookie: string, count: number) {
  for (let i = 0; i < 200; i++) {
    const body = (await get(cookie)).json<{ jobs: { id: string; state: string }[] }>();
    if (body.jobs.filter((j) => j.state === 'completed' || j.state === 'failed').length >= count) return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('jobs did not settle');
}

describe('Settings → System: the Jobs view', () => {
  it("an admin sees the business's jobs with the failed one's error, counts per queue, and can retry it", async () => {
    const owner = await signUp(app);
    const tenantId = await tenantIdOf(database.db, owner.userId);
    await jobs.enqueue('test-sync', { tenantId, fail: false });
    const failedId = await jobs.enqueue('test-sync', { tenantId, fail: true });
    const body = await settled(owner.cookie, 2);
    expect(body).toMatchObject({ queues: [{ queue: 'test-sync', completed: 1, failed: 1, queued: 0, running: 0 }] });
    expect(body.jobs).toContainEqual(
      expect.objectContaining({
        id: failedId,
        state: 'failed',
        error: 'Google said the token was revoked',
        attempts: 1,
      }),
    );
    const failedOnly = (await get(owner.cookie, '/api/system/jobs?state=failed')).json();
    expect(failedOnly.jobs.map((j: { id: string }) => j.id)).toEqual([failedId]);

    const again = await retry(owner.cookie, failedId!);
    expect(again.statusCode, again.body).toBe(200);
    await settled(owner.cookie, 2);
    const completedRetry = await retry(owner.cookie, body.jobs.find((j) => j.state === 'completed')!.id);
    expect(completedRetry.statusCode).toBe(409);
  });

  it("another business sees none of them and can't retry them; managers and users are refused", async () => {
    const a = await signUp(app);
    const tenantId = await tenantIdOf(database.db, a.userId);
    const id = await jobs.enqueue('test-sync', { tenantId, fail: true });
    await settled(a.cookie, 1);
    const b = await signUp(app);
    expect((await get(b.cookie)).json()).toEqual({ queues: [], jobs: [] });
    expect((await retry(b.cookie, id!)).statusCode).toBe(404);
    expect((await retry(b.cookie, 'not-a-job')).statusCode).toBe(404);
    for (const role of ['user', 'manager'] as const) {
      const member = await memberOf(app, database.db, a, role);
      expect((await get(member.cookie)).statusCode).toBe(403);
      expect((await retry(member.cookie, id!)).statusCode).toBe(403);
    }
  });
});
