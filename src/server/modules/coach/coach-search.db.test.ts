import { describe, expect, it } from 'vitest';
import type { TGenerateResult } from '#shared/schemas/coach.ts';
import { analyticsReports, seoKeywordDays, seoKeywords } from '#server/db/schema/index.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { readerAuth } from './coach-sources.ts';
import { businessSummary, coachDeps } from './coach.service.ts';

// Search Console rows (keywords' daily table) and a stored GA4 report reach the coach's summary,
// and the offline engine turns them into one insight citing them; without them, nothing breaks.

const t = useTestApp();
const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function seedSearch(tenantId: string, now: Date) {
  const last = new Date(now.getTime() - 2 * DAY); // Search Console runs two days behind
  await t.database.db.insert(seoKeywords).values({ tenantId, keyword: 'furnace repair dayton', clicks: 84 });
  const rows = [];
  for (let i = 0; i < 56; i++) {
    const recent = i < 28; // the last 28 days: 3 clicks a day; the 28 before: 5
    rows.push({
      tenantId,
      day: isoDay(new Date(last.getTime() - i * DAY)),
      query: 'furnace repair dayton',
      clicks: recent ? 3 : 5,
      impressions: recent ? 100 : 90,
      position: 6.5,
    });
  }
  await t.database.db.insert(seoKeywordDays).values(rows);
}

describe('coach summary: search and traffic', () => {
  it('reads Search Console clicks and impressions and GA4 sessions, and the offline insight cites them', async () => {
    const owner = await signUp(t.app);
    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    const now = new Date();
    await seedSearch(tenantId, now);
    await t.database.db.insert(analyticsReports).values({
      tenantId,
      period: '30d',
      traffic: 640,
      conversions: 12,
      generatedAt: new Date(now.getTime() - DAY),
      details: {
        startDate: isoDay(new Date(now.getTime() - 31 * DAY)),
        endDate: isoDay(new Date(now.getTime() - 2 * DAY)),
        weeks: [
          { label: 'Week 1', startDate: '', endDate: '', visitors: 160 },
          { label: 'Week 2', startDate: '', endDate: '', visitors: 140 },
        ],
        sources: [],
        keywords: [],
        keywordSource: 'none',
        users: 500,
        pageviews: 1400,
        leadConversions: 0,
        keyEvents: 12,
      },
    });

    const summary = await businessSummary(coachDeps(t.app.deps), readerAuth(tenantId), now);
    expect(summary.search).toMatchObject({
      clicks28: 84,
      impressions28: 2800,
      previousClicks28: 140,
      previousImpressions28: 2520,
      clicksChange: -40,
      impressionsChange: 11.1,
    });
    expect(summary.traffic).toMatchObject({ sessions: 640, days: 30, lastWeek: 140, weekBefore: 160 });
    expect(summary.missing).not.toContain('search');
    expect(summary.missing).not.toContain('traffic');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai-coach/generate-recommendations',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<TGenerateResult>();
    expect(result.source).toBe('offline');
    const search = result.insights.find((i) => i.category === 'search')!;
    expect(search.title).toBe('Search clicks fell 40%');
    expect(search.figures).toEqual([
      { label: 'Search clicks (28 days)', value: '84' },
      { label: 'Search impressions (28 days)', value: '2,800' },
      { label: 'Search clicks vs 28 days before', value: '-40%' },
      { label: 'Website sessions (30 days)', value: '640' },
    ]);
    expect(search.action).toEqual({ label: 'See your keywords', href: '/keywords' });
  });

  it('without Search Console rows or a stored report there is no search insight, and no error', async () => {
    const owner = await signUp(t.app);
    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    // Another business's rows are not this one's.
    const other = await tenantIdOf(t.database.db, (await signUp(t.app)).userId);
    await seedSearch(other, new Date());
    const summary = await businessSummary(coachDeps(t.app.deps), readerAuth(tenantId));
    expect(summary.search).toBeNull();
    expect(summary.traffic).toBeNull();
    expect(summary.missing).toEqual(expect.arrayContaining(['search', 'traffic']));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai-coach/generate-recommendations',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TGenerateResult>().insights.some((i) => i.category === 'search')).toBe(false);
  });

  it('a report older than five weeks says nothing about now', async () => {
    const owner = await signUp(t.app);
    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    await t.database.db
      .insert(analyticsReports)
      .values({ tenantId, period: '7d', traffic: 90, generatedAt: new Date(Date.now() - 40 * DAY) });
    expect((await businessSummary(coachDeps(t.app.deps), readerAuth(tenantId))).traffic).toBeNull();
  });
});
