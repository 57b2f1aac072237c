import { describe, expect, it } from 'vitest';
import { offlineInsights } from './coach-offline.ts';
import { attributedItemOf, buildSummary, excerpt, itemFigures, leadSourceOf } from './coach-summary.ts';
import type { LeadFact, SummaryInputs } from './coach-facts.ts';

// The summary on a seeded business, and the rule-based insights that cite its figures.

const NOW = new Date('2026-11-20T12:00:00Z');
const daysAgo = (d: number, hours = 0) => new Date(NOW.getTime() - d * 86_400_000 + hours * 3_600_000);

function lead(over: Partial<LeadFact> & { createdAt: Date }): LeadFact {
  return { source: null, utm: null, status: 'new', lastContactedAt: null, closedAt: null, value: null, ...over };
}

const seeded: LeadFact[] = [
  // Facebook (UTM-tagged landing visits): 3 jobs won this month worth 450 each.
  ...[1, 2, 3].map((d) =>
    lead({
      source: 'landing:p1',
      utm: { utm_source: 'facebook', utm_medium: 'social' },
      status: 'converted',
      createdAt: daysAgo(d + 5),
      lastContactedAt: daysAgo(d + 5, 2),
      closedAt: daysAgo(d),
      value: 450,
    }),
  ),
  // The landing page itself: two leads, no jobs; one contacted after 6 hours.
  lead({ source: 'landing:p1', createdAt: daysAgo(4), status: 'contacted', lastContactedAt: daysAgo(4, 6) }),
  lead({ source: 'landing:p1', createdAt: daysAgo(2) }),
  // Entered by hand: one new, one lost, and an older converted job outside 30 but inside 90 days.
  lead({ createdAt: daysAgo(1) }),
  lead({ createdAt: daysAgo(10), status: 'lost', lastContactedAt: daysAgo(10, 1), closedAt: daysAgo(8) }),
  lead({
    createdAt: daysAgo(70),
    status: 'converted',
    lastContactedAt: daysAgo(70, 1),
    closedAt: daysAgo(60),
    value: 900,
  }),
];

const inputs: SummaryInputs = {
  now: NOW,
  leads: seeded,
  social: { publishedAt: [daysAgo(3), daysAgo(12), daysAgo(45)], engagements30: 57, engagementRate30: 4.2 },
  reviews: { total: 8, average: 4.375, responseRate: 50, writtenAt: [daysAgo(5), daysAgo(40)] },
  blogPublishedAt: null,
  goals: { active: 0, completed30: 1, behind: [] },
};

