import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCoachMetrics, TGoal, TGoalList } from '#shared/schemas/coach.ts';
import { blogPosts, reviewBusinesses, reviews } from '#server/db/schema/index.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { daysAgo } from '#tests/setup/tenant-rows.ts';
import { connectAll, inject, runJobs, startSocialKit, tenantOf, type SocialKit } from '../social/social-test-kit.ts';
import { createGoal } from './coach-goals.service.ts';
import { readerAuth } from './coach-sources.ts';
import { coachDeps } from './coach.service.ts';

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
