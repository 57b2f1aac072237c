import {
  generateText,
  streamText,
  NoObjectGeneratedError,
  Output,
  stepCountIs,
  type LanguageModel,
  type LanguageModelUsage,
  type ToolSet,
} from 'ai';
import type { z } from 'zod';
import type { TFelixModel } from '#shared/schemas/felix.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { aiAllowance } from '#shared/plans.ts';
import { RateLimitError } from '#server/errors.ts';
import { hit } from '#server/security/rate-limit.ts';
import { buildModelRegistry, pickModel, type ModelEntry } from './providers.ts';
import { addUsage, findUsage, type UsageDelta } from './usage.repo.ts';

/**
 * The AI layer's one small interface (issue 5), used by every AI feature. Each call names the
 * tenant and the person (usage is recorded per tenant; the AI budget is enforced here, before any
 * provider call, so every feature goes through it) and carries an `offline` answer: it is used when no
 * provider is configured, the call fails, or the model's output does not parse, so a feature
 * never fails because of the model. `source` tells the caller which one answered.
 */
export interface AiCallContext {
  tenantId: string;
  /** The person asking; their hourly AI requests are limited too. '' for a system run (a job), which has no person. */
  userId: string;
}

/** The rate-limit keys of the hourly AI budget. */
export function aiBudgetKeys(ctx: AiCallContext): { user: string; tenant: string } {
  return { user: `ai:user:${ctx.userId}`, tenant: `ai:tenant:${ctx.tenantId}` };
}

export interface AiResult<T> {
  value: T;
  source: 'ai' | 'offline';
}

export interface AiObjectRequest<T> {
  schema: z.ZodType<T>;
  system?: string;
  prompt: string;
  /** A model id from GET /api/felix/models; defaults to the configured default model. */
  model?: string;
  offline: () => T | Promise<T>;
}

export interface AiTextRequest {
  system?: string;
  prompt: string;
  model?: string;
  offline: () => string | Promise<string>;
}

/**
 * Text written as it arrives: every delta goes to `onDelta` (to be shown while the model writes),
 * then `parse` turns the whole text into the answer; a parse that throws counts as a failed call,
 * so the offline answer replaces what was streamed. The caller shows the final value, not the deltas.
 */
export interface AiStreamRequest<T> {
  system?: string;
  prompt: string;
  model?: string;
  /** Room for a long answer (an article); the layer's default otherwise. */
  maxOutputTokens?: number;
  onDelta: (delta: string) => void;
  parse: (text: string) => T;
  offline: () => T | Promise<T>;
}

export interface AiChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface AiChatRequest {
  system: string;
  messages: AiChatMessage[];
  /** Tools the model may call; each must read only the calling tenant's data. */
  tools: ToolSet;
  model?: string;
  offline: () => string | Promise<string>;
}

export interface Ai {
  /** True when some provider is configured (the offline engine is always there). */
  readonly configured: boolean;
  /** The models of the spec plus a configured compatible one, `available` where a provider is set. */
  readonly models: TFelixModel[];
  object<T>(ctx: AiCallContext, request: AiObjectRequest<T>): Promise<AiResult<T>>;
  text(ctx: AiCallContext, request: AiTextRequest): Promise<AiResult<string>>;
  stream<T>(ctx: AiCallContext, request: AiStreamRequest<T>): Promise<AiResult<T>>;
  /** A conversation in which the model may call tools (up to a few round trips) before answering. */
  chat(ctx: AiCallContext, request: AiChatRequest): Promise<AiResult<string>>;
}

export interface AiDeps {
  config: AppConfig['ai'];
  db: Db;
  /** The business's plan id, for its AI allowance: the accounts area's, handed in from above. */
  planOf: (db: Db, tenantId: string) => Promise<string | undefined>;
  log?: { warn: (obj: object, msg: string) => void };
}

const HOUR = 3_600_000;

function waitText(until: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
const secondsUntil = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));

/**
 * The business's AI budget, checked before any provider call (offline answers cost nothing and
 * are not counted): this month's tokens against the plan's allowance, then one request against
 * the person's and the business's hourly limits. A system run (no person) counts only against the
 * business's. Over budget is a 429 that says which limit.
 */
