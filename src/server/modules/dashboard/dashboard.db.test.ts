import { beforeAll, describe, expect, it } from 'vitest';
import type { TDashboard } from '#shared/schemas/dashboard.ts';
import { clientConfigurations } from '#server/db/schema/index.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { insertTenantRows, otherBusiness, sampleBusiness, tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { dashboardDeps, getDashboard } from './dashboard.service.ts';

const t = useTestApp();
let owner: SignedUp;

beforeAll(async () => {
  owner = await signUp(t.app);
  await insertTenantRows(t.database.db, await tenantIdOf(t.database.db, owner.userId), sampleBusiness());
  const other = await signUp(t.app);
  await insertTenantRows(t.database.db, await tenantIdOf(t.database.db, other.userId), otherBusiness());
});

async function dashboardOf(cookie: string): Promise<TDashboard> {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TDashboard>();
}

/** 'YYYY-MM' of a moment as seen in a time zone. */
const monthIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(date);
const previousMonth = (key: string) => {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

describe('GET /api/dashboard', () => {
  it('computes the four cards, activity and tasks from this business’s rows only', async () => {
    const d = await dashboardOf(owner.cookie);
    const created = (sampleBusiness().leads ?? []).map((l) => l.createdAt);
    const ny = 'America/New_York';
    const thisMonth = monthIn(new Date(), ny);
    expect(d.stats).toEqual({
      leadsThisMonth: created.filter((c) => monthIn(c, ny) === thisMonth).length,
      leadsLastMonth: created.filter((c) => monthIn(c, ny) === previousMonth(thisMonth)).length,
      averageRating: 3.5,
      reviewCount: 4,
      conversionRate: 14.3,
      socialEngagements: 21,
    });
    expect(d.recentActivity.map((a) => a.title)).toEqual(['New lead: Cleo Diaz', 'Lead converted: Finn Gray']);
    expect(d.upcomingTasks.map((task) => task.title)).toEqual(['Call back Ava Brooks', 'Order furnace filters']);
    expect(d.upcomingTasks[1]?.dueAt).toBeNull();
  });

  it('gives a new business zeros and empty values, never sample numbers', async () => {
    const fresh = await signUp(t.app);
    expect(await dashboardOf(fresh.cookie)).toEqual({
      stats: {
        leadsThisMonth: 0,
        leadsLastMonth: 0,
        averageRating: null,
        reviewCount: 0,
        conversionRate: null,
        socialEngagements: null,
      },
      recentActivity: [],
      upcomingTasks: [],
      timezone: 'America/New_York',
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});

describe('month boundaries in the business’s time zone', () => {
  const now = new Date('2025-03-15T12:00:00Z');
  let tenantId: string;

  beforeAll(async () => {
    tenantId = await tenantIdOf(t.database.db, (await signUp(t.app)).userId);
    await insertTenantRows(t.database.db, tenantId, {
      leads: [
        { name: 'Late Feb in New York', createdAt: new Date('2025-03-01T04:30:00Z') },
        { name: 'Early March in New York', createdAt: new Date('2025-03-01T05:30:00Z') },
        { name: 'Mid February', createdAt: new Date('2025-02-10T15:00:00Z') },
        { name: 'January', createdAt: new Date('2025-01-20T15:00:00Z') },
      ],
    });
  });

  it('uses America/New_York by default', async () => {
    const d = await getDashboard(dashboardDeps(t.app.deps), tenantId, now);
    expect([d.stats.leadsThisMonth, d.stats.leadsLastMonth]).toEqual([1, 2]);
  });

  it('follows the time zone in the business settings', async () => {
    await t.database.db.insert(clientConfigurations).values({ tenantId, timezone: 'Asia/Tokyo' });
    const d = await getDashboard(dashboardDeps(t.app.deps), tenantId, now);
    expect([d.stats.leadsThisMonth, d.stats.leadsLastMonth]).toEqual([2, 1]);
  });
});
