import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiAllowance } from '#shared/plans.ts';
import { startFakeLlm } from '#tests/fakes/llm-server.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { memberOf } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { hit } from '#server/security/rate-limit.ts';
import { aiBudgetKeys } from './ai.ts';
import { addUsage } from './usage.repo.ts';

// Security review, finding 4: AI calls cost money per request. Every call through the AI layer
// is counted per user and per business each hour, and against the business's monthly tokens,
// before any provider is called; over budget is a 429 with a clear message.
const llm = await startFakeLlm();
afterAll(() => llm.close());

const t = useTestApp({ config: { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: llm.anthropicBaseUrl } });
const free = aiAllowance('free');

let owner: SignedUp;
let tenantId: string;
beforeAll(async () => {
  owner = await signUp(t.app);
  tenantId = await tenantIdOf(t.database.db, owner.userId);
});
beforeEach(() => llm.reset());

const reply = () => llm.script({ text: 'Call the lead back today.', usage: { input: 100, output: 20 } });
const ask = (userId: string) =>
  t.app.deps.ai.text({ tenantId, userId }, { prompt: 'One tip', offline: () => 'offline tip' });

async function refusedWith(userId: string, message: RegExp) {
  const before = llm.requests.length;
  const error = await ask(userId).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ status: 429, message: expect.stringMatching(message) });
  expect(llm.requests.length).toBe(before);
}

describe('the AI budget', () => {
  it('lead tips are a POST (a GET no longer calls the model)', async () => {
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { cookie: owner.cookie },
      payload: { name: 'Pat Lee', service: 'Furnace repair', location: 'Dayton' },
    });
    const url = `/api/leads/${lead.json().id}/recommendations`;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    llm.script({ object: { recommendations: ['Call Pat today', 'Send a quote'] } });
    const tips = await t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie } });
    expect(tips.statusCode, tips.body).toBe(200);
    expect(tips.json().source).toBe('ai');
  });

  it(`one person gets ${free.requestsPerHourPerUser} AI requests an hour, then a 429 before any provider call`, async () => {
    const person = await memberOf(t.app, t.database.db, owner, 'user');
    for (let i = 0; i < free.requestsPerHourPerUser; i++) {
      reply();
      expect((await ask(person.userId)).source).toBe('ai');
    }
    await refusedWith(person.userId, /^You've reached your AI limit of \d+ requests an hour\. Please try again in/);
  });

  it('the business has an hourly ceiling across its people', async () => {
    const other = await memberOf(t.app, t.database.db, owner, 'user');
    const keys = aiBudgetKeys({ tenantId, userId: other.userId });
    for (let i = 0; i < free.requestsPerHourPerTenant; i++)
      await hit(t.database.db, keys.tenant, { limit: free.requestsPerHourPerTenant, windowMs: 3_600_000 });
    await refusedWith(other.userId, /^Your business has reached its AI limit of \d+ requests an hour\./);
  });

  it("the business's monthly tokens come from its plan", async () => {
    const next = await signUp(t.app);
    const nextTenant = await tenantIdOf(t.database.db, next.userId);
    await addUsage(t.database.db, nextTenant, { requests: 1, inputTokens: free.tokensPerMonth, outputTokens: 0 });
    const before = llm.requests.length;
    const error = await t.app.deps.ai
      .text({ tenantId: nextTenant, userId: next.userId }, { prompt: 'One tip', offline: () => 'offline' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      message: expect.stringMatching(
        /^Your business has used this month's AI allowance \([\d,]+ tokens on the Free plan\)\. It renews on/,
      ),
    });
    expect(llm.requests.length).toBe(before);
  });
});