describe('coach summary', () => {
  it('gives leads by source and status, conversion, response time, revenue, posts and reviews per window', () => {
    const s = buildSummary(inputs);
    expect(s.d30.leads).toBe(7);
    expect(s.d30.byStatus).toEqual({ new: 2, contacted: 1, qualified: 0, converted: 3, lost: 1 });
    expect(s.d30.conversionRate).toBe(42.9); // 3 of 7
    expect(s.d30.converted).toBe(3);
    expect(s.d30.revenue).toBe(1350);
    // Contacted after 2, 2, 2, 6 and 1 hours: the median is 2.
    expect(s.d30.medianResponseHours).toBe(2);
    expect(s.d30.uncontacted).toBe(2);
    expect(s.d30.bySource).toEqual([
      { source: 'social_post', leads: 3, converted: 3, revenue: 1350 },
      { source: 'landing_page', leads: 2, converted: 0, revenue: 0 },
      { source: 'manual', leads: 2, converted: 0, revenue: 0 },
    ]);
    expect(s.d90.leads).toBe(8);
    expect(s.d90.revenue).toBe(2250);
    expect(s.social).toEqual({ published30: 2, published90: 3, engagements30: 57, engagementRate30: 4.2 });
    expect(s.reviews).toEqual({ total: 8, average: 4.4, responseRate: 50, received30: 1, received90: 2 });
    expect(s.missing).toEqual(['blog', 'search', 'traffic']);
    expect(s.search).toBeNull();
    expect(s.traffic).toBeNull();
  });

  it('classifies a lead by its source and visit tags', () => {
    expect(leadSourceOf(null, null)).toBe('manual');
    expect(leadSourceOf('landing:abc', null)).toBe('landing_page');
    expect(leadSourceOf('landing:abc', { utm_source: 'gbp' })).toBe('google_business');
    expect(leadSourceOf('landing:abc', { utm_source: 'google', utm_medium: 'organic' })).toBe('organic_search');
    expect(leadSourceOf('csv', null)).toBe('csv_import');
    expect(leadSourceOf('text:+19375550142', null)).toBe('text');
    expect(leadSourceOf('', null)).toBe('other');
    expect(leadSourceOf('project:abc', { utm_source: 'gbp' })).toBe('finished_job');
    expect(leadSourceOf(null, { utm_campaign: 'job-7d1c0a52-9f57-4f43-9a3e-3d1f0c6b2a11' })).toBe('finished_job');
    expect(leadSourceOf('landing:abc', { utm_medium: 'Social' })).toBe('social_post');
    expect(leadSourceOf('organic', {})).toBe('organic_search');
  });

  it('offline insights cite the summary figures and carry one in-app action each', () => {
    const insights = offlineInsights(buildSummary(inputs));
    const revenue = insights.find((i) => i.category === 'revenue')!;
    expect(revenue.message).toBe(
      'Social post brought 3 jobs worth $1,350 in the last 30 days, out of $1,350 in all. Landing page, Manual entry brought leads but no jobs yet.',
    );
    expect(revenue.figures).toContainEqual({ label: 'Social post revenue (30 days)', value: '$1,350' });
    expect(revenue.action.href).toBe('/ai-coach?tab=revenue');
    const waiting = insights.find((i) => i.title === '2 leads still waiting for a call')!;
    expect(waiting.action.href).toBe('/leads?status=new');
    const replies = insights.find((i) => i.category === 'reviews')!;
    expect(replies.figures).toContainEqual({ label: 'Reply rate', value: '50%' });
    expect(insights.every((i) => i.figures.length > 0 && i.action.href.startsWith('/'))).toBe(true);
  });

  it('with nothing connected, still gives a few insights pointing at what to set up', () => {
    const s = buildSummary({
      now: NOW,
      leads: [],
      social: null,
      reviews: null,
      blogPublishedAt: null,
      goals: { active: 0, completed30: 0, behind: [] },
    });
    expect(s.missing).toEqual(['leads', 'social', 'reviews', 'blog', 'search', 'traffic']);
    const titles = offlineInsights(s).map((i) => i.title);
    expect(titles).toEqual([
      'No new leads in 30 days',
      'Start collecting reviews',
      'Connect your social accounts',
      'Set a goal for this week',
    ]);
  });

  it('gives Search Console and GA4 figures when on file, and one search insight citing them', () => {
    const s = buildSummary({
      ...inputs,
      search: {
        from: '2026-10-22',
        to: '2026-11-18',
        clicks: 180,
        impressions: 9000,
        previousClicks: 240,
        previousImpressions: 8000,
      },
      traffic: { sessions: 700, days: 30, reportedAt: daysAgo(1), lastWeek: 150, weekBefore: 170 },
    });
    expect(s.missing).toEqual(['blog']);
    expect(s.search).toEqual({
      from: '2026-10-22',
      to: '2026-11-18',
      clicks28: 180,
      impressions28: 9000,
      previousClicks28: 240,
      previousImpressions28: 8000,
      clicksChange: -25,
      impressionsChange: 12.5,
    });
    // 7 leads arrived in the report's 30 days: 1 per 100 sessions.
    expect(s.traffic).toEqual({
      sessions: 700,
      days: 30,
      reportedOn: '2026-11-19',
      lastWeek: 150,
      weekBefore: 170,
      leadsPer100Sessions: 1,
    });
    const search = offlineInsights(s).find((i) => i.category === 'search')!;
    expect(search.title).toBe('Search clicks fell 25%');
    expect(search.message).toBe(
      'People clicked your site in Google 180 times in the last 28 days, down from 240 the 28 days before. Google Analytics counted 700 website sessions in the 30 days to 2026-11-19, which brought 1 lead per 100 sessions. Check which keywords slipped and refresh the pages behind them.',
    );
    expect(search.figures).toEqual([
      { label: 'Search clicks (28 days)', value: '180' },
      { label: 'Search impressions (28 days)', value: '9,000' },
      { label: 'Search clicks vs 28 days before', value: '-25%' },
      { label: 'Website sessions (30 days)', value: '700' },
    ]);
    expect(search.action).toEqual({ label: 'See your keywords', href: '/keywords' });
  });

  it('without search or traffic data, makes no search insight', () => {
    const s = buildSummary({ ...inputs, search: null, traffic: null });
    expect(offlineInsights(s).some((i) => i.category === 'search')).toBe(false);
    // GA4 alone still gives one, pointing at analytics.
    const onlyGa4 = buildSummary({
      ...inputs,
      traffic: { sessions: 1200, days: 7, reportedAt: daysAgo(2), lastWeek: null, weekBefore: null },
    });
    const traffic = offlineInsights(onlyGa4).find((i) => i.category === 'search')!;
    expect(traffic.figures).toEqual([{ label: 'Website sessions (7 days)', value: '1,200' }]);
    expect(traffic.action.href).toBe('/analytics');
  });
});

