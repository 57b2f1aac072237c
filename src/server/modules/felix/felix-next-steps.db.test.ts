import { describe, expect, it } from 'vitest';
import type { TNextSteps } from '#shared/schemas/next-steps.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

const t = useTestApp();

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const steps = async (cookie: string) => {
  const res = await call('GET', '/api/felix/next-steps', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TNextSteps>();
};
const doneOf = (list: TNextSteps, action: string) => list.steps.filter((s) => s.action === action).map((s) => s.done);

const profile = {
  businessName: 'Clearwater Plumbing',
  businessType: 'plumbing',
  serviceArea: 'Tacoma, WA',
  teamSize: '2-5',
  primaryGoals: ['more-leads', 'more-reviews'],
  currentChallenges: ['slow-follow-up'],
  monthlyBudget: '500-1500',
  socialPlatforms: ['facebook'],
  hasWebsite: false,
  contentTone: 'friendly',
};

describe('next steps from the onboarding plan', () => {
  it('without a saved plan lists the first-week basics, none done', async () => {
    const owner = await signUp(t.app);
    const list = await steps(owner.cookie);
    expect(list.planSaved).toBe(false);
    expect(list.steps.map((s) => s.action)).toEqual([
      'add-lead',
      'connect-account',
      'connect-wordpress',
      'complete-task',
    ]);
    expect(list.done).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/felix/next-steps' })).statusCode).toBe(401);
  });

  it('shows the saved plan in order and ticks steps off as a lead is added and a task is done', async () => {
    const owner = await signUp(t.app);
    const plan = await t.app.inject({ method: 'POST', url: '/api/ai/generate-onboarding-plan', payload: profile });
    const { recommendations } = plan.json<{ recommendations: { title: string; category: string }[] }>();
    expect((await call('POST', '/api/user/onboarding', owner.cookie, { profile, recommendations })).statusCode).toBe(
      200,
    );

    const before = await steps(owner.cookie);
    expect(before.planSaved).toBe(true);
    expect(before.steps.slice(0, recommendations.length).map((s) => s.title)).toEqual(
      recommendations.map((r) => r.title),
    );
    expect(before.done).toBe(0);

    const lead = await call('POST', '/api/leads', owner.cookie, {
      name: 'Pat Lee',
      service: 'Leaking pipe',
      location: 'Tacoma, WA',
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const task = await call('POST', '/api/tasks', owner.cookie, { title: 'Call Pat back', dueAt: null });
    expect(task.statusCode, task.body).toBe(201);

    const afterLead = await steps(owner.cookie);
    expect(doneOf(afterLead, 'add-lead').every(Boolean)).toBe(true);
    expect(doneOf(afterLead, 'complete-task').some(Boolean)).toBe(false);

    const id = task.json<{ id: string }>().id;
    expect((await call('PATCH', `/api/tasks/${id}`, owner.cookie, { status: 'completed' })).statusCode).toBe(200);
    const afterTask = await steps(owner.cookie);
    expect(doneOf(afterTask, 'complete-task').every(Boolean)).toBe(true);
    expect(doneOf(afterTask, 'connect-wordpress').some(Boolean)).toBe(false);
    expect(afterTask.done).toBe(afterTask.steps.filter((s) => s.done).length);
    expect(afterTask.done).toBeGreaterThan(before.done);
  });

  it("counts only the caller's own business", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await call('POST', '/api/leads', a.cookie, { name: 'Pat Lee', service: 'Leak', location: 'Tacoma, WA' });
    expect(doneOf(await steps(b.cookie), 'add-lead')).toEqual([false]);
  });
});
