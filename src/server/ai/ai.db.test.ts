import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeLlm } from '#tests/fakes/llm-server.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { testConfig } from '#server/config.ts';
import { businessPlanId } from '#server/modules/auth/accounts.service.ts';
import { createAi } from './ai.ts';
import { findUsage } from './usage.repo.ts';

const llm = await startFakeLlm();
afterAll(() => llm.close());

const t = useTestApp({
  config: {
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: llm.anthropicBaseUrl,
    OPENAI_API_KEY: 'sk-openai-test',
    OPENAI_BASE_URL: llm.openaiBaseUrl,
    AI_TIMEOUT_MS: '1500',
  },
});

const Tip = z.object({ title: z.string(), steps: z.array(z.string()).min(1) });
const offlineTip = () => ({ title: 'Offline tip', steps: ['Call the lead back today'] });
let tenantId: string;
let userId: string;

beforeAll(async () => {
  userId = (await signUp(t.app)).userId;
  tenantId = await tenantIdOf(t.database.db, userId);
});
beforeEach(() => llm.reset());

describe('ai.object through the real SDK against the fake providers', () => {
  it('parses an Anthropic json-tool answer and records the request and tokens for the tenant', async () => {
    const before = await findUsage(t.database.db, tenantId);
    llm.script({
      object: { title: 'Call today', steps: ['Call Ava', 'Send a quote'] },
      usage: { input: 321, output: 45 },
    });
    const result = await t.app.deps.ai.object(
      { tenantId, userId },
      { schema: Tip, prompt: 'Tip for a new lead', model: 'claude-sonnet-4', offline: offlineTip },
    );
    expect(result).toEqual({ source: 'ai', value: { title: 'Call today', steps: ['Call Ava', 'Send a quote'] } });
    const [request] = llm.requests;
    expect(request?.api).toBe('anthropic');
    expect(request?.headers['x-api-key']).toBe('sk-ant-test');
    expect(request?.body.model).toBe('claude-sonnet-4-20250514');
    const after = await findUsage(t.database.db, tenantId);
    expect(after).toEqual({
      requests: before.requests + 1,
      inputTokens: before.inputTokens + 321,
      outputTokens: before.outputTokens + 45,
    });
  });

  it('parses an OpenAI Chat Completions JSON answer for gpt-4o', async () => {
    llm.script({ object: { title: 'Quote fast', steps: ['Send the quote within an hour'] } });
    const result = await t.app.deps.ai.object(
      { tenantId, userId },
      { schema: Tip, prompt: 'Tip', model: 'gpt-4o', offline: offlineTip },
    );
    expect(result).toEqual({ source: 'ai', value: { title: 'Quote fast', steps: ['Send the quote within an hour'] } });
    expect(llm.requests[0]?.path).toBe('/openai/v1/chat/completions');
    expect(llm.requests[0]?.headers.authorization).toBe('Bearer sk-openai-test');
    expect(llm.requests[0]?.body.model).toBe('gpt-4o');
  });

  it('falls back to offline on invalid JSON, a schema mismatch, a provider error and a timeout', async () => {
    const before = await findUsage(t.database.db, tenantId);
    llm.script({ text: 'Sure! Here is your tip: {title: oops' });
    expect(
      await t.app.deps.ai.object(
        { tenantId, userId },
        { schema: Tip, prompt: 'Tip', model: 'gpt-5', offline: offlineTip },
      ),
    ).toEqual({ source: 'offline', value: offlineTip() });
    llm.script({ object: { title: 'No steps here' } });
    expect(
      await t.app.deps.ai.object(
        { tenantId, userId },
        { schema: Tip, prompt: 'Tip', model: 'claude-haiku-3.5', offline: offlineTip },
      ),
    ).toEqual({ source: 'offline', value: offlineTip() });
    llm.script({ status: 529 });
    expect(
      await t.app.deps.ai.object({ tenantId, userId }, { schema: Tip, prompt: 'Tip', offline: offlineTip }),
    ).toEqual({
      source: 'offline',
      value: offlineTip(),
    });
    llm.script({ delayMs: 4000, object: offlineTip() });
    const started = Date.now();
    expect(
      await t.app.deps.ai.object({ tenantId, userId }, { schema: Tip, prompt: 'Tip', offline: offlineTip }),
    ).toEqual({
      source: 'offline',
      value: offlineTip(),
    });
    expect(Date.now() - started).toBeLessThan(3500);
    // Every attempt is counted, answered or not.
    expect((await findUsage(t.database.db, tenantId)).requests).toBe(before.requests + 4);
  });

  it('answers text and falls back on an empty reply', async () => {
    llm.script({ text: '  Ask for the review the day the job is done.  ' }, { text: '' });
    expect(await t.app.deps.ai.text({ tenantId, userId }, { prompt: 'One tip', offline: () => 'offline' })).toEqual({
      source: 'ai',
      value: 'Ask for the review the day the job is done.',
    });
    expect(await t.app.deps.ai.text({ tenantId, userId }, { prompt: 'One tip', offline: () => 'offline' })).toEqual({
      source: 'offline',
      value: 'offline',
    });
  });
});

