import { beforeAll, describe, expect, it } from 'vitest';
import type { TGenerateResult, TRevenueBySource } from '#shared/schemas/coach.ts';
import { landingPages, leads, socialPosts } from '#server/db/schema/index.ts';
import { createTrackedLink, followLink } from '#server/modules/links/links.service.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { daysAgo, hoursAgo, tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { readerAuth } from './coach-sources.ts';
import { businessSummary, coachDeps } from './coach.service.ts';

// Revenue per post and landing page: leads keep the post that sent them (utm_content=post-<id>)
// or the page they filled in (source landing:<id>); converted leads carry a job value; tracked
// links count clicks. Only the business's own posts and pages are named.

const t = useTestApp();
const call = (url: string, cookie: string, method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({ method, url, headers: { cookie } });

const FURNACE = 'Furnace tune-up special: $20 off every furnace check this month, book today at our site';
const SPRING = 'Spring AC check, done in an hour';

let owner: SignedUp;
let other: SignedUp;
let tenantId: string;
let otherTenantId: string;
let furnacePost: string;
let springPost: string;
let page: string;
let foreignPost: string;

async function clicks(source: 'social_post' | 'landing_page', sourceId: string, tenant: string, n: number) {
  const link = await createTrackedLink({ db: t.database.db, appUrl: t.app.deps.config.appUrl }, tenant, {
    targetUrl: 'https://example.com/offer',
    source,
    sourceId,
  });
  for (let i = 0; i < n; i++) await followLink({ db: t.database.db }, link.code, 'test');
}

beforeAll(async () => {
  const db = t.database.db;
  owner = await signUp(t.app, { businessName: 'Dayton Heating' });
  other = await signUp(t.app, { businessName: 'Other Heating' });
  tenantId = await tenantIdOf(db, owner.userId);
  otherTenantId = await tenantIdOf(db, other.userId);
  const post = (tenant: string, platform: string, content: string) =>
    db
      .insert(socialPosts)
      .values({ tenantId: tenant, platform, content, status: 'published', publishedAt: daysAgo(10) })
      .returning({ id: socialPosts.id })
      .then((r) => r[0]!.id);
  furnacePost = await post(tenantId, 'facebook', FURNACE);
  springPost = await post(tenantId, 'instagram', SPRING);
  foreignPost = await post(otherTenantId, 'facebook', 'Other business post: boiler repair');
  [{ id: page }] = (await db
    .insert(landingPages)
    .values({ tenantId, title: 'Spring AC check', slug: 'spring-ac', publishedAt: daysAgo(20) })
    .returning({ id: landingPages.id })) as [{ id: string }];

  await clicks('social_post', furnacePost, tenantId, 4);
  await clicks('social_post', springPost, tenantId, 6);
  await clicks('landing_page', page, tenantId, 2);
  await clicks('social_post', foreignPost, otherTenantId, 5);

  const base = { tenantId, service: 'Furnace tune-up', location: 'Dayton' };
  const won = (d: number, jobValue: string) => ({
    status: 'converted' as const,
    createdAt: daysAgo(d + 2),
    closedAt: daysAgo(d),
    jobValue,
  });
  const fromPost = (id: string, platform: string) => ({
    source: `landing:${page}`,
    utm: { utm_source: platform, utm_medium: 'social', utm_content: `post-${id}` },
  });
  await db.insert(leads).values([
    // Three jobs from the Facebook post, $450 each.
    ...[1, 2, 3].map((d) => ({
      ...base,
      name: `Facebook ${d}`,
      ...fromPost(furnacePost, 'facebook'),
      ...won(d, '450'),
    })),
    // One open lead from the Instagram post.
    { ...base, name: 'Instagram 1', ...fromPost(springPost, 'instagram'), createdAt: hoursAgo(6) },
    // The page itself: one job of $300 and one open lead.
    { ...base, name: 'Page 1', source: `landing:${page}`, ...won(4, '300') },
    { ...base, name: 'Page 2', source: `landing:${page}`, createdAt: hoursAgo(3) },
    // Tagged with another business's post id: a social lead of this business, but no post of its own.
    { ...base, name: 'Forged', ...fromPost(foreignPost, 'facebook'), ...won(2, '999') },
  ]);
});

describe('revenue per post and landing page', () => {
  it('gives each own post and page its leads, jobs, revenue and clicks, highest revenue first', async () => {
    const res = await call('/api/ai-coach/revenue-by-source?days=30', owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TRevenueBySource>();
    const social = body.sources.find((s) => s.source === 'social_post')!;
    // The source keeps every social lead, the forged one too ($1,350 + $999).
    expect(social).toMatchObject({ leads: 5, converted: 4, revenue: 2349 });
    expect(social.items).toEqual([
      {
        kind: 'post',
        id: furnacePost,
        label: 'Furnace tune-up special: $20 off every furnace check this…',
        platform: 'Facebook',
        href: '/social',
        leads: 3,
        converted: 3,
        revenue: 1350,
        clicks: 4,
      },
      {
        kind: 'post',
        id: springPost,
        label: SPRING,
        platform: 'Instagram',
        href: '/social',
        leads: 1,
        converted: 0,
        revenue: 0,
        clicks: 6,
      },
    ]);
    const landing = body.sources.find((s) => s.source === 'landing_page')!;
    expect(landing).toMatchObject({ leads: 2, converted: 1, revenue: 300 });
    expect(landing.items).toEqual([
      {
        kind: 'page',
        id: page,
        label: 'Spring AC check',
        platform: null,
        href: expect.stringMatching(/^\/p\/[a-z0-9-]+\/spring-ac$/),
        leads: 2,
        converted: 1,
        revenue: 300,
        clicks: 2,
      },
    ]);
    // Another business's post never shows, though a lead here names it.
    expect(JSON.stringify(body)).not.toContain(foreignPost);
  });

  it('another business sees only its own post (clicks, no leads), never this one’s', async () => {
    const body = (await call('/api/ai-coach/revenue-by-source?days=30', other.cookie)).json<TRevenueBySource>();
    expect(body.totalRevenue).toBe(0);
    expect(body.sources).toEqual([
      {
        source: 'social_post',
        label: 'Social post',
        leads: 0,
        converted: 0,
        revenue: 0,
        items: [expect.objectContaining({ id: foreignPost, leads: 0, clicks: 5 })],
      },
    ]);
  });

  it('the coach summary carries the same per-item figures, and the offline insight cites them', async () => {
    const summary = await businessSummary(coachDeps(t.app.deps), readerAuth(tenantId));
    expect(summary.items30.slice(0, 3)).toEqual([
      expect.objectContaining({ kind: 'post', platform: 'Facebook', converted: 3, revenue: 1350, clicks: 4 }),
      expect.objectContaining({ kind: 'page', label: 'Spring AC check', converted: 1, revenue: 300, clicks: 2 }),
      expect.objectContaining({ kind: 'post', platform: 'Instagram', leads: 1, converted: 0, clicks: 6 }),
    ]);
    expect(summary.items30).toHaveLength(3);

    const res = await call('/api/ai-coach/generate-recommendations', owner.cookie, 'POST');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<TGenerateResult>();
    expect(body.source).toBe('offline');
    const best = body.insights.find((i) => i.title.endsWith('earned the most'))!;
    expect(best.title).toBe(
      'Facebook post “Furnace tune-up special: $20 off every furnace check this…” earned the most',
    );
    expect(best.message).toBe(
      'Your Facebook post “Furnace tune-up special: $20 off every furnace check this…” brought 3 jobs worth $1,350 ' +
        'this month (last 30 days) from 4 clicks. Your Instagram post “Spring AC check, done in an hour” got 6 clicks ' +
        'but no jobs yet.',
    );
    expect(best.figures).toEqual([
      { label: 'Jobs (30 days)', value: '3' },
      { label: 'Revenue (30 days)', value: '$1,350' },
      { label: 'Clicks (30 days)', value: '4' },
      { label: 'Clicks without a job (30 days)', value: '6' },
    ]);
    expect(best.action).toEqual({ label: 'See revenue per post', href: '/ai-coach?tab=revenue' });
  });

  it('a business with only clicks gets the clicks-but-no-jobs insight; one without items gets none', async () => {
    const body = (await call('/api/ai-coach/generate-recommendations', other.cookie, 'POST')).json<TGenerateResult>();
    const idle = body.insights.filter((i) => i.category === 'revenue');
    expect(idle).toHaveLength(1);
    expect(idle[0]).toMatchObject({
      title: 'Facebook post “Other business post: boiler repair” gets clicks but no jobs',
      figures: [
        { label: 'Clicks (30 days)', value: '5' },
        { label: 'Leads (30 days)', value: '0' },
        { label: 'Jobs (30 days)', value: '0' },
      ],
      action: { label: 'Plan the next post', href: '/social' },
    });
    expect(idle[0]!.message).toContain('got 5 clicks in the last 30 days but no jobs yet.');

    const third = await signUp(t.app, { businessName: 'Quiet Heating' });
    const none = (await call('/api/ai-coach/generate-recommendations', third.cookie, 'POST')).json<TGenerateResult>();
    expect(none.insights.filter((i) => i.category === 'revenue')).toEqual([]);
  });
});
