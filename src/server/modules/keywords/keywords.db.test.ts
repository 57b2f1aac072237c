import { describe, expect, it } from 'vitest';
import type { TKeywordInsights, TKeywordList, TKeywordSummary } from '#shared/schemas/keywords.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { rebuildSnapshot, upsertDays } from './keywords-sync.repo.ts';

// The keyword screen's API on seeded Search Console rows: cards against the previous period,
// quick wins, server-side sort/search/paging, and one business never seeing another's rows.
const t = useTestApp();
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function seeded() {
  const owner = await signUp(t.app, { businessName: 'Rosa Plumbing' });
  const tenantId = await tenantIdOf(t.database.db, owner.userId);
  await upsertDays(t.database.db, tenantId, [
    { day: '2026-11-20', query: 'emergency plumber', clicks: 50, impressions: 1000, position: 2 },
    { day: '2026-11-20', query: 'drain cleaning', clicks: 5, impressions: 500, position: 8 },
    { day: '2026-11-21', query: 'water heater', clicks: 10, impressions: 200, position: 15 },
    // The previous 28 days: only the first keyword, at position 3.
    { day: '2026-10-10', query: 'emergency plumber', clicks: 40, impressions: 800, position: 3 },
  ]);
  await rebuildSnapshot(t.database.db, tenantId, '2026-10-27', '2026-11-23', '2026-09-29');
  return owner;
}

describe('keywords API', () => {
  it('computes the cards from the rows and compares them with the previous 28 days', async () => {
    const owner = await seeded();
    const res = await get('/api/keywords/summary', owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<TKeywordSummary>();
    expect(s.source).toBe('search_console');
    expect(s.totalClicks).toEqual({ value: 65, previous: 40 });
    expect(s.totalImpressions).toEqual({ value: 1700, previous: 800 });
    // Averages over the keyword rows: CTR (5% + 1% + 5%) / 3, position (2 + 8 + 15) / 3.
    expect(s.averageCtr).toEqual({ value: 3.7, previous: 5 });
    expect(s.averagePosition).toEqual({ value: 8.3, previous: 3 });
  });

  it('lists quick wins: positions 4–20 with many impressions, and CTR under half the usual curve', async () => {
    const owner = await seeded();
    const res = await get('/api/keywords/insights', owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const insights = res.json<TKeywordInsights>();
    const wins = insights.quickWins.map((w) => `${w.kind}:${w.keyword}`);
    expect(wins).toEqual([
      'striking_distance:drain cleaning',
      'striking_distance:water heater',
      'low_ctr:emergency plumber',
      'low_ctr:drain cleaning',
    ]);
    // Without a model configured the offline engine writes one idea per striking-distance keyword.
    expect(insights.recommendationSource).toBe('offline');
    expect(insights.recommendations.map((r) => r.keywords)).toEqual([['drain cleaning'], ['water heater']]);
  });

  it('sorts, searches and pages on the server, with estimates labelled by the row data', async () => {
    const owner = await seeded();
    const res = await get('/api/analytics/keywords?sort=position', owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const byPosition = res.json<TKeywordList>();
    expect(byPosition.meta.source).toBe('search_console');
    expect(byPosition.keywords.map((k) => [k.keyword, k.position])).toEqual([
      ['emergency plumber', 2],
      ['drain cleaning', 8],
      ['water heater', 15],
    ]);
    expect(byPosition.keywords[0]).toMatchObject({ trend: 'up', difficulty: 'easy', ctr: 5 });
    // 200 impressions in 28 days at position 15 (seen by ~1 in 4 searchers): ~857 a month.
    expect(byPosition.keywords[2]).toMatchObject({ searchVolume: 857, difficulty: 'medium', trend: 'other' });
    const searched = (await get('/api/analytics/keywords?q=drain', owner.cookie)).json<TKeywordList>();
    expect(searched.keywords.map((k) => k.keyword)).toEqual(['drain cleaning']);
    const paged = (await get('/api/analytics/keywords?pageSize=1&page=2', owner.cookie)).json<TKeywordList>();
    expect(paged).toMatchObject({ total: 3, page: 2 });
    expect(paged.keywords.map((k) => k.keyword)).toEqual(['water heater']);
    const bad = await get('/api/analytics/keywords?sort=volume', owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Sort must be/);
  });

  it("shows another business only sample rows under Demo Data, never the first one's", async () => {
    await seeded();
    const other = await signUp(t.app, { businessName: 'Other Co' });
    const list = (await get('/api/analytics/keywords', other.cookie)).json<TKeywordList>();
    expect(list.meta.source).toBe('demo');
    expect(list.keywords.map((k) => k.keyword)).not.toContain('drain cleaning');
    const summary = (await get('/api/keywords/summary', other.cookie)).json<TKeywordSummary>();
    expect(summary).toMatchObject({ source: 'demo', period: null, totalClicks: { previous: null } });
    const insights = (await get('/api/keywords/insights', other.cookie)).json<TKeywordInsights>();
    expect(insights.quickWins).toEqual([]);
  });
});
