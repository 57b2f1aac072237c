import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRevenueBySource } from '#shared/schemas/coach.ts';
import type { TSocialPost } from '#shared/schemas/social.ts';
import { clickCounts } from '#server/modules/links/links.service.ts';
import { signedFormTime } from '#server/modules/website/lead-intake.service.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { connectAll, inject, runJobs, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';

// A post's link is tracked per target: publishing puts a /r/{code} link in the text the network
// receives (the fake), following it counts a click for that post, lands on the business's page
// with the post's tags, and a lead from that visit shows in Revenue by source once converted.

let kit: SocialKit;
let owner: SignedUp;
let tenantId: string;

beforeAll(async () => {
  kit = await startSocialKit();
  owner = await signUp(kit.app, { businessName: 'Dayton Heating' });
  tenantId = await tenantOf(kit, owner.userId);
  await connectAll(kit, tenantId, ['meta', 'linkedin']);
});
afterAll(async () => kit?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  inject(kit, method, url, owner.cookie, payload);

async function publishedLandingPath(): Promise<{ path: string; id: string }> {
  const built = await call('POST', '/api/ai/generate-landing-page', {
    messages: [],
    userPrompt: 'A furnace tune-up page with $20 off',
  });
  expect(built.statusCode, built.body).toBe(200);
  const id = built.json<{ landingPage: { id: string } }>().landingPage.id;
  const published = await call('POST', `/api/website/landing-pages/${id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return { path: published.json<{ publicPath: string }>().publicPath, id };
}

describe('tracked links on social posts', () => {
  it('publishes /r/ links per target, counts clicks per post, and attributes the converted lead to the post', async () => {
    const { path, id: pageId } = await publishedLandingPath();
    const pageUrl = `${kit.app.deps.config.appUrl}${path}`;
    const created = await call('POST', '/api/social/posts', {
      content: `Furnace tune-ups this week: ${pageUrl}.`,
      targets: [
        { platform: 'facebook', content: `Furnace tune-ups this week: ${pageUrl}.` },
        { platform: 'linkedin', content: `Book a furnace tune-up (${pageUrl})` },
      ],
      now: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [facebook, linkedin] = created.json<{ posts: TSocialPost[] }>().posts;
    expect(await runJobs(kit)).toEqual(['published', 'published']);

    // The networks got short links, one per target, with the sentence's punctuation kept.
    const [fbText, liText] = kit.fake.received.map((r) => r.text);
    const short = /(https?:\/\/[^\s)]+\/r\/([A-Za-z0-9_-]+))/;
    const fbCode = short.exec(fbText!)?.[2];
    const liCode = short.exec(liText!)?.[2];
    expect(fbText).toMatch(/^Furnace tune-ups this week: http\S+\/r\/[A-Za-z0-9_-]{8,}\.$/);
    expect(liText).toMatch(/^Book a furnace tune-up \\?\(http\S+\/r\/[A-Za-z0-9_-]{8,}\\?\)$/);
    expect(fbText).not.toContain(path);
    // LinkedIn escapes "_" in post text; a code of letters and digits reaches it whole.
    expect(liText).toMatch(/\/r\/[A-Za-z0-9]{11}\\\)$/);
    expect(fbCode).toBeDefined();
    expect(liCode).toBeDefined();
    expect(fbCode).not.toBe(liCode);

    // Following the Facebook link twice counts two clicks for that post; LinkedIn's none.
    let landing = '';
    for (let i = 0; i < 2; i++) {
      const res = await kit.app.inject({ method: 'GET', url: `/r/${fbCode}` });
      expect(res.statusCode).toBe(302);
      landing = String(res.headers.location);
    }
    const target = new URL(landing);
    expect(target.pathname).toBe(path);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'fieldwise_post',
      utm_content: `post-${facebook!.id}`,
    });
    const clicks = await clickCounts({ db: kit.database.db }, tenantId, { source: 'social_post' });
    expect(clicks).toEqual([{ source: 'social_post', sourceId: facebook!.id, clicks: 2 }]);
    expect(clicks.some((c) => c.sourceId === linkedin!.id)).toBe(false);

    // The visitor's page keeps the post's tags on its form; the lead they send carries them.
    const page = await kit.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`name="utm_content" value="post-${facebook!.id}"`);
    const form = await kit.app.inject({
      method: 'POST',
      url: `${path}/lead`,
      remoteAddress: '10.9.9.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Dana Miller',
        phone: '+19375550100',
        service: 'Furnace tune-up',
        location: 'Dayton',
        ts: signedFormTime(kit.app.deps.secretBox, pageId, Date.now() - 10_000),
        ...Object.fromEntries(target.searchParams),
      }).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    const list = (await call('GET', '/api/leads?q=Dana')).json<{ leads: { id: string; source: string }[] }>();
    const lead = list.leads[0]!;
    expect(lead.source).toBe('social_post');

    const converted = await call('PATCH', `/api/leads/${lead.id}`, { status: 'converted', jobValue: 450 });
    expect(converted.statusCode, converted.body).toBe(200);
    const revenue = (await call('GET', '/api/ai-coach/revenue-by-source?days=30')).json<TRevenueBySource>();
    expect(revenue.sources.find((s) => s.source === 'social_post')).toMatchObject({
      label: 'Social post',
      leads: 1,
      converted: 1,
      revenue: 450,
    });
    // Under it, the Facebook post: its lead, the job and both clicks; LinkedIn's, without either, is not listed.
    expect(revenue.sources.find((s) => s.source === 'social_post')!.items).toEqual([
      expect.objectContaining({
        kind: 'post',
        id: facebook!.id,
        platform: 'Facebook',
        label: expect.stringMatching(/^Furnace tune-ups this week: /),
        leads: 1,
        converted: 1,
        revenue: 450,
        clicks: 2,
      }),
    ]);
    expect(revenue.totalRevenue).toBe(450);
  });

  it('a post without a web address goes out as typed', async () => {
    kit.fake.reset();
    const created = await call('POST', '/api/social/posts', {
      content: 'Call us for a furnace tune-up!',
      targets: [{ platform: 'facebook', content: 'Call us for a furnace tune-up!' }],
      now: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const from = kit.enqueued.length - 1;
    expect(await runJobs(kit, from)).toEqual(['published']);
    expect(kit.fake.received.map((r) => r.text)).toEqual(['Call us for a furnace tune-up!']);
  });
});
