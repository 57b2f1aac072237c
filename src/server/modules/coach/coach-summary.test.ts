import { describe, expect, it } from 'vitest';
import { offlineInsights } from './coach-insights.ts';
import { buildSummary, leadSourceOf, type LeadFact, type SummaryInputs } from './coach-summary.ts';

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
    expect(s.missing).toEqual(['blog', 'search and traffic']);
  });

  it('classifies a lead by its source and visit tags', () => {
    expect(leadSourceOf(null, null)).toBe('manual');
    expect(leadSourceOf('landing:abc', null)).toBe('landing_page');
    expect(leadSourceOf('landing:abc', { utm_source: 'gbp' })).toBe('google_business');
    expect(leadSourceOf('landing:abc', { utm_source: 'google', utm_medium: 'organic' })).toBe('organic_search');
    expect(leadSourceOf('csv', null)).toBe('csv_import');
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
    expect(s.missing).toEqual(['leads', 'social', 'reviews', 'blog', 'search and traffic']);
    const titles = offlineInsights(s).map((i) => i.title);
    expect(titles).toEqual([
      'No new leads in 30 days',
      'Start collecting reviews',
      'Connect your social accounts',
      'Set a goal for this week',
    ]);
  });
});
