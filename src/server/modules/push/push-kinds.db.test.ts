import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '#shared/push.ts';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import { connectionsDeps, recordProblem } from '#server/modules/connections/connections.service.ts';
import { findConnection, upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { reviewsDeps } from '#server/modules/reviews/reviews.deps.ts';
import { syncTenantReviews } from '#server/modules/reviews/reviews-sync.service.ts';
import { pushDueTasks, tasksDeps } from '#server/modules/tasks/tasks.service.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import { startFakePushService, type FakePushService } from '#tests/fakes/push-service.ts';
import { makeBusinessReviews, startFakeBusiness } from '#tests/fakes/google-business-server.ts';
import { connectAll, inject, runJobs, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { deliver, pushDeps, PUSH_JOB, type PushJob } from './push.service.ts';

// The pushes beyond new leads and messages (issue 37), each from the place its event happens,
// queued (never sent in the request), then sent by the push job to the stand-in push service,
// which decrypts what it got. Each member's choices are respected.

const TOKEN = 'ya29.fake-access-token';
const googleReviews = makeBusinessReviews(6);
let business: Awaited<ReturnType<typeof startFakeBusiness>>;
let pushService: FakePushService;
let kit: SocialKit;
beforeAll(async () => {
  business = await startFakeBusiness(googleReviews, TOKEN);
  pushService = await startFakePushService();
  kit = await startSocialKit({ GOOGLE_BUSINESS_REVIEWS_BASE_URL: business.url });
});
afterAll(async () => {
  await kit?.close();
  await Promise.all([business?.close(), pushService?.close()]);
});

/** A business whose owner has this phone subscribed. */
async function subscribedBusiness() {
  const owner = await signUp(kit.app);
  const res = await inject(kit, 'POST', '/api/push/subscriptions', owner.cookie, {
    ...pushService.subscribe(),
    device: 'Chrome on Android',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, tenantId: await tenantOf(kit, owner.userId) };
}

/** Sends the pushes queued since `from` as the push job would; answers what the phone decrypted. */
async function phoneGets(from: number): Promise<PushMessage[]> {
  const deps = { ...pushDeps(kit.app.deps), outbound: createOutbound({ allow: ['127.0.0.1'] }) };
  const before = pushService.received.length;
  for (const job of kit.enqueued.slice(from).filter((j) => j.name === PUSH_JOB))
    await deliver(deps, job.data as unknown as PushJob);
  return pushService.received.slice(before).map((r) => r.payload as PushMessage);
}

describe('pushes for reviews, posts, connections and tasks', () => {
  it('a low review new at a sync is pushed, opening /reviews; the first import and good reviews are not', async () => {
    const { tenantId } = await subscribedBusiness();
    await upsertConnection(kit.database.db, tenantId, 'google', {
      source: 'oauth',
      status: 'healthy',
      accessToken: kit.app.deps.secretBox.seal(TOKEN, `connection:${tenantId}:google:access`),
      externalAccountId: 'accounts/111/locations/222',
      accountName: 'Rosa Plumbing — Downtown',
      scopes: ['https://www.googleapis.com/auth/business.manage'],
    });
    const deps = reviewsDeps(kit.app.deps);
    let from = kit.enqueued.length;
    expect((await syncTenantReviews(deps, tenantId))?.imported).toBe(6);
    expect(await phoneGets(from)).toEqual([]); // the history, with its 1- and 2-star reviews

    const now = new Date().toISOString();
    const review = (id: string, name: string, starRating: string, comment: string) => ({
      reviewId: id,
      reviewer: { displayName: name, isAnonymous: false },
      starRating,
      comment,
      createTime: now,
      updateTime: now,
    });
    googleReviews.unshift(review('AbFvNEW1', 'Dana Park', 'TWO', 'Nobody came on Tuesday.'));
    googleReviews.unshift(review('AbFvNEW2', 'Lee Chan', 'FIVE', 'Spotless work.'));
    from = kit.enqueued.length;
    expect((await syncTenantReviews(deps, tenantId))?.imported).toBe(2);
    expect(await phoneGets(from)).toEqual([
      { title: 'New 2-star review from Dana Park', body: 'Nobody came on Tuesday.', url: '/reviews' },
    ]);
  });

  it('a post that finally fails is pushed, opening it on /social; a member who turned it off gets nothing', async () => {
    const { owner, tenantId } = await subscribedBusiness();
    await connectAll(kit, tenantId, ['x']);
    kit.fake.failNext('x', 'rejected');
    const from = kit.enqueued.length;
    const created = await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
      content: 'Spring tune-ups are open',
      targets: [{ platform: 'twitter', content: 'Spring tune-ups are open' }],
      now: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await runJobs(kit, from)).toEqual(['failed']);
    const [got] = await phoneGets(from);
    expect(got?.title).toBe('A post to Twitter/X failed');
    expect(got?.body).toMatch(/^X refused this post/);
    const [post] = (JSON.parse(created.body) as { posts: { id: string }[] }).posts;
    expect(got?.url).toBe(`/social?post=${post!.id}`); // the Posts list, scrolled to this post

    const off = await kit.app.inject({
      method: 'PUT',
      url: '/api/push/choices',
      headers: { cookie: owner.cookie },
      payload: { choices: { post_failed: false } },
    });
    expect(off.statusCode).toBe(200);
    kit.fake.failNext('x', 'rejected');
    const again = kit.enqueued.length;
    await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
      content: 'Another',
      targets: [{ platform: 'twitter', content: 'Another' }],
      now: true,
    });
    expect(await runJobs(kit, again)).toEqual(['failed']);
    expect(await phoneGets(again)).toEqual([]);
  });

  it('a connection that needs reconnecting is pushed once per problem, opening Settings → Connections', async () => {
    const { tenantId } = await subscribedBusiness();
    await connectAll(kit, tenantId, ['linkedin']);
    const deps = connectionsDeps(kit.app.deps, kit.app.log);
    const from = kit.enqueued.length;
    for (let i = 0; i < 2; i++) {
      const row = await findConnection(kit.database.db, tenantId, 'linkedin');
      await recordProblem(deps, row!, new ConnectionProblem('linkedin', 'revoked', 'token revoked'));
    }
    const got = await phoneGets(from);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ title: 'LinkedIn needs attention', url: '/settings?tab=connections' });
  });

  it('a task whose due time comes is pushed once, opening its lead; a task moved later is told again', async () => {
    const { owner } = await subscribedBusiness();
    const lead = await inject(kit, 'POST', '/api/leads', owner.cookie, {
      name: 'Maria Lopez',
      service: 'No heat',
      location: 'Austin, TX',
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const leadId = lead.json<{ id: string }>().id;
    const dueAt = new Date(Date.now() + 60_000).toISOString();
    const task = await inject(kit, 'POST', '/api/tasks', owner.cookie, { title: 'Call Maria back', dueAt, leadId });
    expect(task.statusCode, task.body).toBe(201);
    const deps = { ...tasksDeps(kit.app.deps), jobs: kit.app.deps.jobs };

    let from = kit.enqueued.length;
    await pushDueTasks(deps, new Date());
    expect(await phoneGets(from)).toEqual([]); // not due yet
    const due = new Date(Date.now() + 120_000);
    await pushDueTasks(deps, due);
    await pushDueTasks(deps, due);
    expect(await phoneGets(from)).toEqual([
      { title: 'Task due: Call Maria back', body: 'For Maria Lopez.', url: `/leads?lead=${leadId}` },
    ]);

    from = kit.enqueued.length;
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const id = task.json<{ id: string }>().id;
    expect((await inject(kit, 'PATCH', `/api/tasks/${id}`, owner.cookie, { dueAt: later })).statusCode).toBe(200);
    await pushDueTasks(deps, new Date(Date.now() + 3_700_000));
    expect(await phoneGets(from)).toHaveLength(1);
  });
});
