import { describe, expect, it } from 'vitest';
import type { TReport } from '#shared/schemas/analytics.ts';
import { reportHtml } from './report-html.ts';

// The page the PDF is printed from: what a reader of the PDF sees is its text, so the tests
// read the text (tags dropped) for the report's own figures, weeks, sources and keywords.
const text = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

const report: TReport = {
  id: 'r1',
  period: '30d',
  traffic: 3450,
  conversions: 107,
  conversionRate: 3.1,
  trafficSources: ['google (50%)', '(direct) (25%)'],
  topKeywords: ['emergency plumber', 'drain cleaning'],
  topPages: ['/', '/services'],
  generatedAt: '2026-11-24T09:15:42.000Z',
  details: {
    startDate: '2026-10-26',
    endDate: '2026-11-24',
    weeks: [
      { label: 'Oct 26 – Nov 1', startDate: '2026-10-26', endDate: '2026-11-01', visitors: 812 },
      { label: 'Nov 2 – Nov 8', startDate: '2026-11-02', endDate: '2026-11-08', visitors: 1204 },
      { label: 'Nov 9 – Nov 15', startDate: '2026-11-09', endDate: '2026-11-15', visitors: 790 },
      { label: 'Nov 16 – Nov 22', startDate: '2026-11-16', endDate: '2026-11-22', visitors: 411 },
      { label: 'Nov 23 – Nov 24', startDate: '2026-11-23', endDate: '2026-11-24', visitors: 233 },
    ],
    sources: [
      { source: 'google', medium: 'organic', sessions: 1725, percentage: 50 },
      { source: '(direct)', medium: '(none)', sessions: 862, percentage: 25 },
      { source: 'yelp.com', sessions: 103, percentage: 3 },
    ],
    keywords: [
      { query: 'emergency plumber', clicks: 1240, position: 2.04 },
      { query: 'drain <cleaning>', clicks: 88, position: 7.5 },
    ],
    keywordSource: 'search_console',
    users: 2760,
    pageviews: 10350,
    leadConversions: 4,
    keyEvents: 103,
  },
};

describe('reportHtml', () => {
  it("carries the report's figures, its real weeks, sources and top keywords", () => {
    const page = text(reportHtml(report, 'Rosa & Sons Plumbing'));
    expect(page).toContain('Rosa & Sons Plumbing — Website report');
    expect(page).toContain('Website report · Last 30 days (Oct 26 – Nov 24, 2026)');
    expect(page).toContain('Generated 2026-11-24 09:15 UTC');
    expect(page).toContain('Total traffic 3,450 sessions');
    expect(page).toContain('Conversions 107 4 converted leads + 103 key events');
    expect(page).toContain('Conversion rate 3.1% conversions / traffic');
    expect(page).toContain('Users 2,760 10,350 page views');
    // One bar per calendar week: its visitors above, its dates below.
    for (const w of report.details!.weeks) expect(page).toContain(`${w.visitors.toLocaleString('en-US')} ${w.label}`);
    expect(page).toContain('google (organic) — 50.0%');
    expect(page).toContain('(direct) ((none)) — 25.0%');
    expect(page).toContain('yelp.com — 3.0%');
    expect(page).toContain('Top keywords emergency plumber — 1,240 clicks, position 2.0');
    expect(page).toContain('drain <cleaning> — 88 clicks, position 7.5');
    expect(page).toContain('Top pages / /services');
  });

  it('escapes what the business and Google wrote, and says what is missing instead of drawing nothing', () => {
    const html = reportHtml(
      {
        ...report,
        conversionRate: null,
        topPages: [],
        details: { ...report.details!, weeks: [], sources: [], keywords: [], keywordSource: 'none' },
      },
      '<img src=x onerror=alert(1)>',
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const page = text(html);
    expect(page).toContain('Conversion rate — ');
    expect(page).toContain('Traffic by week No weekly traffic recorded.');
    expect(page).toContain('Traffic sources No traffic sources recorded.');
    expect(page).toContain(
      'Top keywords No Search Console keywords for this period (connect Google Search Console in Settings).',
    );
    expect(page).not.toContain('Top pages');
  });
});
