import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TFelixChatResponse, TFelixModels } from '#shared/schemas/felix.ts';
import { OFFLINE_NOTE } from './felix-offline.ts';
import { findUsage } from '#server/ai/usage.repo.ts';
import { startFakeLlm, type LlmRequest } from '#tests/fakes/llm-server.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { insertTenantRows, otherBusiness, sampleBusiness, tenantIdOf } from '#tests/setup/tenant-rows.ts';

// Felix with real providers: the AI SDK talks HTTP to a local fake of Anthropic and OpenAI.
const llm = await startFakeLlm();
afterAll(() => llm.close());

const t = useTestApp({
  config: {
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: llm.anthropicBaseUrl,
    OPENAI_API_KEY: 'sk-openai-test',
    OPENAI_BASE_URL: llm.openaiBaseUrl,
  },
});
let owner: SignedUp;
let ownerTenant: string;

beforeAll(async () => {
  owner = await signUp(t.app, { businessName: 'Brooks Heating' });
  ownerTenant = await tenantIdOf(t.database.db, owner.userId);
  await insertTenantRows(t.database.db, ownerTenant, sampleBusiness());
  const other = await signUp(t.app);
  await insertTenantRows(t.database.db, await tenantIdOf(t.database.db, other.userId), otherBusiness());
});
beforeEach(() => llm.reset());

async function ask(content: string, model: string, history: { role: 'user' | 'assistant'; content: string }[] = []) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/felix/chat',
    headers: { cookie: owner.cookie },
    payload: { messages: [...history, { role: 'user', content }], currentPage: '/leads', model },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TFelixChatResponse>();
}

/** The fake model's second turn: it reads the tool result it was sent and answers from it. */
const answerFromToolResult = (compose: (result: Record<string, unknown>) => string) => (request: LlmRequest) => {
  const result = request.toolResults[0];
  if (!result) return { text: 'I was sent no tool result.' };
  return { text: compose(JSON.parse(result) as Record<string, unknown>) };
};

describe('Felix with a provider', () => {
  it('Anthropic: calls the lead_summary tool and answers with the true count of this business', async () => {
    const usageBefore = await findUsage(t.database.db, ownerTenant);
    llm.script(
      { toolCalls: [{ name: 'lead_summary', input: {} }], usage: { input: 900, output: 30 } },
      answerFromToolResult(
        (r) =>
          `You have ${(r.byStatus as { new: number }).new} new leads; ${String(r.waitingMoreThanADayForFirstContact)} are waiting for a call.`,
      ),
    );
    const reply = await ask('How many new leads do I have?', 'claude-sonnet-4', [
      { role: 'assistant', content: "Hi! I'm Felix." },
    ]);
    expect(reply).toMatchObject({ source: 'ai', message: 'You have 3 new leads; 2 are waiting for a call.' });
    expect(reply.message).not.toContain(OFFLINE_NOTE);
    expect(reply.suggestions.map((s) => s.category)).toEqual(['leads', 'reviews']);
    expect(reply.insights.map((i) => i.title)).toEqual(['Leads waiting for a call', 'Reviews need a reply']);

    const [first, second] = llm.requests;
    expect(first?.api).toBe('anthropic');
    expect(first?.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'How many new leads do I have?' }] },
    ]);
    expect(first?.toolNames).toEqual([
      'lead_summary',
      'leads_awaiting_first_contact',
      'review_summary',
      'scheduled_posts',
      'recent_activity',
    ]);
    expect(JSON.stringify(first?.body.system)).toContain('Never invent');
    expect(JSON.stringify(first?.body.system)).toContain('Brooks Heating');
    // The tool ran on this tenant's rows only: 7 leads, not the other business's 5 more.
    const toolResult = JSON.parse(second?.toolResults[0] ?? '{}') as { total: number; byStatus: { new: number } };
    expect(toolResult.total).toBe(7);
    expect(toolResult.byStatus.new).toBe(3);

    const usage = await findUsage(t.database.db, ownerTenant);
    expect(usage.requests - usageBefore.requests).toBe(2);
    expect(usage.inputTokens - usageBefore.inputTokens).toBe(1000);
    expect(usage.outputTokens - usageBefore.outputTokens).toBe(50);
  });

  it('OpenAI Chat Completions: calls leads_awaiting_first_contact and names only this business’s leads', async () => {
    llm.script(
      { toolCalls: [{ name: 'leads_awaiting_first_contact', input: {} }] },
      answerFromToolResult((r) => `Call ${(r.leads as { name: string }[]).map((l) => l.name).join(' and ')} first.`),
    );
    const reply = await ask('Which leads need a call?', 'gpt-4o');
    expect(reply).toMatchObject({ source: 'ai', message: 'Call Ava Brooks and Ben Carter first.' });
    const [first, second] = llm.requests;
    expect(first?.path).toBe('/openai/v1/chat/completions');
    expect(first?.body.model).toBe('gpt-4o');
    expect(second?.toolResults[0]).toContain('Ava Brooks');
    expect(second?.toolResults[0]).not.toContain('Other Lead');
  });

  it('falls back to the offline engine when the provider fails or answers nothing', async () => {
    llm.script({ status: 500 });
    const failed = await ask('How many new leads do I have?', 'claude-sonnet-4');
    expect(failed.source).toBe('offline');
    expect(failed.message).toContain('You have 3 new leads and 7 leads in all.');
    expect(failed.message).toContain(OFFLINE_NOTE);

    llm.script({ text: '' });
    const empty = await ask('How many new leads do I have?', 'gpt-5');
    expect(empty.source).toBe('offline');
    expect(empty.message).toContain('You have 3 new leads');
  });

  it('lists the configured providers’ models as available', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/felix/models', headers: { cookie: owner.cookie } });
    expect(res.json<TFelixModels>().models.map((m) => `${m.id}:${m.available}`)).toEqual([
      'claude-sonnet-4:true',
      'claude-haiku-3.5:true',
      'gpt-5:true',
      'gpt-4o:true',
    ]);
  });
});
