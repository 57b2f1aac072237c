import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCoachMetrics, TGoal, TGoalList } from '#shared/schemas/coach.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { connectAll, inject, runJobs, startSocialKit, tenantOf, type SocialKit } from '../social/social-test-kit.ts';

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
