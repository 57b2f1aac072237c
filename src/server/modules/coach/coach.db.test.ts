import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TGenerateResult, TInsight, TInsightList, TRevenueBySource } from '#shared/schemas/coach.ts';
import { leads } from '#server/db/schema/index.ts';
import { startFakeLlm, type LlmRequest } from '#tests/fakes/llm-server.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { daysAgo, hoursAgo, tenantIdOf } from '#tests/setup/tenant-rows.ts';

// Get New Insights over the business's own rows: through the AI layer (the fake Anthropic API)
// and offline; each insight cites the summary's figures and links into the app.

const llm = await startFakeLlm();
afterAll(() => llm.close());
const t = useTestApp({
  config: { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: llm.anthropicBaseUrl, AI_TIMEOUT_MS: '1500' },
});
beforeEach(() => llm.reset());

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload: payload as object } : {}) });

let owner: SignedUp;

/** Facebook-tagged landing visits won 3 jobs worth $450 each; the page itself 2 open leads. */
async function seedLeads(tenantId: string) {
  const base = { tenantId, service: 'Furnace tune-up', location: 'Dayton' };
  await t.database.db.insert(leads).values([
    ...[1, 2, 3].map((d) => ({
      ...base,
      name: `Facebook ${d}`,
      source: 'landing:p1',
      utm: { utm_source: 'facebook' },
      status: 'converted' as const,
      createdAt: daysAgo(d + 3),
      lastContactedAt: new Date(daysAgo(d + 3).getTime() + 2 * 3_600_000),
      closedAt: daysAgo(d),
      predictedValue: '450.00',
    })),
    { ...base, name: 'Page 1', source: 'landing:p1', createdAt: hoursAgo(5) },
    { ...base, name: 'Page 2', source: 'landing:p1', createdAt: hoursAgo(30) },
  ]);
}

beforeAll(async () => {
  owner = await signUp(t.app);
  await seedLeads(await tenantIdOf(t.database.db, owner.userId));
});

