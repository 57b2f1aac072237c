import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { TReport } from '#shared/schemas/analytics.ts';
import { emailLogs } from '#server/db/schema/index.ts';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { FAKE_GA4_PROPERTY, startFakeGa4 } from '#tests/fakes/ga4-server.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { analyticsDeps } from './analytics.deps.ts';
import { clearGa4Cache } from './analytics.ga4.ts';
import { sendWeeklyReports } from './weekly-report.ts';

// Analytics and reports through the API against a local GA4 Data API fake: the figures are the
// fake's per-day numbers for the business's own period, split by real weeks and sources.
const TOKEN = 'ya29.analytics-token';
const ga4 = await startFakeGa4({ token: TOKEN });
afterAll(() => ga4.close());
const t = useTestApp({ config: { GA4_BASE_URL: ga4.url } });
beforeEach(() => clearGa4Cache());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function connectGoogle(owner: SignedUp, timezone = 'America/New_York') {
  const tenantId = await tenantIdOf(t.database.db, owner.userId);
  await upsertConnection(t.database.db, tenantId, 'google', {
    source: 'oauth',
    status: 'healthy',
    accessToken: t.app.deps.secretBox.seal(TOKEN, `connection:${tenantId}:google:access`),
    externalAccountId: 'accounts/111/locations/222',
    accountName: 'Rosa Plumbing — Downtown',
    scopes: ['https://www.googleapis.com/auth/analytics.readonly'],
  });
  const put = (section: string, body: unknown) => call('PUT', `/api/settings/${section}`, owner.cookie, body);
  const saved = await put('analytics', {
    measurementId: 'G-ABCDE12345',
    propertyId: FAKE_GA4_PROPERTY,
    apiSecret: '',
    searchConsoleSiteUrl: '',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await put('business', { timezone })).statusCode).toBe(200);
  return tenantId;
}

const daysBetween = (from: string, to: string) => ga4.days.filter((d) => d.date >= from && d.date <= to);
const sum = (days: { sessions: number }[]) => days.reduce((a, d) => a + d.sessions, 0);