describe('revenue per post and page', () => {
  const POST = '11111111-2222-4333-8444-555555555555';
  const PAGE = '66666666-7777-4888-9999-aaaaaaaaaaaa';
  const OTHER = '99999999-7777-4888-9999-aaaaaaaaaaaa';
  const fromPost = (id: string) => ({
    source: `landing:${PAGE}`,
    utm: { utm_source: 'facebook', utm_content: `post-${id}` },
  });

  it('a lead points at the post its link named, a page lead at its page; malformed tags at nothing', () => {
    expect(attributedItemOf(fromPost(POST))).toEqual({ kind: 'post', id: POST });
    expect(attributedItemOf({ source: `landing:${PAGE}`, utm: null })).toEqual({ kind: 'page', id: PAGE });
    expect(attributedItemOf({ source: 'landing:p1', utm: null })).toBeNull();
    expect(
      attributedItemOf({ source: null, utm: { utm_source: 'facebook', utm_content: "post-1' or 1=1" } }),
    ).toBeNull();
    expect(attributedItemOf({ source: 'manual', utm: null })).toBeNull();
  });

  it('cuts a post at a word near 60 characters', () => {
    expect(excerpt('Short and sweet')).toBe('Short and sweet');
    const cut = excerpt('Furnace tune-up special: $20 off every furnace check this month, book today');
    expect(cut).toBe('Furnace tune-up special: $20 off every furnace check this…');
    expect(cut.length).toBeLessThanOrEqual(61);
  });

  it('counts only the posts and pages the facts name (an id of another business counts for none)', () => {
    const leads = [
      lead({ ...fromPost(POST), status: 'converted', createdAt: daysAgo(3), closedAt: daysAgo(1), value: 450 }),
      lead({ ...fromPost(OTHER), status: 'converted', createdAt: daysAgo(3), closedAt: daysAgo(1), value: 999 }),
      lead({ source: `landing:${PAGE}`, createdAt: daysAgo(2) }),
    ];
    const items = itemFigures(leads, NOW, 30, {
      posts: [{ id: POST, platform: 'facebook', content: 'Furnace tune-ups' }],
      pages: [{ id: PAGE, title: 'Spring AC check', publicPath: null }],
      clicks: [{ kind: 'page', id: PAGE, clicks: 7 }],
    });
    expect(items.map((i) => [i.label, i.platform, i.leads, i.converted, i.revenue, i.clicks, i.href])).toEqual([
      ['Furnace tune-ups', 'Facebook', 1, 1, 450, null, '/social'],
      ['Spring AC check', null, 1, 0, 0, 7, '/website?tab=landing'],
    ]);
  });
});
