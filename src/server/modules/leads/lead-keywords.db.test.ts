import { describe, expect, it } from 'vitest';
import type { TRevenueBySource } from '#shared/schemas/coach.ts';
import type { TKeywordRevenueList, TLeadPage } from '#shared/schemas/leads.ts';
import { seoKeywords } from '#server/db/schema/index.ts';
import { businessBySlug, publishedPage, submitLeadForm } from '#server/modules/website/lead-intake.service.ts';
import { websiteDeps } from '#server/modules/website/website.deps.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { call, publishLanding, recordingJobs } from '#tests/kits/website.ts';

// Revenue attributed to the keyword that brought an organic lead (issue 35): the keyword a landing
// page's lead carries (utm_term, the engine's query, or the page's tracked keyword), stored on the
// lead, and organic revenue per keyword on /keywords and in Revenue by source.

const t = useTestApp();

describe('the keyword that brought an organic lead', () => {
  it('is stored from utm_term, the referrer query or the page’s tracked keyword, and splits organic revenue', async () => {
    const { cookie } = await signUp(t.app);
    const page = await publishLanding(t.app, cookie);
    const d = { ...websiteDeps(t.app.deps), jobs: recordingJobs() };
    let ip = 0;
    /** A visit to the page from `referrer` (with `query` tags), whose visitor sends the form as `name`. */
    const visit = async (name: string, referrer: string, query: Record<string, string> = {}) => {
      const html = (await publishedPage(d, page.business, page.slug, query, 'http://app.test', {
        referrer,
        now: Date.now() - 30_000,
      }))!.html;
      const fields = Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
      );
      const person = { name, phone: '+12535550100', service: 'Furnace tune-up', location: 'Tacoma' };
      const outcome = await submitLeadForm(d, page.business, page.slug, { ...person, ...fields }, `10.9.0.${++ip}`);
      expect(outcome.kind).toBe('created');
    };

    await visit('Tagged', 'https://www.google.com/', { utm_term: 'Furnace Tune-Up  Tacoma' });
    await visit('Searched', 'https://www.bing.com/search?q=emergency+furnace+repair&form=QBLH');
    await visit('Hidden', 'https://www.google.com/'); // no tracked keyword yet: not provided
    // Search Console says this page's top keyword is "furnace tune-up near me".
    await t.database.db.insert(seoKeywords).values({
      tenantId: (await businessBySlug(d, page.business))!.tenantId,
      keyword: 'furnace tune-up near me',
      clicks: 40,
      page: `https://cascade.example${page.path}`,
    });
    await visit('Tracked', 'https://www.google.com/');
    await visit('Social', 'https://www.facebook.com/'); // not organic: no keyword, even with a tracked one

    const leads = (await call(t.app, 'GET', '/api/leads', cookie)).json<TLeadPage>().leads;
    const byName = Object.fromEntries(leads.map((l) => [l.name, l]));
    expect(byName.Tagged).toMatchObject({ source: 'organic_search', sourceKeyword: 'furnace tune-up tacoma' });
    expect(byName.Searched).toMatchObject({ source: 'organic_search', sourceKeyword: 'emergency furnace repair' });
    expect(byName.Hidden).toMatchObject({ source: 'organic_search', sourceKeyword: null });
    expect(byName.Tracked).toMatchObject({ source: 'organic_search', sourceKeyword: 'furnace tune-up near me' });
    expect(byName.Social).toMatchObject({ source: 'landing_page', sourceKeyword: null });

    for (const [name, jobValue] of [
      ['Tagged', 900],
      ['Hidden', 300],
      ['Social', 5000],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/leads/${byName[name]!.id}`,
        headers: { cookie },
        payload: { status: 'converted', jobValue },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const expected = [
      { keyword: 'furnace tune-up tacoma', leads: 1, converted: 1, revenue: 900 },
      { keyword: null, leads: 1, converted: 1, revenue: 300 },
      { keyword: 'emergency furnace repair', leads: 1, converted: 0, revenue: 0 },
      { keyword: 'furnace tune-up near me', leads: 1, converted: 0, revenue: 0 },
    ];
    const list = await call(t.app, 'GET', '/api/leads/keyword-revenue?days=30', cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<TKeywordRevenueList>()).toEqual({ days: 30, keywords: expected });

    // Revenue by source: the Organic search row, and the same split beneath it, adding up to it.
    const bySource = (
      await call(t.app, 'GET', '/api/ai-coach/revenue-by-source?days=30', cookie)
    ).json<TRevenueBySource>();
    expect(bySource.keywords).toEqual(expected);
    expect(bySource.sources.find((s) => s.source === 'organic_search')).toMatchObject({ leads: 4, revenue: 1200 });

    // Another business sees none of it.
    const other = await signUp(t.app);
    const theirs = await call(t.app, 'GET', '/api/leads/keyword-revenue?days=30', other.cookie);
    expect(theirs.json<TKeywordRevenueList>().keywords).toEqual([]);
  });
});