describe('the Analytics page', () => {
  it('says what to connect, then answers GA4 figures for the period', async () => {
    const owner = await signUp(t.app, { businessName: 'Rosa Plumbing' });
    const status = (await call('GET', '/api/analytics/status', owner.cookie)).json();
    expect(status).toMatchObject({ state: 'not_connected', settingsPath: '/settings?tab=connections' });
    const refused = await call('GET', '/api/analytics/metrics?period=30d', owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Connect Google/);
    expect((await call('POST', '/api/analytics/generate-report', owner.cookie, { period: '7d' })).statusCode).toBe(409);

    await connectGoogle(owner);
    expect((await call('GET', '/api/analytics/status', owner.cookie)).json().state).toBe('live');
    const metrics = (await call('GET', '/api/analytics/metrics?period=7d', owner.cookie)).json();
    const request = ga4.requests.at(-1)!.body as { dateRanges: { startDate: string; endDate: string }[] };
    const { startDate, endDate } = request.dateRanges[0]!;
    const week = daysBetween(startDate, endDate);
    expect(week).toHaveLength(7);
    expect(metrics).toEqual({
      users: week.reduce((a, d) => a + d.users, 0),
      pageviews: week.reduce((a, d) => a + d.pageViews, 0),
      sessions: sum(week),
      avg_session_duration: 155,
      bounce_rate: 42.4,
    });

    const traffic = (await call('GET', '/api/analytics/traffic?period=30days', owner.cookie)).json();
    expect(traffic.days.map((d: { day: string }) => d.day)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const total = traffic.days.reduce((a: number, d: { visitors: number }) => a + d.visitors, 0);
    const last = ga4.requests.at(-1)!.body as { dateRanges: { startDate: string; endDate: string }[] };
    expect(total).toBe(sum(daysBetween(last.dateRanges[0]!.startDate, last.dateRanges[0]!.endDate)));

    const sources = (await call('GET', '/api/analytics/traffic-sources', owner.cookie)).json();
    expect(sources[0]).toEqual({ source: 'google', medium: 'organic', percentage: 50 });
    expect(sources[1]).toEqual({ source: '(direct)', medium: '(none)', percentage: 25 });
    // A second look within minutes is served from the cache, not asked again.
    const asked = ga4.requests.length;
    await call('GET', '/api/analytics/traffic-sources', owner.cookie);
    expect(ga4.requests.length).toBe(asked);
    expect((await call('GET', '/api/analytics/metrics?period=1y', owner.cookie)).statusCode).toBe(400);
  });
});

describe('reports', () => {
  it('splits the traffic by the real weeks, keeps sources and conversions, exports CSV, and is 404 to others', async () => {
    const owner = await signUp(t.app, { businessName: 'Rosa Plumbing' });
    await connectGoogle(owner);
    const lead = await call('POST', '/api/leads', owner.cookie, { name: 'Ann', service: 'Boiler', location: 'Leeds' });
    expect(
      (await call('PATCH', `/api/leads/${lead.json().id}`, owner.cookie, { status: 'converted' })).statusCode,
    ).toBe(200);

    const made = await call('POST', '/api/analytics/generate-report', owner.cookie, { period: '30d' });
    expect(made.statusCode, made.body).toBe(201);
    const report: TReport = made.json();
    const d = report.details!;
    const days = daysBetween(d.startDate, d.endDate);
    expect(days).toHaveLength(30);
    expect(report.traffic).toBe(sum(days));
    // Monday-to-Sunday weeks; together they are the whole period.
    for (const w of d.weeks) {
      expect(w.visitors).toBe(sum(daysBetween(w.startDate, w.endDate)));
      if (w !== d.weeks[0]) expect(new Date(`${w.startDate}T00:00:00Z`).getUTCDay()).toBe(1);
    }
    expect(d.weeks.reduce((a, w) => a + w.visitors, 0)).toBe(report.traffic);
    expect(d.weeks.length).toBeGreaterThanOrEqual(5);
    expect(report.trafficSources).toEqual([
      'google (50%)',
      '(direct) (25%)',
      'facebook.com (12%)',
      'bing (8%)',
      'yelp.com (3%)',
    ]);
    const keyEvents = days.reduce((a, x) => a + x.keyEvents, 0);
    expect(d).toMatchObject({ leadConversions: 1, keyEvents, keywordSource: 'none' });
    expect(report.conversions).toBe(1 + keyEvents);
    expect(report.conversionRate).toBe(Math.round(((1 + keyEvents) / report.traffic) * 1000) / 10);

    const list = (await call('GET', '/api/analytics/reports', owner.cookie)).json();
    expect(list.map((r: TReport) => r.id)).toEqual([report.id]);
    const csv = await call('GET', `/api/analytics/reports/${report.id}/csv`, owner.cookie);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(`Traffic (sessions),${report.traffic}\r\n`);
    expect(csv.body).toContain(`Source,Medium,Sessions,Share (%)\r\ngoogle,organic,`);
    expect(csv.body).toContain(
      `${d.weeks[1]!.label},${d.weeks[1]!.startDate},${d.weeks[1]!.endDate},${d.weeks[1]!.visitors}`,
    );

    const stranger = await signUp(t.app);
    for (const path of ['', '/csv', '/pdf']) {
      const res = await call('GET', `/api/analytics/reports/${report.id}${path}`, stranger.cookie);
      expect(res.statusCode).toBe(404);
    }
    expect((await call('GET', '/api/analytics/reports', stranger.cookie)).json()).toEqual([]);
    expect((await call('GET', '/api/analytics/reports/not-a-uuid', owner.cookie)).statusCode).toBe(404);
  });
});

describe('the Monday report mail', () => {
  const mails = (to: string) =>
    t.database.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.recipientEmail, to), eq(emailLogs.emailType, 'weekly_report')));
  const runAt = (iso: string) => sendWeeklyReports({ ...analyticsDeps(t.app.deps), now: () => new Date(iso) });

  it('goes once per week on Monday morning in each business’s zone, and not after opting out', async () => {
    const ny = await signUp(t.app, { businessName: 'New York Heating' });
    const tokyo = await signUp(t.app, { businessName: 'Tokyo Plumbing' });
    await connectGoogle(ny, 'America/New_York');
    await connectGoogle(tokyo, 'Asia/Tokyo');

    await runAt('2026-11-22T20:00:00Z'); // Sun 15:00 New York, Mon 05:00 Tokyo: too early for both
    expect(await mails(ny.email)).toHaveLength(0);
    expect(await mails(tokyo.email)).toHaveLength(0);
    await runAt('2026-11-22T23:00:00Z'); // Mon 08:00 Tokyo
    expect(await mails(tokyo.email)).toHaveLength(1);
    expect(await mails(ny.email)).toHaveLength(0);
    await runAt('2026-11-23T13:00:00Z'); // Mon 08:00 New York; Tokyo already had this week's
    await runAt('2026-11-23T14:00:00Z');
    expect(await mails(ny.email)).toHaveLength(1);
    expect(await mails(tokyo.email)).toHaveLength(1);
    const [mail] = await mails(ny.email);
    expect(mail!.subject).toBe('New York Heating: your website last week');

    const off = await call('PUT', '/api/analytics/preferences', ny.cookie, { weeklyEmail: false });
    expect(off.json()).toEqual({ weeklyEmail: false });
    expect((await call('GET', '/api/analytics/preferences', ny.cookie)).json()).toEqual({ weeklyEmail: false });
    await runAt('2026-11-30T13:00:00Z'); // the next Monday
    expect(await mails(ny.email)).toHaveLength(1);
    expect(await mails(tokyo.email)).toHaveLength(2);
  });
});