describe('ai.stream: text as the model writes it', () => {
  for (const model of ['claude-sonnet-4', 'gpt-4o']) {
    it(`hands over each delta from ${model} and counts the tokens of the finished answer`, async () => {
      const before = await findUsage(t.database.db, tenantId);
      llm.script({ text: 'One. Two. Three. Four.', chunkSize: 5, usage: { input: 50, output: 7 } });
      const deltas: string[] = [];
      const result = await t.app.deps.ai.stream(
        { tenantId, userId },
        { prompt: 'Count', model, onDelta: (d) => deltas.push(d), parse: (s) => s.split('. '), offline: () => [] },
      );
      expect(deltas).toEqual(['One. ', 'Two. ', 'Three', '. Fou', 'r.']);
      expect(result).toEqual({ source: 'ai', value: ['One', 'Two', 'Three', 'Four.'] });
      expect(llm.requests[0]?.body.stream).toBe(true);
      expect(await findUsage(t.database.db, tenantId)).toMatchObject({
        requests: before.requests + 1,
        inputTokens: before.inputTokens + 50,
        outputTokens: before.outputTokens + 7,
      });
    });
  }

  it('answers offline when the answer does not parse or the provider breaks off', async () => {
    const request = {
      prompt: 'Count',
      model: 'claude-sonnet-4',
      onDelta: () => undefined,
      parse: (s: string) => {
        if (!s.endsWith('.')) throw new Error('unfinished');
        return s;
      },
      offline: () => 'offline',
    };
    llm.script({ text: 'no full stop' });
    expect(await t.app.deps.ai.stream({ tenantId, userId }, request)).toEqual({ source: 'offline', value: 'offline' });
    llm.script({ text: 'Cut off here. And here.', chunkSize: 4, breakAfterChunks: 2 });
    expect(await t.app.deps.ai.stream({ tenantId, userId }, request)).toEqual({ source: 'offline', value: 'offline' });
  });
});

describe('model availability per configuration', () => {
  const availability = (env: Record<string, string>) =>
    createAi({ config: testConfig(env).ai, db: t.database.db, planOf: businessPlanId }).models.map(
      (m) => `${m.id}:${m.provider}:${m.available}`,
    );

  it('marks only the configured providers’ models available and adds the compatible model', () => {
    expect(availability({})).toEqual([
      'claude-sonnet-4:anthropic:false',
      'claude-haiku-3.5:anthropic:false',
      'gpt-5:openai:false',
      'gpt-4o:openai:false',
    ]);
    expect(availability({ ANTHROPIC_API_KEY: 'k' })).toEqual([
      'claude-sonnet-4:anthropic:true',
      'claude-haiku-3.5:anthropic:true',
      'gpt-5:openai:false',
      'gpt-4o:openai:false',
    ]);
    expect(
      availability({
        OPENAI_API_KEY: 'k',
        AI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
        AI_COMPATIBLE_MODEL: 'llama3.1',
      }),
    ).toEqual([
      'claude-sonnet-4:anthropic:false',
      'claude-haiku-3.5:anthropic:false',
      'gpt-5:openai:true',
      'gpt-4o:openai:true',
      'llama3.1:openai-compatible:true',
    ]);
    expect(createAi().configured).toBe(false);
  });

  it('sends a request for an unconfigured model to the configured default', async () => {
    const ai = createAi({
      config: testConfig({
        AI_COMPATIBLE_BASE_URL: llm.compatibleBaseUrl,
        AI_COMPATIBLE_MODEL: 'llama3.1',
        AI_COMPATIBLE_API_KEY: 'local',
      }).ai,
      db: t.database.db,
      planOf: businessPlanId,
    });
    llm.script({ text: 'From the local model' });
    expect(
      await ai.text({ tenantId, userId }, { prompt: 'hi', model: 'claude-sonnet-4', offline: () => 'offline' }),
    ).toEqual({
      source: 'ai',
      value: 'From the local model',
    });
    expect(llm.requests[0]?.path).toBe('/compatible/v1/chat/completions');
    expect(llm.requests[0]?.body.model).toBe('llama3.1');
  });

  it('refuses a default model that is not on the list', () => {
    expect(() => testConfig({ AI_DEFAULT_MODEL: 'gpt-2' })).toThrow(/AI_DEFAULT_MODEL: must be one of claude-sonnet-4/);
    expect(() => testConfig({ AI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/AI_COMPATIBLE_MODEL/);
  });
});

describe('the onboarding plan through the AI layer', () => {
  const profile = {
    businessName: 'Clearwater Plumbing',
    businessType: 'plumbing',
    serviceArea: 'Tacoma, WA',
    primaryGoals: ['more-reviews'],
    contentTone: 'friendly',
  };
  const step = {
    title: 'Ask every customer for a review',
    description: 'Text a review link the day the job is done.',
    category: 'reviews',
    priority: 'high',
    estimatedImpact: 'More reviews',
    setupTime: '15 minutes',
  };
  const plan = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/generate-onboarding-plan',
      payload: profile,
      remoteAddress: '10.77.0.1',
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('is written by the model for a signed-in owner, and by the offline planner when the reply does not fit the schema', async () => {
    const { cookie } = await signUp(t.app);
    llm.script({ object: { recommendations: [step] } });
    const res = await plan(cookie);
    expect(res.json()).toEqual({ source: 'ai', recommendations: [step] });
    expect(JSON.stringify(llm.requests[0]?.body.messages)).toContain('Clearwater Plumbing');

    llm.script({ object: { recommendations: [] } });
    const fallback = (await plan(cookie)).json<{ source: string; recommendations: unknown[] }>();
    expect(fallback.source).toBe('offline');
    expect(fallback.recommendations.length).toBeGreaterThan(0);
  });

  it('never spends a model call on an anonymous visitor', async () => {
    const res = await plan();
    expect(res.json<{ source: string }>().source).toBe('offline');
    expect(llm.requests).toHaveLength(0);
  });
});