describe('AI coach insights', () => {
  it('sends the computed summary to the model and keeps its insights with their figures and action', async () => {
    let prompt = '';
    llm.script((req: LlmRequest) => {
      prompt = JSON.stringify(req.body.messages);
      return {
        object: {
          insights: [
            {
              insightType: 'achievement',
              title: 'Facebook brings the money',
              message: 'Your Facebook posts brought 3 jobs worth $1,350 this month; your landing page brought none.',
              priority: 'high',
              category: 'revenue',
              figures: [{ label: 'Social post revenue (30 days)', value: '$1,350' }],
              action: { label: 'See revenue by source', href: '/ai-coach?tab=revenue' },
            },
          ],
        },
      };
    });
    const res = await call('POST', '/api/ai-coach/generate-recommendations', owner.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<TGenerateResult>();
    expect(body.source).toBe('ai');
    // The model was given the real figures: 5 leads, 3 converted, $1,350 from social posts.
    expect(prompt).toContain('\\"revenue\\":1350');
    expect(prompt).toContain('\\"source\\":\\"social_post\\",\\"leads\\":3,\\"converted\\":3');
    expect(body.missing).toEqual(expect.arrayContaining(['social', 'reviews']));
    expect(body.insights[0]).toMatchObject({
      title: 'Facebook brings the money',
      figures: [{ label: 'Social post revenue (30 days)', value: '$1,350' }],
      action: { label: 'See revenue by source', href: '/ai-coach?tab=revenue' },
      isRead: false,
      source: 'ai',
    });
  });

  it('drops a model insight citing a number the summary does not hold; with none left, the offline engine answers', async () => {
    const draft = (title: string, value: string) => ({
      insightType: 'tip',
      title,
      message: `${title}.`,
      priority: 'medium',
      category: 'revenue',
      figures: [
        { label: 'Social post jobs (30 days)', value: '3' },
        { label: 'Revenue (30 days)', value },
      ],
      action: { label: 'See revenue by source', href: '/ai-coach?tab=revenue' },
    });
    llm.script({ object: { insights: [draft('Real figures', '$1,350'), draft('Invented figure', '$9,999')] } });
    const kept = (await call('POST', '/api/ai-coach/generate-recommendations', owner.cookie)).json<TGenerateResult>();
    expect(kept.source).toBe('ai');
    expect(kept.insights.map((i) => i.title)).toEqual(['Real figures']);

    llm.script({ object: { insights: [draft('Invented figure', '$9,999'), draft('Invented rate', '87.5%')] } });
    const fallback = (
      await call('POST', '/api/ai-coach/generate-recommendations', owner.cookie)
    ).json<TGenerateResult>();
    expect(fallback.source).toBe('offline');
    expect(fallback.insights.map((i) => i.title)).not.toContain('Invented figure');
    expect(fallback.insights.find((i) => i.category === 'revenue')?.message).toContain(
      'Social post brought 3 jobs worth $1,350 in the last 30 days',
    );
  });

  it('a model answer that links outside the app falls back to the offline engine, which cites the same figures', async () => {
    llm.script({
      object: {
        insights: [
          {
            insightType: 'tip',
            title: 'x',
            message: 'y',
            priority: 'low',
            category: 'leads',
            figures: [{ label: 'a', value: '1' }],
            action: { label: 'Go', href: 'https://evil.example' },
          },
        ],
      },
    });
    const res = await call('POST', '/api/ai-coach/generate-recommendations', owner.cookie);
    const body = res.json<TGenerateResult>();
    expect(body.source).toBe('offline');
    const revenue = body.insights.find((i) => i.category === 'revenue')!;
    expect(revenue.message).toContain('Social post brought 3 jobs worth $1,350 in the last 30 days');
    expect(revenue.message).toContain('Landing page brought leads but no jobs yet.');
    const waiting = body.insights.find((i) => i.title === '2 leads still waiting for a call')!;
    expect(waiting.action).toEqual({ label: 'Call new leads', href: '/leads?status=new' });
  });

  it('mark-as-read and act change only the caller business insight; another business gets a 404', async () => {
    const list = (await call('GET', '/api/ai-coach/insights', owner.cookie)).json<TInsightList>();
    const first = list.insights[0]!;
    const read = await call('POST', `/api/ai-coach/insights/${first.id}/read`, owner.cookie);
    expect(read.json<TInsight>().isRead).toBe(true);
    const acted = await call('POST', `/api/ai-coach/insights/${first.id}/act`, owner.cookie);
    expect(acted.json<TInsight>()).toMatchObject({ isRead: true, isActionTaken: true });

    const other = await signUp(t.app);
    expect((await call('POST', `/api/ai-coach/insights/${first.id}/read`, other.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/ai-coach/insights/not-an-id/read', other.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/ai-coach/insights', other.cookie)).json<TInsightList>().insights).toEqual([]);
  });

  it('revenue by source sums the converted jobs per source', async () => {
    const res = await call('GET', '/api/ai-coach/revenue-by-source?days=30', owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TRevenueBySource>();
    expect(body.totalRevenue).toBe(1350);
    expect(body.sources).toEqual([
      { source: 'social_post', label: 'Social post', leads: 3, converted: 3, revenue: 1350, items: [] },
      { source: 'landing_page', label: 'Landing page', leads: 2, converted: 0, revenue: 0, items: [] },
    ]);
  });

  it('a lead entered with its source and converted with a job value counts that value; without one, its predicted value', async () => {
    const other = await signUp(t.app);
    const add = async (name: string, source: string) => {
      const res = await call('POST', '/api/leads', other.cookie, {
        name,
        service: 'Furnace repair',
        location: 'Dayton',
        source,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().source).toBe(source);
      return res.json<{ id: string; predictedValue: number }>();
    };
    const gbp = await add('Ava Stone', 'google_business');
    const manual = await add('Ben Ortiz', 'manual');
    const valued = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${gbp.id}`,
      headers: { cookie: other.cookie },
      payload: { status: 'converted', jobValue: 1200 },
    });
    expect(valued.json()).toMatchObject({ status: 'converted', jobValue: 1200 });
    const defaulted = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${manual.id}`,
      headers: { cookie: other.cookie },
      payload: { status: 'converted' },
    });
    const predicted = defaulted.json().predictedValue as number;
    expect(defaulted.json().jobValue).toBe(predicted);
    const body = (await call('GET', '/api/ai-coach/revenue-by-source?days=30', other.cookie)).json<TRevenueBySource>();
    expect(body.sources).toEqual(
      expect.arrayContaining([
        {
          source: 'google_business',
          label: 'Google Business Profile',
          leads: 1,
          converted: 1,
          revenue: 1200,
          items: [],
        },
        { source: 'manual', label: 'Manual entry', leads: 1, converted: 1, revenue: predicted, items: [] },
      ]),
    );
    expect(body.totalRevenue).toBe(1200 + predicted);
  });
});
