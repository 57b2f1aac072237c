import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFelixChatResponse, TFelixModels } from '#shared/schemas/felix.ts';
import { analyticsEvents } from '#server/db/schema/index.ts';
import { OFFLINE_NOTE } from './felix-offline.ts';
import { hit } from '#server/security/rate-limit.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { insertTenantRows, otherBusiness, sampleBusiness, tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { FELIX_LIMITS } from './felix.service.ts';

// No provider is configured here: every answer comes from the offline engine.
const t = useTestApp();
let owner: SignedUp;
let ownerTenant: string;

beforeAll(async () => {
  owner = await signUp(t.app, { businessName: 'Brooks Heating' });
  ownerTenant = await tenantIdOf(t.database.db, owner.userId);
  await insertTenantRows(t.database.db, ownerTenant, sampleBusiness());
  const other = await signUp(t.app);
  await insertTenantRows(t.database.db, await tenantIdOf(t.database.db, other.userId), otherBusiness());
});

async function ask(cookie: string, content: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/felix/chat',
    headers: { cookie },
    payload: { messages: [{ role: 'user', content }], currentPage: '/dashboard', ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TFelixChatResponse>();
}

describe('Felix offline', () => {
  it('answers how many new leads with the true counts and says it is offline', async () => {
    const reply = await ask(owner.cookie, 'How many new leads do I have?');
    expect(reply.source).toBe('offline');
    expect(reply.message).toContain('You have 3 new leads and 7 leads in all.');
    expect(reply.message).toContain('4 came in during the last 7 days (1 in the last 24 hours).');
    expect(reply.message).toContain('2 new leads have waited more than a day for a first call.');
    expect(reply.message).toContain('By status: 3 new, 1 contacted, 1 qualified, 1 converted, 1 lost.');
    expect(reply.message).toContain(OFFLINE_NOTE);
  });

  it('lists the leads that need a call, longest waiting first, and none of another business', async () => {
    const reply = await ask(owner.cookie, 'Which leads need a call?');
    expect(reply.message).toContain('2 leads have waited more than a day for a first call.');
    expect(
      reply.message.indexOf('Ava Brooks — Furnace repair in Springfield, waiting 3 days (+15550100001)'),
    ).toBeGreaterThan(-1);
    expect(reply.message.indexOf('Ava Brooks')).toBeLessThan(reply.message.indexOf('Ben Carter'));
    expect(reply.message).not.toContain('Cleo Diaz');
    expect(reply.message).not.toContain('Other Lead');
  });

  it('answers reviews, rating, scheduled posts and today from the rows', async () => {
    expect((await ask(owner.cookie, 'Do I have unanswered reviews?')).message).toContain(
      '1 review of 3 stars or fewer has no reply yet:\n• Tom Becker — 2★ on Google: “Showed up three hours late.”',
    );
    expect((await ask(owner.cookie, "What's my average rating?")).message).toMatch(
      /^Your 4 reviews average 3\.5 stars\. 1 low-star review still needs a reply\./,
    );
    expect((await ask(owner.cookie, 'What posts are scheduled?')).message).toMatch(
      /^You have 1 scheduled post, 1 in the next 7 days\. Next up:\n• Facebook, .+: “Furnace tune-up season is here”/,
    );
    expect((await ask(owner.cookie, 'How is my conversion?')).message).toContain(
      '1 of your 7 leads converted: a 14.3% conversion rate.',
    );
    expect((await ask(owner.cookie, 'Show me my social engagement analytics')).message).toContain(
      'Your social posts have earned 21 engagements',
    );
    const today = await ask(owner.cookie, 'What should I do today?');
    expect(today.message).toContain(
      "Here's what I'd do today:\n1. Call the 2 leads waiting more than a day, starting with Ava Brooks.\n2. Reply to 1 low-star review.\n3. Finish “Call back Ava Brooks”",
    );
  });

  it('gives insights computed from the data on the first turn only', async () => {
    const first = await ask(owner.cookie, 'Hi Felix');
    expect(first.insights).toEqual([
      expect.objectContaining({
        title: 'Leads waiting for a call',
        message: '2 leads have waited more than a day for first contact.',
        route: '/leads',
      }),
      expect.objectContaining({
        title: 'Reviews need a reply',
        message: '1 review of 3 stars or fewer has no reply yet.',
        route: '/reviews',
      }),
    ]);
    const later = await ask(owner.cookie, 'And now?', {
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        { role: 'user', content: 'And now?' },
      ],
    });
    expect(later.insights).toEqual([]);
  });

  it('picks suggestions by keyword, else by page, else the first three', async () => {
    const categories = (r: TFelixChatResponse) => r.suggestions.map((s) => s.category);
    expect(categories(await ask(owner.cookie, 'Help me write a social post'))).toEqual([
      'social',
      'social',
      'analytics',
    ]);
    expect(categories(await ask(owner.cookie, 'A customer called about a quote'))).toEqual(['leads', 'reviews']);
    expect(categories(await ask(owner.cookie, 'Hello', { currentPage: '/reviews' }))).toEqual(['reviews', 'leads']);
    const general = await ask(owner.cookie, 'Hello');
    expect(categories(general)).toEqual(['social', 'leads', 'reviews']);
    expect(general.quickActions.map((a) => a.id)).toEqual(['create-post', 'add-lead', 'manage-reviews']);
  });

  it('tells a new business the honest empty answers', async () => {
    const fresh = await signUp(t.app);
    const leads = await ask(fresh.cookie, 'How many new leads do I have?');
    expect(leads.message).toMatch(/^You don't have any leads yet\./);
    expect((await ask(fresh.cookie, 'average rating?')).message).toMatch(/^You have no reviews yet\./);
    const first = await ask(fresh.cookie, 'Hi');
    expect(first.insights.map((i) => i.title)).toEqual(['Nothing scheduled this week']);
    expect(first.insights[0]?.route).toBe('/social');
  });

  it('refuses an empty message and needs a session', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/felix/chat',
      headers: { cookie: owner.cookie },
      payload: { messages: [{ role: 'user', content: '   ' }] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain('Please type a message');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/felix/chat',
      headers: { cookie: owner.cookie },
      payload: { messages: [] },
    });
    expect(none.statusCode).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/felix/chat',
      payload: { messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('is rate-limited per business with a readable message', async () => {
    const busy = await signUp(t.app);
    const key = `felix-chat:tenant:${await tenantIdOf(t.database.db, busy.userId)}`;
    for (let i = 0; i < FELIX_LIMITS.chatPerTenant.limit; i++)
      await hit(t.database.db, key, FELIX_LIMITS.chatPerTenant);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/felix/chat',
      headers: { cookie: busy.cookie },
      payload: { messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toMatch(
      /^Felix has answered 60 questions for your business in the last hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lists the four models, none available without a provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/felix/models', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<TFelixModels>().models.map((m) => [m.id, m.name, m.available])).toEqual([
      ['claude-sonnet-4', 'Claude 4.0 Sonnet', false],
      ['claude-haiku-3.5', 'Claude 3.5 Haiku', false],
      ['gpt-5', 'GPT-5', false],
      ['gpt-4o', 'GPT-4o', false],
    ]);
  });
});

describe('POST /api/felix/hint-action', () => {
  it('records the action as an analytics event of the business and answers 204', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/felix/hint-action',
      headers: { cookie: owner.cookie },
      payload: { hintId: 'content-calendar', action: 'open-calendar', timestamp: '2025-03-04T10:00:00.000Z' },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.tenantId, ownerTenant), eq(analyticsEvents.name, 'hint_action')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.properties).toEqual({
      hintId: 'content-calendar',
      action: 'open-calendar',
      clientTimestamp: '2025-03-04T10:00:00.000Z',
    });
    expect(rows[0]?.userId).toBe(owner.userId);
  });

  it('refuses an unknown hint', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/felix/hint-action',
      headers: { cookie: owner.cookie },
      payload: { hintId: 'nope', action: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Unknown hint');
  });
});
