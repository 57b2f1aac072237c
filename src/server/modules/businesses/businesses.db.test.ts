import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberOf, signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import type { TBusiness, TBusinessList } from '#shared/schemas/businesses.ts';
import { memberships, tenants } from '#server/db/schema/index.ts';

const t = useTestApp();

type Method = 'GET' | 'POST';
const call = (cookie: string, method: Method, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const setPlan = (tenantId: string, plan: string) =>
  t.database.db.update(tenants).set({ plan, subscriptionStatus: 'active' }).where(eq(tenants.id, tenantId));

const list = async (cookie: string) => {
  const res = await call(cookie, 'GET', '/api/businesses');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TBusinessList>();
};

describe('businesses (agency mode)', () => {
  it('an Enterprise admin creates a business, lands in it, and switches back; each sees only its own leads', async () => {
    const owner = await signUp(t.app, { businessName: 'Summit Agency' });
    const agencyId = await tenantIdOf(t.database.db, owner.userId);
    await setPlan(agencyId, 'enterprise');
    expect(
      (
        await call(owner.cookie, 'POST', '/api/leads', {
          name: 'Agency Lead',
          service: 'Furnace repair',
          location: 'Denver',
        })
      ).statusCode,
    ).toBe(201);

    const created = await call(owner.cookie, 'POST', '/api/businesses', { name: '  Bright Plumbing  ' });
    expect(created.statusCode, created.body).toBe(201);
    const bright = created.json<TBusiness>();
    expect(bright).toMatchObject({ name: 'Bright Plumbing', slug: 'bright-plumbing', role: 'admin', current: true });
    expect(bright.totalLeads).toBe(0);

    // The session now works in the new business: its leads list is empty.
    const leads = await call(owner.cookie, 'GET', '/api/leads');
    expect(leads.json<{ leads: unknown[] }>().leads).toHaveLength(0);

    const both = await list(owner.cookie);
    expect(both.businesses.map((b) => [b.name, b.current, b.totalLeads])).toEqual([
      ['Bright Plumbing', true, 0],
      ['Summit Agency', false, 1],
    ]);
    // The new business is on its own (free) plan, so more are added from the agency's.
    expect(both.canCreate).toBe(false);
    expect(both.createBlockedReason).toBe(
      'Switch to Summit Agency, whose Enterprise plan includes several businesses, to add one.',
    );

    const back = await call(owner.cookie, 'POST', `/api/businesses/${agencyId}/switch`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<TBusiness>()).toMatchObject({ name: 'Summit Agency', current: true, totalLeads: 1 });
    const agencyLeads = await call(owner.cookie, 'GET', '/api/leads');
    expect(agencyLeads.json<{ leads: { name: string }[] }>().leads.map((l) => l.name)).toEqual(['Agency Lead']);
  });

  it('refuses to create a business without agency mode, and a non-admin from any plan', async () => {
    const owner = await signUp(t.app, { businessName: 'Solo Electric' });
    const refused = await call(owner.cookie, 'POST', '/api/businesses', { name: 'Second Shop' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json<{ message: string }>().message).toMatch(/Enterprise plan/);

    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    await setPlan(tenantId, 'enterprise');
    const manager = await memberOf(t.app, t.database.db, owner, 'manager');
    const byManager = await call(manager.cookie, 'POST', '/api/businesses', { name: 'Side Shop' });
    expect(byManager.statusCode).toBe(403);

    const blank = await call(owner.cookie, 'POST', '/api/businesses', { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toMatch(/Business name/);
    const count = await t.database.db.select().from(memberships).where(eq(memberships.userId, owner.userId));
    expect(count).toHaveLength(1);
  });

  it('a business one is not an active member of is a 404, and a removed membership cannot be switched into', async () => {
    const a = await signUp(t.app, { businessName: 'Alpha Roofing' });
    const b = await signUp(t.app, { businessName: 'Beta Roofing' });
    const alphaId = await tenantIdOf(t.database.db, a.userId);
    const betaId = await tenantIdOf(t.database.db, b.userId);

    for (const id of [alphaId, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(b.cookie, 'POST', `/api/businesses/${id}/switch`);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Business was not found.');
    }

    // B is invited into Alpha, can switch, then is removed: the switch is refused again.
    await t.database.db.insert(memberships).values({ userId: b.userId, tenantId: alphaId, role: 'user' });
    expect((await list(b.cookie)).businesses.map((x) => x.name)).toEqual(['Beta Roofing', 'Alpha Roofing']);
    expect((await call(b.cookie, 'POST', `/api/businesses/${alphaId}/switch`)).statusCode).toBe(200);
    expect((await call(b.cookie, 'POST', `/api/businesses/${betaId}/switch`)).statusCode).toBe(200);
    await t.database.db
      .update(memberships)
      .set({ status: 'removed' })
      .where(and(eq(memberships.userId, b.userId), eq(memberships.tenantId, alphaId)));
    expect((await call(b.cookie, 'POST', `/api/businesses/${alphaId}/switch`)).statusCode).toBe(404);
    expect((await list(b.cookie)).businesses.map((x) => x.name)).toEqual(['Beta Roofing']);
  });
});
