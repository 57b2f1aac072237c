import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { startFakePushService, type FakePushService } from '#tests/fakes/push-service.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import { deliver, pushDeps, vapidKeys, type PushDeps } from './push.service.ts';

const t = useTestApp();
let pushService: FakePushService;
let deps: PushDeps;
beforeAll(async () => {
  pushService = await startFakePushService();
  // The stand-in listens on 127.0.0.1, which the SSRF guard lets through only when allowed.
  deps = { ...pushDeps(t.app.deps), outbound: createOutbound({ allow: ['127.0.0.1'] }) };
});
afterAll(() => pushService.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function subscribedOwner() {
  const owner = await signUp(t.app);
  const sub = pushService.subscribe();
  const res = await call('POST', '/api/push/subscriptions', owner.cookie, { ...sub, device: 'Chrome on Android' });
  expect(res.statusCode, res.body).toBe(201);
  return {
    owner,
    sub,
    tenantId: await tenantIdOf(t.app.deps.database.db, owner.userId),
    device: res.json() as { id: string },
  };
}

describe('web push', () => {
  it('encrypts a new-lead push for the stand-in, which decrypts it with the subscription keys and a VAPID signature that verifies', async () => {
    const { tenantId } = await subscribedOwner();
    const before = pushService.received.length;
    const message = { title: 'New lead: Maria Lopez', body: 'No heat · Austin, TX', url: '/leads?lead=1' };
    expect(await deliver(deps, { tenantId, kind: 'new_lead', message })).toEqual({ sent: 1, removed: 0, failed: 0 });
    const got = await pushService.next(before);
    expect(got.payload).toEqual(message);
    expect(got.vapidKey).toBe(vapidKeys(deps).publicKey);
    expect(got.urgency).toBe('high');
  });

  it('a member who turns a kind off gets none of it, and the others still come; choices are per member and business', async () => {
    const { owner, tenantId } = await subscribedOwner();
    const saved = await call('PUT', '/api/push/choices', owner.cookie, { choices: { low_review: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().choices).toMatchObject({ low_review: false, new_lead: true });
    const message = { title: 'Review: 2 stars', body: 'Slow service', url: '/reviews' };
    expect(await deliver(deps, { tenantId, kind: 'low_review', message })).toMatchObject({ sent: 0 });
    expect(await deliver(deps, { tenantId, kind: 'post_failed', message })).toMatchObject({ sent: 1 });
    // Another business's member is untouched by this one's choices and sees only their own devices.
    const other = await signUp(t.app);
    const theirs = (await call('GET', '/api/push', other.cookie)).json();
    expect(theirs.devices).toEqual([]);
    expect(theirs.choices.low_review).toBe(true);
  });

  it('a 410 from the push service removes the subscription; a device of another business is a 404', async () => {
    const { owner, sub, tenantId, device } = await subscribedOwner();
    pushService.answer(sub.endpoint, 410);
    const message = { title: 'x', body: 'y', url: '/leads' };
    expect(await deliver(deps, { tenantId, kind: 'new_lead', message })).toEqual({ sent: 0, removed: 1, failed: 0 });
    expect((await call('GET', '/api/push', owner.cookie)).json().devices).toEqual([]);

    const second = await subscribedOwner();
    const stranger = await call('DELETE', `/api/push/subscriptions/${second.device.id}`, owner.cookie);
    expect(stranger.statusCode).toBe(404);
    expect((await call('GET', '/api/push', second.owner.cookie)).json().devices).toHaveLength(1);
    expect(device.id).not.toBe(second.device.id);
  });

  it('refuses a subscription that is not a web address, with a readable message', async () => {
    const owner = await signUp(t.app);
    const res = await call('POST', '/api/push/subscriptions', owner.cookie, {
      endpoint: 'javascript:alert(1)',
      keys: { p256dh: 'abc', auth: 'def' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/push endpoint/);
  });
});
