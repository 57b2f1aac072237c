import { describe, expect, it } from 'vitest';
import { DASHBOARD_CARD_IDS } from '#shared/schemas/dashboard-layout.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

const t = useTestApp();

const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/dashboard/layout', headers: { cookie } });
const put = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/dashboard/layout', headers: { cookie }, payload: payload as object });

describe('dashboard layout per user', () => {
  it('starts with every card in the default order, keeps what the user saves, for that user only', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await get(a.cookie)).json()).toEqual({ order: [...DASHBOARD_CARD_IDS], hidden: [] });

    const chosen = {
      order: ['quick-actions', 'upcoming-tasks', 'stats', 'next-steps', 'recent-activity'],
      hidden: ['recent-activity'],
    };
    const saved = await put(a.cookie, chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(chosen);
    expect((await get(a.cookie)).json()).toEqual(chosen);
    // Saving again replaces the choice.
    expect((await put(a.cookie, { order: chosen.order, hidden: [] })).json().hidden).toEqual([]);
    expect((await get(b.cookie)).json()).toEqual({ order: [...DASHBOARD_CARD_IDS], hidden: [] });
  });

  it('completes a partial order with the missing cards at the end', async () => {
    const a = await signUp(t.app);
    const res = await put(a.cookie, { order: ['upcoming-tasks'], hidden: [] });
    expect(res.json().order).toEqual(['upcoming-tasks', 'stats', 'next-steps', 'recent-activity', 'quick-actions']);
  });

  it('refuses an unknown card or a repeated one with a readable message, keeping the saved choice', async () => {
    const a = await signUp(t.app);
    await put(a.cookie, { order: ['stats'], hidden: ['stats'] });
    const unknown = await put(a.cookie, { order: ['weather'], hidden: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/not a dashboard card/);
    const twice = await put(a.cookie, { order: ['stats', 'stats'], hidden: [] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/only once/);
    expect((await get(a.cookie)).json().hidden).toEqual(['stats']);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/layout' })).statusCode).toBe(401);
  });
});
