import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { TInsightList } from '#shared/schemas/coach.ts';
import { aiAllowance } from '#shared/plans.ts';
import { aiBudgetKeys } from '#server/ai/ai.ts';
import { addUsage } from '#server/ai/usage.repo.ts';
import { hit } from '#server/security/rate-limit.ts';
import { startFakeLlm } from '#tests/fakes/llm-server.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { coachDeps, weeklyInsights } from './coach.service.ts';

// The Monday job writes insights for every business that uses the coach, with no person behind
// it: businesses do not share one person's hourly AI limit, and a business the AI budget refuses
// still gets the rule-based insights from its own summary.

const llm = await startFakeLlm();
afterAll(() => llm.close());
const t = useTestApp({ config: { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: llm.anthropicBaseUrl } });
beforeEach(() => llm.reset());

const free = aiAllowance('free');

/** A business that uses the coach (it has a goal), so the weekly job visits it. */
async function coachUser(): Promise<SignedUp & { tenantId: string }> {
  const owner = await signUp(t.app);
  const goal = await t.app.inject({
    method: 'POST',
    url: '/api/ai-coach/goals',
    headers: { cookie: owner.cookie },
    payload: { title: 'Publish 3 posts this week', targetValue: 3 },
  });
  expect(goal.statusCode, goal.body).toBe(201);
  return { ...owner, tenantId: await tenantIdOf(t.database.db, owner.userId) };
}

const insightsOf = async (owner: SignedUp) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/ai-coach/insights', headers: { cookie: owner.cookie } })
  ).json<TInsightList>().insights;

const modelAnswer = {
  object: {
    insights: [
      {
        insightType: 'recommendation',
        title: 'Get your first lead this week',
        message: 'No leads came in during the last 30 days.',
        priority: 'high',
        category: 'leads',
        figures: [{ label: 'Leads (30 days)', value: '0' }],
        action: { label: 'Build a landing page', href: '/website' },
      },
    ],
  },
};

describe('weekly coach insights', () => {
  it('two businesses each get the model’s insights when only one request an hour would be left for a person', async () => {
    const a = await coachUser();
    const b = await coachUser();
    // A job has no person: before, every business's run counted against the same "person" key,
    // so with one request left on it the second business got nothing.
    const shared = aiBudgetKeys({ tenantId: a.tenantId, userId: '' }).user;
    for (let i = 0; i < free.requestsPerHourPerUser - 1; i++)
      await hit(t.database.db, shared, { limit: free.requestsPerHourPerUser, windowMs: 3_600_000 });
    llm.script(modelAnswer, modelAnswer);

    expect(await weeklyInsights(coachDeps(t.app.deps))).toEqual({ tenants: 2, failed: 0 });
    expect(llm.requests).toHaveLength(2);
    for (const owner of [a, b]) {
      expect(await insightsOf(owner)).toEqual([
        expect.objectContaining({ title: 'Get your first lead this week', source: 'ai' }),
      ]);
    }
  });

  it('a business over its monthly AI allowance gets the rule-based insights from its summary', async () => {
    const spent = await coachUser();
    await addUsage(t.database.db, spent.tenantId, { requests: 1, inputTokens: free.tokensPerMonth, outputTokens: 0 });
    llm.script(modelAnswer, modelAnswer, modelAnswer);

    const result = await weeklyInsights(coachDeps(t.app.deps));
    expect(result.failed).toBe(0);
    const insights = await insightsOf(spent);
    expect(insights.length).toBeGreaterThan(0);
    expect(insights.every((i) => i.source === 'offline')).toBe(true);
    expect(insights).toContainEqual(
      expect.objectContaining({
        title: 'No new leads in 30 days',
        figures: [
          { label: 'Leads (30 days)', value: '0' },
          { label: 'Leads (90 days)', value: '0' },
        ],
      }),
    );
  });
});
