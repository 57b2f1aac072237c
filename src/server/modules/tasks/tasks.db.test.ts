import { describe, expect, it } from 'vitest';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { reviews } from '#server/db/schema/index.ts';

const t = useTestApp();

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe('tasks', () => {
  it('an owner adds tasks; pending ones list soonest due first with the overdue count, and the dashboard shows them', async () => {
    const owner = await signUp(t.app);
    for (const [title, dueAt] of [
      ['Order filters', inDays(3)],
      ['Call back Maria', inDays(-1)],
      ['Someday: new van', null],
    ] as const) {
      const res = await call('POST', '/api/tasks', owner.cookie, { title, dueAt });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = (await call('GET', '/api/tasks', owner.cookie)).json();
    expect(list.tasks.map((x: { title: string }) => x.title)).toEqual([
      'Call back Maria',
      'Order filters',
      'Someday: new van',
    ]);
    expect(list.overdue).toBe(1);
    const dashboard = (await call('GET', '/api/dashboard', owner.cookie)).json();
    expect(dashboard.upcomingTasks.map((x: { title: string }) => x.title)).toEqual([
      'Call back Maria',
      'Order filters',
      'Someday: new van',
    ]);
  });

  it('completing a task takes it off the pending list and the dashboard; reopening brings it back', async () => {
    const owner = await signUp(t.app);
    const task = (await call('POST', '/api/tasks', owner.cookie, { title: 'Send estimate' })).json();
    const done = await call('PATCH', `/api/tasks/${task.id}`, owner.cookie, { status: 'completed' });
    expect(done.json()).toMatchObject({ status: 'completed', progress: 100, completedAt: expect.any(String) });
    expect((await call('GET', '/api/tasks', owner.cookie)).json().tasks).toHaveLength(0);
    expect((await call('GET', '/api/dashboard', owner.cookie)).json().upcomingTasks).toHaveLength(0);
    expect((await call('GET', '/api/tasks?status=completed', owner.cookie)).json().tasks).toHaveLength(1);
    const reopened = await call('PATCH', `/api/tasks/${task.id}`, owner.cookie, {
      status: 'pending',
      title: 'Send the estimate',
    });
    expect(reopened.json()).toMatchObject({ status: 'pending', completedAt: null, title: 'Send the estimate' });
  });

  it('a task created from a lead is linked to it and shows the lead name', async () => {
    const owner = await signUp(t.app);
    const lead = (
      await call('POST', '/api/leads', owner.cookie, { name: 'Maria Lopez', service: 'AC install', location: 'Tacoma' })
    ).json();
    const task = await call('POST', '/api/tasks', owner.cookie, { title: 'Follow up', leadId: lead.id });
    expect(task.json()).toMatchObject({ leadId: lead.id, leadName: 'Maria Lopez', type: 'lead_follow_up' });
  });

  it('refuses bad input with readable messages and stores nothing', async () => {
    const owner = await signUp(t.app);
    const noTitle = await call('POST', '/api/tasks', owner.cookie, { title: '  ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fields.title).toBe('Title is required');
    const badDate = await call('POST', '/api/tasks', owner.cookie, { title: 'x', dueAt: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe('Please choose a valid due date');
    const nothing = await call('PATCH', '/api/tasks/00000000-0000-4000-8000-000000000000', owner.cookie, {});
    expect(nothing.statusCode).toBe(400);
    expect((await call('GET', '/api/tasks?status=all', owner.cookie)).json().tasks).toHaveLength(0);
  });

  it("another business's tasks and leads are 404, and its tasks are left unchanged", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const task = (await call('POST', '/api/tasks', a.cookie, { title: 'A only' })).json();
    const lead = (
      await call('POST', '/api/leads', a.cookie, { name: 'A lead', service: 'Repair', location: 'X' })
    ).json();
    expect((await call('PATCH', `/api/tasks/${task.id}`, b.cookie, { status: 'completed' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/tasks/${task.id}`, b.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/tasks/not-a-uuid', b.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/tasks', b.cookie, { title: 'steal', leadId: lead.id })).statusCode).toBe(404);
    expect((await call('GET', '/api/tasks?status=all', b.cookie)).json().tasks).toHaveLength(0);
    expect((await call('GET', '/api/tasks', a.cookie)).json().tasks).toEqual([
      expect.objectContaining({ id: task.id, status: 'pending' }),
    ]);
    expect((await call('DELETE', `/api/tasks/${task.id}`, a.cookie)).statusCode).toBe(200);
  });

  it("a review link must be one of the caller's reviews: another business's or a missing one is 404 and stores nothing", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const reviewOf = async (userId: string) => {
      const tenantId = await tenantIdOf(t.database.db, userId);
      const [row] = await t.database.db
        .insert(reviews)
        .values({ tenantId, platform: 'google', customerName: 'Sam', rating: 2 })
        .returning({ id: reviews.id });
      return row!.id;
    };
    const aReview = await reviewOf(a.userId);
    const bReview = await reviewOf(b.userId);
    for (const reviewId of [aReview, '00000000-0000-4000-8000-000000000000']) {
      const res = await call('POST', '/api/tasks', b.cookie, { title: 'Follow up', reviewId });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({
        message: 'Review was not found.',
        fields: { reviewId: 'Review was not found.' },
      });
    }
    expect((await call('GET', '/api/tasks?status=all', b.cookie)).json().tasks).toHaveLength(0);
    // The caller's own review links as before.
    const own = await call('POST', '/api/tasks', b.cookie, { title: 'Follow up', reviewId: bReview });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ reviewId: bReview, type: 'review_follow_up' });
  });

  it('a visitor gets 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
  });
});
