import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { TBreakdown, TReport } from '#shared/schemas/analytics.ts';
import { analyticsEvents, emailLogs, reviews } from '#server/db/schema/index.ts';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { rebuildSnapshot, upsertDays } from '#server/modules/keywords/keywords-sync.repo.ts';
import { FAKE_GA4_PROPERTY, startFakeGa4 } from '#tests/fakes/ga4-server.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { insertTenantRows, otherBusiness, sampleBusiness, tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { analyticsDeps } from './analytics.deps.ts';
import { clearGa4Cache } from './analytics-ga4.ts';
import { sendWeeklyReports } from './weekly-report.ts';
import { insertInsights } from '#server/modules/coach/coach.repo.ts';

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
/** The days of the range the last GA4 request asked for. */
const lastRequestDays = () => {
  const { startDate, endDate } = (ga4.requests.at(-1)!.body as { dateRanges: { startDate: string; endDate: string }[] })
    .dateRanges[0]!;
  return daysBetween(startDate, endDate);
};

/** The five most-clicked of six synced Search Console queries, in order. */
const SC_QUERIES = ['emergency plumber', 'drain cleaning', 'water heater repair', 'leak detection', 'boiler service'];
async function syncSearchConsole(tenantId: string) {
  const queries = [...SC_QUERIES, 'tap washer'];
  await upsertDays(
    t.database.db,
    tenantId,
    queries.map((query, i) => ({ day: '2026-11-20', query, clicks: 60 - i * 10, impressions: 1000, position: 2 + i })),
  );
  await rebuildSnapshot(t.database.db, tenantId, '2026-10-24', '2026-11-20', '2026-09-26');
}

describe('the Analytics page', () => {
  it('says what to connect, then answers GA4 figures for the period', async () => {
    const owner = await signUp(t.app, { businessName: 'Rosa Plumbing' });
    const status = (await call('GET', '/api/analytics/status', owner.cookie)).json();
    expect(status).toMatchObject({ state: 'not_connected', settingsPath: '/settings?tab=connections' });
    const refused = await call('GET', '/api/analytics/metrics?period=30d', owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Connect Google/);
    // Without Google a report still comes, from the business's own figures; no traffic is invented.
    const lead = { name: 'Ann Lee', service: 'Boiler repair', location: 'Dayton, OH', source: 'google_business' };
    expect((await call('POST', '/api/leads', owner.cookie, { ...lead, status: 'converted' })).statusCode).toBe(201);
    const own = await call('POST', '/api/analytics/generate-report', owner.cookie, { period: '7d' });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({
      traffic: 0,
      trafficSources: [],
      topPages: [],
      details: { google: false, users: 0, weeks: [], sources: [], keywordSource: 'none' },
    });
    expect(own.json().details.own).toMatchObject({ leads: 1, converted: 1, reviews: 0, postsPublished: 0 });
    expect(own.json().details.own.revenueBySource).toEqual([
      expect.objectContaining({ label: expect.stringMatching(/google/i), leads: 1, converted: 1 }),
    ]);

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
    await syncSearchConsole(await connectGoogle(owner));
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
    expect(d).toMatchObject({ leadConversions: 1, keyEvents, keywordSource: 'search_console' });
    // The top 5 synced queries by clicks, with their figures.
    expect(report.topKeywords).toEqual(SC_QUERIES);
    expect(d.keywords[0]).toEqual({ query: 'emergency plumber', clicks: 60, position: 2 });
    expect(d.keywords[4]).toEqual({ query: 'boiler service', clicks: 20, position: 6 });
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
    expect(csv.body).toContain('Rank,Keyword,Clicks,Position\r\n1,emergency plumber,60,2\r\n');

    const stranger = await signUp(t.app);
    for (const path of ['', '/csv', '/pdf']) {
      const res = await call('GET', `/api/analytics/reports/${report.id}${path}`, stranger.cookie);
      expect(res.statusCode).toBe(404);
    }
    expect((await call('GET', '/api/analytics/reports', stranger.cookie)).json()).toEqual([]);
    expect((await call('GET', '/api/analytics/reports/not-a-uuid', owner.cookie)).statusCode).toBe(404);
  });
});