async function enforceBudget(deps: AiDeps, ctx: AiCallContext): Promise<void> {
  const { db } = deps;
  const [plan, used] = await Promise.all([deps.planOf(db, ctx.tenantId), findUsage(db, ctx.tenantId)]);
  const allowance = aiAllowance(plan);
  if (used.inputTokens + used.outputTokens >= allowance.tokensPerMonth) {
    const now = new Date();
    const renews = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const day = renews.toLocaleDateString('en-US', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    throw new RateLimitError(
      `Your business has used this month's AI allowance (${allowance.tokensPerMonth.toLocaleString('en-US')} tokens on the ${allowance.name} plan). It renews on ${day}; a larger plan includes more.`,
      secondsUntil(renews),
    );
  }
  const keys = aiBudgetKeys(ctx);
  if (ctx.userId) {
    const user = await hit(db, keys.user, { limit: allowance.requestsPerHourPerUser, windowMs: HOUR });
    if (user.count > allowance.requestsPerHourPerUser) {
      throw new RateLimitError(
        `You've reached your AI limit of ${allowance.requestsPerHourPerUser} requests an hour. Please try again in ${waitText(user.resetAt)}.`,
        secondsUntil(user.resetAt),
      );
    }
  }
  const tenant = await hit(db, keys.tenant, { limit: allowance.requestsPerHourPerTenant, windowMs: HOUR });
  if (tenant.count > allowance.requestsPerHourPerTenant) {
    throw new RateLimitError(
      `Your business has reached its AI limit of ${allowance.requestsPerHourPerTenant} requests an hour. Please try again in ${waitText(tenant.resetAt)}.`,
      secondsUntil(tenant.resetAt),
    );
  }
}

const MAX_TOOL_STEPS = 5;
const MAX_OUTPUT_TOKENS = 2048;

/** Per call: counts every provider round trip and its tokens as the SDK reports them. */
function usageTracker() {
  const total: UsageDelta = { requests: 0, inputTokens: 0, outputTokens: 0 };
  return {
    total,
    onStepFinish: ({ usage }: { usage: LanguageModelUsage }) => {
      total.requests += 1;
      total.inputTokens += usage.inputTokens ?? 0;
      total.outputTokens += usage.outputTokens ?? 0;
    },
  };
}

class UnusableReplyError extends Error {
  constructor(reason = 'the model answered with empty text') {
    super(reason);
  }
}

/**
 * The AI layer: providers configured by environment, else (or on any failure) the offline answer.
 * Without deps every answer is offline (scripts and tests that do not need a model).
 */
export function createAi(deps?: AiDeps): Ai {
  const registry: ModelEntry[] = buildModelRegistry(deps?.config);
  const common = { maxRetries: 0, maxOutputTokens: MAX_OUTPUT_TOKENS, timeout: deps?.config.timeoutMs };

  async function run<T>(
    ctx: AiCallContext,
    requested: string | undefined,
    call: (model: LanguageModel, onStepFinish: ReturnType<typeof usageTracker>['onStepFinish']) => Promise<T>,
    offline: () => T | Promise<T>,
  ): Promise<AiResult<T>> {
    const entry = deps ? pickModel(registry, requested, deps.config.defaultModel) : undefined;
    if (!deps || !entry?.model) return { value: await offline(), source: 'offline' };
    await enforceBudget(deps, ctx);
    const usage = usageTracker();
    try {
      const value = await call(entry.model, usage.onStepFinish);
      await addUsage(deps.db, ctx.tenantId, usage.total);
      return { value, source: 'ai' };
    } catch (err) {
      // A reply that did not parse was still a completed (and billed) request; any other error is
      // the round trip that failed.
      if (!NoObjectGeneratedError.isInstance(err) && !(err instanceof UnusableReplyError)) usage.total.requests += 1;
      await addUsage(deps.db, ctx.tenantId, usage.total);
      // Only the reason: SDK errors carry the request body, i.e. the business's data.
      deps.log?.warn(
        { model: entry.id, reason: err instanceof Error ? `${err.name}: ${err.message}` : String(err) },
        'AI call failed; the offline engine answered',
      );
      return { value: await offline(), source: 'offline' };
    }
  }

  return {
    configured: registry.some((m) => m.available),
    models: registry.map(({ model: _model, ...m }) => m),
    object: (ctx, request) =>
      run(
        ctx,
        request.model,
        async (model, onStepFinish) => {
          const result = await generateText({
            ...common,
            model,
            ...(request.system ? { system: request.system } : {}),
            prompt: request.prompt,
            output: Output.object({ schema: request.schema }),
            onStepFinish,
          });
          return result.output;
        },
        request.offline,
      ),
    text: (ctx, request) =>
      run(
        ctx,
        request.model,
        async (model, onStepFinish) => {
          const result = await generateText({
            ...common,
            model,
            ...(request.system ? { system: request.system } : {}),
            prompt: request.prompt,
            onStepFinish,
          });
          if (!result.text.trim()) throw new UnusableReplyError();
          return result.text.trim();
        },
        request.offline,
      ),
    stream: (ctx, request) =>
      run(
        ctx,
        request.model,
        async (model, onStepFinish) => {
          let failure: unknown;
          const result = streamText({
            ...common,
            ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
            model,
            ...(request.system ? { system: request.system } : {}),
            prompt: request.prompt,
            onStepFinish,
            // Kept for the fallback below instead of the SDK's default console logging.
            onError: ({ error }) => {
              failure ??= error;
            },
          });
          let text = '';
          for await (const delta of result.textStream) {
            text += delta;
            request.onDelta(delta);
          }
          if (failure) throw failure;
          // A timeout ends the text quietly: only a finished answer counts (this throws on an abort),
          // and one cut off at the token limit is not a whole article either.
          const finish = await result.finishReason;
          if (finish !== 'stop') throw new UnusableReplyError(`the answer ended early (${finish})`);
          if (!text.trim()) throw new UnusableReplyError();
          try {
            return request.parse(text);
          } catch (err) {
            throw new UnusableReplyError(
              `the streamed answer did not parse: ${err instanceof Error ? err.message : String(err)}`,
            );
          }
        },
        request.offline,
      ),
    chat: (ctx, request) =>
      run(
        ctx,
        request.model,
        async (model, onStepFinish) => {
          const result = await generateText({
            ...common,
            model,
            system: request.system,
            messages: request.messages,
            tools: request.tools,
            stopWhen: stepCountIs(MAX_TOOL_STEPS),
            onStepFinish,
          });
          if (!result.text.trim()) throw new UnusableReplyError();
          return result.text.trim();
        },
        request.offline,
      ),
  };
}
