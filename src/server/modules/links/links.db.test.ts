import { describe, expect, it } from 'vitest';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { analyticsDeps } from '#server/modules/analytics/analytics.deps.ts';
import { coachInsightsForMail } from '#server/modules/analytics/weekly-insights.ts';
import { insertInsights } from '#server/modules/coach/coach.repo.ts';
import { clickCounts, createTrackedLink, linksDeps } from './links.service.ts';

const t = useTestApp();

describe('tracked links', () => {
  it('a short link redirects to its target and every visit is counted for its source', async () => {
    const db = t.app.deps.database.db;
    const tenantId = await tenantIdOf(db, (await signUp(t.app)).userId);
    const link = await createTrackedLink(linksDeps(t.app.deps), tenantId, {
      targetUrl: 'https://search.google.com/local/writereview?placeid=abc',
      source: 'review_request',
      sourceId: 'req-1',
    });
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(link.url).toBe(`${t.app.deps.config.appUrl}/r/${link.code}`);

    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/r/${link.code}`, headers: { 'user-agent': 'Phone' } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://search.google.com/local/writereview?placeid=abc');
    }
    expect(await clickCounts({ db }, tenantId, { source: 'review_request' })).toEqual([
      { source: 'review_request', sourceId: 'req-1', clicks: 2 },
    ]);
    expect(await clickCounts({ db }, tenantId, { since: new Date(Date.now() + 60_000) })).toEqual([]);
    expect(await clickCounts({ db }, tenantId, { source: 'social_post' })).toEqual([]);

    // Another business sees none of these clicks.
    const other = await tenantIdOf(db, (await signUp(t.app)).userId);
    expect(await clickCounts({ db }, other, {})).toEqual([]);
  });

  it("the weekly mail's coach actions are email links: a click lands on the insight's page and counts for email", async () => {
    const db = t.app.deps.database.db;
    const tenantId = await tenantIdOf(db, (await signUp(t.app)).userId);
    await insertInsights(db, tenantId, [
      {
        userId: null,
        insightType: 'warning',
        title: '2 leads still waiting for a call',
        message: 'Call them today.',
        priority: 'urgent',
        category: 'leads',
        actionable: true,
        relatedFeature: '/leads?status=new',
        metadata: {
          figures: [{ label: 'Waiting for a call', value: '2' }],
          action: { label: 'Call new leads', href: '/leads?status=new' },
          source: 'offline',
        },
        validUntil: new Date(Date.now() + 86_400_000),
      },
    ]);
    const [mailed] = await coachInsightsForMail(analyticsDeps(t.app.deps), tenantId, new Date());
    const base = t.app.deps.config.appUrl;
    expect(mailed).toMatchObject({ title: '2 leads still waiting for a call', action: 'Call new leads' });
    expect(mailed!.url).toMatch(new RegExp(`^${base}/r/[A-Za-z0-9]{8,}$`));

    const res = await t.app.inject({ method: 'GET', url: new URL(mailed!.url).pathname });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${base}/leads?status=new`);
    expect(await clickCounts({ db }, tenantId, { source: 'email' })).toEqual([
      { source: 'email', sourceId: 'weekly_report', clicks: 1 },
    ]);
  });

  it('an unknown or malformed code is a 404 page and counts nothing', async () => {
    for (const code of ['nosuchcode1', 'x', '%3Cscript%3E']) {
      const res = await t.app.inject({ method: 'GET', url: `/r/${code}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Link not found');
    }
  });

  it('refuses a target that is not a web address', async () => {
    const db = t.app.deps.database.db;
    const tenantId = await tenantIdOf(db, (await signUp(t.app)).userId);
    await expect(
      createTrackedLink(linksDeps(t.app.deps), tenantId, { targetUrl: 'javascript:alert(1)', source: 'email' }),
    ).rejects.toThrow('http or https');
  });
});
