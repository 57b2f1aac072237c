import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSocialAnalytics } from '#shared/schemas/social-analytics.ts';
import type { TConnectionList } from '#shared/schemas/connections.ts';
import { PROVIDER_DEFS } from '#server/modules/connections/connections-providers.ts';
import type { TSocialPost } from '#shared/schemas/social.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { FAKE_FOLLOWERS, FAKE_METRICS } from '#tests/fakes/social-server.ts';
import { connectAll, inject, runJobs, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';
import { syncAnalytics } from './social-analytics.service.ts';

// The analytics sync asks each network (the local fake) for its published posts' figures and keeps
// one row per post; GET /api/social/analytics answers them per platform for the owner only.

let kit: SocialKit;
let owner: SignedUp;

beforeAll(async () => {
  kit = await startSocialKit();
  owner = await signUp(kit.app);
  await connectAll(kit, await tenantOf(kit, owner.userId));
});
afterAll(async () => kit?.close());

async function analytics(cookie: string, query = ''): Promise<TSocialAnalytics> {
  const res = await inject(kit, 'GET', `/api/social/analytics${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSocialAnalytics>();
}

describe('social post analytics', () => {
  it('has nothing to show before any post is published, and no Demo Data flag for a real business', async () => {
    const a = await analytics(owner.cookie);
    expect(a).toMatchObject({ sample: false, lastSyncedAt: null, platforms: [] });
    expect(a.totals.posts).toBe(0);
    expect(a.totals.engagementRate).toBeNull();
  });

  it('fills each published post from Facebook, Instagram, X and LinkedIn metrics, updated in place', async () => {
    const from = kit.enqueued.length;
    // Instagram needs an image; X takes an uploaded file, never a link, so it goes without one.
    const res = await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
      content: 'Furnace check-ups this week',
      imageUrl: 'https://example.com/furnace.jpg',
      targets: [
        { platform: 'facebook', content: 'Furnace check-ups this week' },
        { platform: 'instagram', content: 'Furnace check-ups this week' },
        { platform: 'linkedin', content: 'Furnace check-ups this week' },
      ],
      now: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const tweet = await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
      content: 'Furnace check-ups this week',
      targets: [{ platform: 'twitter', content: 'Furnace check-ups this week' }],
      now: true,
    });
    expect(tweet.statusCode, tweet.body).toBe(201);
    expect(await runJobs(kit, from)).toEqual(['published', 'published', 'published', 'published']);

    expect(await syncAnalytics(kit.deps)).toEqual({ synced: 4, skipped: 0, followers: 4 });
    // Meta: the counts and the insights of each post are two reads.
    expect(kit.fake.reads.map((r) => r.split(':')[0]).sort()).toEqual([
      'linkedin',
      'meta',
      'meta',
      'meta',
      'meta',
      'x',
    ]);
    const a = await analytics(owner.cookie, '?period=7d');
    const by = Object.fromEntries(a.platforms.map((p) => [p.platform, p]));
    const f = FAKE_METRICS.facebook;
    expect(by.facebook).toMatchObject({ posts: 1, likes: f.reactions, comments: f.comments, shares: f.shares });
    expect(by.facebook).toMatchObject({ reach: f.reach, impressions: f.impressions, clicks: f.clicks });
    expect(by.instagram).toMatchObject({ likes: 75, comments: 9, shares: 3, reach: 1500, impressions: 2100 });
    // X: likes, retweets + quotes, replies and impressions; it reports no unique reach.
    expect(by.twitter).toMatchObject({ likes: 12, shares: 4, comments: 2, reach: 0, impressions: 640 });
    expect(by.twitter?.engagementRate).toBe(2.8); // 18 / 640
    expect(by.linkedin).toMatchObject({ likes: 20, comments: 4, shares: 2, reach: 500, impressions: 800, clicks: 15 });
    expect(a.totals.posts).toBe(4);
    expect(a.totals.likes).toBe(40 + 75 + 12 + 20);
    expect(a.lastSyncedAt).not.toBeNull();

    // The next run updates the same rows: still one per post.
    expect(await syncAnalytics(kit.deps)).toEqual({ synced: 4, skipped: 0, followers: 4 });
    expect((await analytics(owner.cookie)).totals.posts).toBe(4);
  });

  it('without the insights permissions, likes and comments still come back and the connection names what is missing', async () => {
    // A grant from before Fieldwise asked for read_insights and instagram_manage_insights.
    const old = PROVIDER_DEFS.meta.scopes.filter((s) => !/insights/.test(s));
    kit.fake.grant('page-token-1', old);
    Object.assign(FAKE_METRICS.facebook, { reactions: 41, comments: 7 });
    Object.assign(FAKE_METRICS.instagram, { likes: 76, comments: 10 });
    try {
      expect(await syncAnalytics(kit.deps)).toMatchObject({ synced: 4, skipped: 0 });
      const by = Object.fromEntries((await analytics(owner.cookie)).platforms.map((p) => [p.platform, p]));
      // Fresh counts; reach, impressions and clicks as the last sync that could read them left them.
      expect(by.facebook).toMatchObject({ likes: 41, comments: 7, reach: 900, impressions: 1200, clicks: 31 });
      expect(by.instagram).toMatchObject({ likes: 76, comments: 10, reach: 1500, impressions: 2100 });
      const meta = (await inject(kit, 'GET', '/api/connections', owner.cookie))
        .json<TConnectionList>()
        .connections.find((c) => c.provider === 'meta');
      expect(meta?.problem).toMatchObject({ code: 'missing_permission', action: 'Reconnect Facebook' });
      // The last refusal stands (Page or Instagram insights), naming its permission.
      expect(meta?.problem?.message).toMatch(
        /^Facebook does not let Fieldwise read your (Page|Instagram) posts' .*: it needs the .*“(read_insights|instagram_manage_insights)”.*, which Fieldwise now asks for\. Reconnect Facebook/,
      );
    } finally {
      kit.fake.grant('page-token-1', PROVIDER_DEFS.meta.scopes);
      Object.assign(FAKE_METRICS.facebook, { reactions: 40, comments: 6 });
      Object.assign(FAKE_METRICS.instagram, { likes: 75, comments: 9 });
    }
  });

  it("reads each connected account's followers and shows the change over the period", async () => {
    // Today's figures, then (read late) the figures of a week ago, when the accounts had fewer followers.
    kit.fake.reset();
    expect((await syncAnalytics(kit.deps)).followers).toBe(4);
    expect(kit.fake.accountReads.sort()).toEqual([
      'linkedin:/rest/networkSizes/urn%3Ali%3Aorganization%3A5001?edgeType=COMPANY_FOLLOWED_BY_MEMBER',
      'meta:/1001?fields=followers_count,fan_count',
      'meta:/1001?fields=instagram_business_account%7Bfollowers_count%7D',
      'x:/2/users/me?user.fields=public_metrics',
    ]);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000 - 60_000);
    Object.assign(kit.fake.followers, { facebook: 1200, instagram: 800, x: 400, linkedin: 100 });
    expect((await syncAnalytics(kit.deps, weekAgo)).followers).toBe(4);
    Object.assign(kit.fake.followers, FAKE_FOLLOWERS);
    // A second read the same day replaces that day's figure rather than adding one.
    kit.fake.followers.x = FAKE_FOLLOWERS.x + 3;
    expect((await syncAnalytics(kit.deps)).followers).toBe(4);

    const a = await analytics(owner.cookie, '?period=30d');
    const by = Object.fromEntries(a.platforms.map((p) => [p.platform, p]));
    expect(by.facebook).toMatchObject({
      followers: FAKE_FOLLOWERS.facebook,
      followersChange: FAKE_FOLLOWERS.facebook - 1200,
    });
    expect(by.instagram).toMatchObject({ followers: FAKE_FOLLOWERS.instagram, followersChange: 30 });
    expect(by.twitter).toMatchObject({ followers: FAKE_FOLLOWERS.x + 3, followersChange: 15 });
    expect(by.linkedin).toMatchObject({ followers: FAKE_FOLLOWERS.linkedin, followersChange: -3 });
    expect(a.totals.followers).toBe(1250 + 830 + 415 + 97);
    expect(a.totals.followersChange).toBe(50 + 30 + 15 - 3);

    // Over the last 7 days the week-old figure is the starting point still (the last before the period).
    const week = await analytics(owner.cookie, '?period=7d');
    expect(week.totals.followersChange).toBe(92);
  });

  it('shows another business none of these figures', async () => {
    const other = await signUp(kit.app);
    const a = await analytics(other.cookie);
    expect(a.platforms).toEqual([]);
    expect(a.totals.likes).toBe(0);
    expect(a.totals.followers).toBeNull();
  });

  it('refuses an unknown period with a readable message', async () => {
    const res = await inject(kit, 'GET', '/api/social/analytics?period=forever', owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  it('skips the networks that do not answer and keeps the figures it had', async () => {
    const posts = (await (await inject(kit, 'GET', '/api/social/posts', owner.cookie)).json<{ posts: TSocialPost[] }>())
      .posts;
    expect(posts.some((p) => p.status === 'published')).toBe(true);
    const before = await analytics(owner.cookie);
    const res = await syncAnalytics({
      ...kit.deps,
      http: { ...kit.deps.http, fetch: () => Promise.reject(new Error('down')), retries: 0 },
    });
    expect(res).toEqual({ synced: 0, skipped: 4, followers: 0 });
    expect((await analytics(owner.cookie)).totals).toEqual(before.totals);
  });
});