describe('the other analytics endpoints', () => {
  it('record conversions, and answer the funnel, breakdowns, top keywords and reviews from the business’s data', async () => {
    const owner = await signUp(t.app, { businessName: 'Rosa Plumbing' });
    const other = await signUp(t.app, { businessName: 'Other Co' });
    expect((await call('GET', '/api/analytics/realtime', owner.cookie)).statusCode).toBe(409);
    const tenantId = await connectGoogle(owner);
    await insertTenantRows(t.database.db, tenantId, sampleBusiness());
    await t.database.db
      .update(reviews)
      .set({ repliedAt: new Date() })
      .where(and(eq(reviews.tenantId, tenantId), eq(reviews.customerName, 'Maria Lopez')));
    await insertTenantRows(t.database.db, await tenantIdOf(t.database.db, other.userId), otherBusiness());

    // POST /conversions keeps the website's conversion as an event of this business.
    const conversion = { event: 'booked_job', value: 250, properties: { service: 'Boiler' } };
    const posted = await call('POST', '/api/analytics/conversions', owner.cookie, conversion);
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toEqual({ message: 'Conversion recorded.' });
    const events = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.tenantId, tenantId), eq(analyticsEvents.name, 'conversion')));
    expect(events.map((e) => e.properties)).toEqual([expect.objectContaining(conversion)]);
    const bad = await call('POST', '/api/analytics/conversions', owner.cookie, { event: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Event is required/);

    // The funnel counts this business's leads that reached each step (7 leads, 1 converted).
    expect((await call('GET', '/api/analytics/conversion-funnel', owner.cookie)).json()).toEqual({
      steps: [
        { step: 'Leads', count: 7 },
        { step: 'Contacted', count: 3 },
        { step: 'Qualified', count: 2 },
        { step: 'Converted', count: 1 },
      ],
    });

    // Breakdowns: the fake's page split of the period's page views, and its totals per dimension.
    const breakdown = async (kind: string) => {
      const res = await call('GET', `/api/analytics/${kind}?period=30d`, owner.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json<TBreakdown>(), days: lastRequestDays() };
    };
    const top = await breakdown('top-pages');
    expect(top.days).toHaveLength(30);
    const views = top.days.reduce((a, x) => a + x.pageViews, 0);
    expect(top.rows.map((r) => [r.name, r.value])).toEqual([
      ['/', Math.round(views * 0.6)],
      ['/services', Math.round(views * 0.3)],
      ['/contact', Math.round(views * 0.1)],
    ]);
    expect(top.rows[0]!.percentage).toBeCloseTo(60, 0);
    const pages = await breakdown('pages');
    expect(pages.rows).toEqual([{ name: '(not set)', value: views, percentage: 100 }]);
    for (const kind of ['locations', 'devices']) {
      const { rows, days } = await breakdown(kind);
      expect(rows).toEqual([{ name: '(not set)', value: days.reduce((a, x) => a + x.users, 0), percentage: 100 }]);
    }
    expect((await call('GET', '/api/analytics/devices?period=2w', owner.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/analytics/realtime', owner.cookie)).json()).toEqual({ activeUsers: 7 });

    // Top keywords: none before a Search Console sync, then the top 5 synced queries.
    expect((await call('GET', '/api/analytics/top-keywords', owner.cookie)).json()).toEqual({
      keywords: [],
      source: 'demo',
    });
    await syncSearchConsole(tenantId);
    const keywords = (await call('GET', '/api/analytics/top-keywords', owner.cookie)).json();
    expect(keywords.source).toBe('search_console');
    expect(keywords.keywords.map((k: { query: string }) => k.query)).toEqual(SC_QUERIES);
    expect(keywords.keywords[1]).toEqual({
      query: 'drain cleaning',
      clicks: 50,
      impressions: 1000,
      ctr: 5,
      position: 3,
    });

    // Reviews: this business's 4 reviews, 1 answered (the other business's never count).
    const summary = (await call('GET', '/api/analytics/reviews', owner.cookie)).json();
    expect(summary).toMatchObject({
      totalReviews: 4,
      averageRating: 3.5,
      responseRate: 25,
      platforms: [{ platform: 'google', count: 4 }],
    });
    const names = ['Maria Lopez', 'Luis Ortega', 'Tom Becker', 'Dale Whitaker'];
    expect(summary.recent).toHaveLength(3);
    for (const r of summary.recent) expect(names).toContain(r.reviewerName);
    expect((await call('GET', '/api/analytics/top-keywords', other.cookie)).json().keywords).toEqual([]);
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

  it("carries the AI Coach's top 3 current insights: title, the figures they cite and the action's link", async () => {
    const owner = await signUp(t.app, { businessName: 'Dayton Heating' });
    const tenantId = await connectGoogle(owner, 'America/New_York');
    const monday = new Date('2026-11-23T13:00:00Z');
    const insight = (title: string, priority: string, href: string, extra: object = {}) => ({
      userId: null,
      insightType: 'recommendation',
      title,
      message: `${title}.`,
      priority,
      category: 'leads',
      actionable: true,
      relatedFeature: href,
      metadata: {
        figures: [{ label: `${title} figure`, value: '42' }],
        action: { label: `Act on ${title}`, href },
        source: 'offline',
      },
      validUntil: new Date(monday.getTime() + 7 * 86_400_000),
      ...extra,
    });
    await insertInsights(t.database.db, tenantId, [
      insight('Low one', 'low', '/social'),
      insight('Urgent one', 'urgent', '/leads?status=new'),
      insight('Done one', 'urgent', '/leads', { isActionTaken: true }),
      insight('Expired one', 'urgent', '/leads', { validUntil: new Date(monday.getTime() - 1000) }),
      insight('High one', 'high', '/ai-coach?tab=revenue'),
      insight('Medium one', 'medium', '/reviews'),
    ]);
    await runAt(monday.toISOString());
    const [mail] = await mails(owner.email);
    const body = mail!.bodyText!;
    const base = t.app.deps.config.appUrl;
    expect(body).toContain('Your AI Coach’s top insights:');
    // Each action is a tracked short link that leads to the insight's page.
    const action = async (text: string) => {
      const line = body.split('\n').find((l) => l.startsWith(`${text} ${base}/r/`));
      expect(line, body).toBeDefined();
      return (await t.app.inject({ method: 'GET', url: line!.slice(`${text} ${base}`.length) })).headers.location;
    };
    expect(await action('1. Urgent one (Urgent one figure: 42). Act on Urgent one:')).toBe(`${base}/leads?status=new`);
    expect(await action('2. High one (High one figure: 42). Act on High one:')).toBe(`${base}/ai-coach?tab=revenue`);
    expect(await action('3. Medium one (Medium one figure: 42). Act on Medium one:')).toBe(`${base}/reviews`);
    for (const gone of ['Low one', 'Done one', 'Expired one']) expect(body).not.toContain(gone);

    // A business without insights gets the report without the coach's part.
    const plain = await signUp(t.app, { businessName: 'Plain Plumbing' });
    await connectGoogle(plain, 'America/New_York');
    await runAt('2026-11-23T14:00:00Z');
    const [plainMail] = await mails(plain.email);
    expect(plainMail!.bodyText).toContain('Visits:');
    expect(plainMail!.bodyText).not.toContain('top insights');
  });

  it('a business without Google gets its week from its own data, once; a week with nothing sends nothing', async () => {
    const owner = await signUp(t.app, { businessName: 'Garden Care' });
    const quiet = await signUp(t.app, { businessName: 'Quiet Roofing' });
    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    const putZone = (o: SignedUp) => call('PUT', '/api/settings/business', o.cookie, { timezone: 'America/New_York' });
    expect((await putZone(owner)).statusCode).toBe(200);
    expect((await putZone(quiet)).statusCode).toBe(200);
    // The Monday after today (the leads below are made now, within its last 7 days), 09:00 New York.
    const today = new Date();
    const monday = new Date(today.getTime() + ((8 - today.getUTCDay()) % 7 || 7) * 86_400_000);
    const at = `${monday.toISOString().slice(0, 10)}T14:00:00Z`;
    const lead = async (name: string, source: string) => {
      const res = await call('POST', '/api/leads', owner.cookie, {
        name,
        service: 'Lawn care',
        location: 'Tacoma',
        phone: '+12535550100',
        source,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const won = await lead('Ann Wu', 'google_business');
    await lead('Dan Reyes', 'manual');
    expect(
      (await call('PATCH', `/api/leads/${won}`, owner.cookie, { status: 'converted', jobValue: 450 })).statusCode,
    ).toBe(200);
    await insertInsights(t.database.db, tenantId, [
      {
        userId: null,
        insightType: 'recommendation',
        title: 'Answer new leads faster',
        message: 'Answer new leads faster.',
        priority: 'high',
        category: 'leads',
        actionable: true,
        relatedFeature: '/leads',
        metadata: {
          figures: [{ label: 'Leads waiting', value: '1' }],
          action: { label: 'Open new leads', href: '/leads?status=new' },
          source: 'offline',
        },
        validUntil: new Date(monday.getTime() + 7 * 86_400_000),
      },
    ]);
    await runAt(at);
    await runAt(`${monday.toISOString().slice(0, 10)}T15:00:00Z`);
    const sentMails = await mails(owner.email);
    expect(sentMails).toHaveLength(1);
    expect(sentMails[0]!.subject).toBe('Garden Care: your week in numbers');
    const body = sentMails[0]!.bodyText!;
    expect(body).toContain('New leads: 2. Jobs won: 1, worth $450.');
    expect(body).toContain('- Google Business Profile: $450 from 1 job (1 new lead)');
    expect(body).toContain('- Manual entry: $0 from 0 jobs (1 new lead)');
    expect(body).toContain('Reviews: 0. Posts published: 0.');
    expect(body).toContain('1. Answer new leads faster (Leads waiting: 1). Open new leads:');
    expect(body).not.toContain('Visits:');
    // The button opens the report the mail was made from: the same figures, on /reports.
    const reportId = new RegExp(`${t.app.deps.config.appUrl}/reports/([0-9a-f-]{36})`).exec(body)?.[1];
    expect(reportId, body).toBeDefined();
    const report = (await call('GET', `/api/analytics/reports/${reportId}`, owner.cookie)).json<TReport>();
    expect(report.details?.own).toMatchObject({ leads: 2, converted: 1, revenue: 450 });
    expect(report.details?.google).toBe(false);
    const link = /\/r\/[A-Za-z0-9_-]+/.exec(body)?.[0];
    expect(link, body).toBeDefined();
    const click = await t.app.inject({ method: 'GET', url: link! });
    expect(click.headers.location).toBe(`${t.app.deps.config.appUrl}/leads?status=new`);
    // Nothing happened at Quiet Roofing: no mail, and no report made for it.
    expect(await mails(quiet.email)).toHaveLength(0);
    expect((await call('GET', '/api/analytics/reports', quiet.cookie)).json<unknown[]>()).toEqual([]);
  });
});
