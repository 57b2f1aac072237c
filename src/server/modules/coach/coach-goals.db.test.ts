import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCoachMetrics, TGoal, TGoalList, TGoalUnit } from '#shared/schemas/coach.ts';
import { blogPosts, leads, reviewBusinesses, reviews, socialPosts } from '#server/db/schema/index.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { daysAgo } from '#tests/setup/tenant-rows.ts';
import { connectAll, inject, runJobs, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';
import { createGoal } from './coach-goals.service.ts';
import { readerAuth } from './coach-sources.ts';
import { businessSummary, coachDeps } from './coach.service.ts';

// A goal tracks itself: "publish 3 posts this week" counts the posts that really publish
// (through the social module against the local network fake), completes at 3, and earns points.

let kit: SocialKit;
let owner: SignedUp;

beforeAll(async () => {
  kit = await startSocialKit();
  owner = await signUp(kit.app);
  await connectAll(kit, await tenantOf(kit, owner.userId), ['meta']);
});
afterAll(async () => kit?.close());

const goals = async () => {
  const res = await inject(kit, 'GET', '/api/ai-coach/goals', owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TGoalList>();
};

async function publish(n: number) {
  const from = kit.enqueued.length;
  for (let i = 0; i < n; i++) {
    const res = await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
      content: `Furnace tune-up special #${from + i}`,
      targets: [{ platform: 'facebook', content: `Furnace tune-up special #${from + i}` }],
      scheduledFor: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  expect(await runJobs(kit, from)).toEqual(Array(n).fill('published'));
}

describe('coach goals', () => {
  it('refuses a goal without a title or with a zero target, and applies the spec defaults', async () => {
    const blank = await inject(kit, 'POST', '/api/ai-coach/goals', owner.cookie, { title: ' ', targetValue: 3 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Title is required');
    const zero = await inject(kit, 'POST', '/api/ai-coach/goals', owner.cookie, { title: 'Posts', targetValue: 'abc' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain('Target must be a nonzero number');
    expect((await goals()).goals).toEqual([]);
  });

  it('"publish 3 posts this week" moves 0 → 1 → 3 as posts publish, completes, and earns points', async () => {
    const created = await inject(kit, 'POST', '/api/ai-coach/goals', owner.cookie, {
      title: 'Publish 3 posts this week',
      targetValue: '3',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<TGoal>()).toMatchObject({
      goalType: 'weekly',
      unit: 'posts',
      category: 'content',
      priority: 'medium',
      currentValue: 0,
      progress: 0,
    });

    await publish(1);
    let list = await goals();
    expect(list.goals.map((g) => [g.currentValue, g.progress])).toEqual([[1, 33]]);

    await publish(2);
    list = await goals();
    // Completed goals leave the list (it shows active goals only); the points and badge stay.
    expect(list.goals).toEqual([]);
    expect(list.points).toBe(50);
    expect(list.achievements.map((a) => a.title)).toEqual(['First goal reached']);

    // Counting again awards nothing twice.
    expect((await goals()).points).toBe(50);
    const metrics = (await inject(kit, 'GET', '/api/ai-coach/metrics', owner.cookie)).json<TCoachMetrics>();
    expect(metrics.goalsAchieved).toBe(1);
  });

  it('reviews, replies and blog-post goals count the rows written, replied and published since the goal began', async () => {
    const other = await signUp(kit.app);
    const tenantId = await tenantOf(kit, other.userId);
    const db = kit.app.deps.database.db;
    const placeId = 'ChIJ-coach-goals';
    await db.insert(reviewBusinesses).values({ tenantId, placeId, name: 'Dayton Heating' });
    const review = (customerName: string, reviewedAt: Date, repliedAt: Date | null = null) => ({
      tenantId,
      customerName,
      rating: 5,
      platform: 'google_places',
      placeId,
      reviewedAt,
      repliedAt,
    });
    // Before the goals: counted by none of them.
    await db.insert(reviews).values(review('Old Review', daysAgo(10), daysAgo(9)));
    await db.insert(blogPosts).values({ tenantId, title: 'Old post', status: 'published', publishedAt: daysAgo(3) });
    for (const [title, unit] of [
      ['Get 2 reviews', 'reviews'],
      ['Reply to 2 reviews', 'replies'],
      ['Publish 2 blog posts', 'blog posts'],
    ] as const) {
      const res = await inject(kit, 'POST', '/api/ai-coach/goals', other.cookie, { title, unit, targetValue: 2 });
      expect(res.statusCode, res.body).toBe(201);
    }
    const now = new Date();
    await db.insert(reviews).values([review('New Review', now), review('Late Reply', daysAgo(20), now)]);
    await db.insert(blogPosts).values([
      { tenantId, title: 'New post', status: 'published', publishedAt: now },
      { tenantId, title: 'Draft', status: 'draft' },
    ]);

    const list = (await inject(kit, 'GET', '/api/ai-coach/goals', other.cookie)).json<TGoalList>();
    expect(list.goals.map((g) => [g.unit, g.currentValue, g.progress])).toEqual(
      expect.arrayContaining([
        ['reviews', 1, 50],
        ['replies', 1, 50],
        ['blog posts', 1, 50],
      ]),
    );
    expect(list.goals).toHaveLength(3);

    // Counted past its target, a goal shows 100%, never more: two replies within a goal of one.
    const soon = new Date(now.getTime() + 1_800_000);
    await db.insert(reviews).values([review('Reply A', daysAgo(5), soon), review('Reply B', daysAgo(5), soon)]);
    const later = new Date(now.getTime() + 3_600_000);
    const over = await createGoal(
      coachDeps(kit.app.deps),
      readerAuth(tenantId, other.userId),
      {
        title: 'One reply',
        unit: 'replies',
        targetValue: 1,
        goalType: 'weekly',
        category: 'content',
        priority: 'medium',
      },
      later,
    );
    expect(over).toMatchObject({ currentValue: 2, targetValue: 1, progress: 100, status: 'completed' });
  });

  it('recorded sessions make the time, sessions, features and scores of the metric cards', async () => {
    const batch = (seconds: number, pages: string[], actions: string[]) =>
      inject(kit, 'POST', '/api/ai-coach/sessions', owner.cookie, {
        sessionId: 'session-0001',
        startedAt: new Date().toISOString(),
        seconds,
        pages,
        actions,
        clicks: 4,
      });
    expect((await batch(600, ['/leads', '/social'], ['Get Tips'])).statusCode).toBe(200);
    expect((await batch(300, ['/reviews'], ['Reply'])).statusCode).toBe(200);
    const m = (await inject(kit, 'GET', '/api/ai-coach/metrics', owner.cookie)).json<TCoachMetrics>();
    expect(m.totalSessions).toBe(1);
    expect(m.totalTimeSpent).toBe(900);
    expect(m.actionsCompleted).toBe(2);
    expect(m.featuresUsed).toEqual(['leads', 'reviews', 'social']);
    // 1 of 5 days (8) + 15 of 60 minutes (7.5) + 3 of 5 areas (18) = 33.5 → 34.
    expect(m.engagementScore).toBe(34);
    expect(m.explanations.engagement).toBe('1 of 5 active days, 15 of 60 minutes, 3 of 5 areas used this week.');
  });
});

// A busy business has more rows than one page of a list screen (200 reviews, 500 posts): every
// counter counts all of the window's rows, and none of another business or outside the window.
describe('coach counters over more rows than a list page', () => {
  const MS = 1;
  const at = (start: number, i: number) => new Date(start + (1 + i) * MS);
  /** Waits until the clock has passed `t`, so rows stamped up to `t` lie inside a goal's window. */
  const after = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now() + 20)));

  async function business() {
    const user = await signUp(kit.app);
    const tenantId = await tenantOf(kit, user.userId);
    return { user, tenantId };
  }
  async function addGoal(cookie: string, title: string, unit: TGoalUnit) {
    const res = await inject(kit, 'POST', '/api/ai-coach/goals', cookie, { title, unit, targetValue: 5000 });
    expect(res.statusCode, res.body).toBe(201);
    return Date.parse(res.json<TGoal>().periodStart);
  }
  async function progress(cookie: string) {
    const res = await inject(kit, 'GET', '/api/ai-coach/goals', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(res.json<TGoalList>().goals.map((g) => [g.unit, g.currentValue]));
  }
  const placeId = 'ChIJ-busy-business';
  const review = (tenantId: string, i: number, reviewedAt: Date, repliedAt: Date | null = null) => ({
    tenantId,
    customerName: `Customer ${i}`,
    rating: 5,
    platform: 'google_places',
    placeId,
    externalId: `review-${i}`,
    reviewedAt,
    repliedAt,
  });
  const post = (tenantId: string, publishedAt: Date | null, status = 'published') => ({
    tenantId,
    platform: 'facebook',
    content: 'Furnace tune-up special',
    status,
    scheduledFor: publishedAt ?? new Date(Date.now() + 86_400_000),
    publishedAt,
  });
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('review and reply goals count all 260 reviews and 240 replies of the window, none before it or of another business', async () => {
    const db = kit.app.deps.database.db;
    const { user, tenantId } = await business();
    const stranger = await business();
    for (const t of [tenantId, stranger.tenantId])
      await db.insert(reviewBusinesses).values({ tenantId: t, placeId, name: 'Dayton Heating' });
    // Before the goals: 30 reviews written, 20 of them answered.
    await db.insert(reviews).values(range(30).map((i) => review(tenantId, i, daysAgo(3), i < 20 ? daysAgo(2) : null)));

    const start = Math.max(
      await addGoal(user.cookie, 'Get 5000 reviews', 'reviews'),
      await addGoal(user.cookie, 'Reply to 5000 reviews', 'replies'),
    );
    // In the window: 260 new reviews (newer than every other, so they fill the list's first page),
    // and 240 replies to reviews written before the goals.
    await db.insert(reviews).values(range(260).map((i) => review(tenantId, 1000 + i, at(start, i))));
    await db.insert(reviews).values(range(240).map((i) => review(tenantId, 2000 + i, daysAgo(4), at(start, i))));
    // Another business's reviews and replies in the same window count for it alone.
    await db.insert(reviews).values(range(50).map((i) => review(stranger.tenantId, i, at(start, i), at(start, i))));
    await after(start + 300);

    expect(await progress(user.cookie)).toEqual({ reviews: 260, replies: 240 });
  });

  it('a converted-leads goal counts every lead closed in the window, behind 5,000 newer leads', async () => {
    const db = kit.app.deps.database.db;
    const { user, tenantId } = await business();
    const lead = (i: number, createdAt: Date, status: 'new' | 'converted' = 'new', closedAt: Date | null = null) => ({
      tenantId,
      name: `Lead ${i}`,
      service: 'Furnace repair',
      location: 'Dayton',
      status,
      createdAt,
      closedAt,
    });
    const start = await addGoal(user.cookie, 'Convert 5000 leads', 'leads');
    // 5,000 new enquiries in the window, and 30 older leads converted in it: the list the summary
    // reads holds the newest 5,000 leads, which are none of the converted ones.
    await db.insert(leads).values(range(5000).map((i) => lead(i, at(start, 100))));
    await db.insert(leads).values(range(30).map((i) => lead(9000 + i, daysAgo(20), 'converted', at(start, i))));
    await db.insert(leads).values(lead(9999, daysAgo(20), 'converted', daysAgo(10)));
    await after(start + 300);

    expect(await progress(user.cookie)).toEqual({ leads: 30 });
  });

  it('a posts goal counts all 510 posts published in the window, not a page of 500', async () => {
    const db = kit.app.deps.database.db;
    const { user, tenantId } = await business();
    const stranger = await business();
    await db.insert(socialPosts).values(range(10).map(() => post(tenantId, daysAgo(3))));

    const start = await addGoal(user.cookie, 'Publish 5000 posts', 'posts');
    await db.insert(socialPosts).values(range(510).map((i) => post(tenantId, at(start, i))));
    // Still to go out or failed: not published, not counted; another business's posts neither.
    await db
      .insert(socialPosts)
      .values([
        ...range(20).map(() => post(tenantId, null, 'scheduled')),
        ...range(5).map(() => post(tenantId, null, 'failed')),
        ...range(30).map((i) => post(stranger.tenantId, at(start, i))),
      ]);
    await after(start + 600);

    expect(await progress(user.cookie)).toEqual({ posts: 510 });
  });

  it("the coach's summary counts every review and post of its last 30 and 90 days", async () => {
    const db = kit.app.deps.database.db;
    const { tenantId } = await business();
    await db.insert(reviewBusinesses).values({ tenantId, placeId, name: 'Dayton Heating' });
    const spread = (i: number, days: number) => new Date(Date.now() - ((i % days) + 0.5) * 86_400_000);
    await db
      .insert(reviews)
      .values([
        ...range(230).map((i) => review(tenantId, i, spread(i, 29))),
        ...range(20).map((i) => review(tenantId, 1000 + i, daysAgo(60))),
        ...range(10).map((i) => review(tenantId, 2000 + i, daysAgo(120))),
      ]);
    await db
      .insert(socialPosts)
      .values([
        ...range(520).map((i) => post(tenantId, spread(i, 29))),
        ...range(15).map(() => post(tenantId, daysAgo(60))),
        ...range(5).map(() => post(tenantId, daysAgo(120))),
      ]);

    const summary = await businessSummary(coachDeps(kit.app.deps), readerAuth(tenantId), new Date());
    expect(summary.reviews).toMatchObject({ total: 260, received30: 230, received90: 250 });
    expect(summary.social).toMatchObject({ published30: 520, published90: 535 });

    // Posts that all went out long ago still make a social picture, of zero recent posts.
    const quiet = await business();
    await db.insert(socialPosts).values(post(quiet.tenantId, daysAgo(200)));
    const calm = await businessSummary(coachDeps(kit.app.deps), readerAuth(quiet.tenantId), new Date());
    expect(calm.social).toMatchObject({ published30: 0, published90: 0 });
  });
});
