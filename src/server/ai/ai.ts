import type { z } from 'zod';

/**
 * The AI layer's one small interface (issue 5), used by every AI feature. Each call names the
 * tenant (usage is recorded per tenant) and carries an `offline` answer: it is used when no
 * provider is configured, the call fails, or the model's output does not parse, so a feature
 * never fails because of the model. `source` tells the caller which one answered.
 */
export interface AiCallContext {
  tenantId: string;
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

export interface Ai {
  /** True when some provider is configured (the offline engine is always there). */
  readonly configured: boolean;
  object<T>(ctx: AiCallContext, request: AiObjectRequest<T>): Promise<AiResult<T>>;
  text(ctx: AiCallContext, request: AiTextRequest): Promise<AiResult<string>>;
}

/** Until providers are wired (issue 5): every answer comes from the offline engine. */
export function createAi(): Ai {
  return {
    configured: false,
    async object(_ctx, request) {
      return { value: await request.offline(), source: 'offline' };
    },
    async text(_ctx, request) {
      return { value: await request.offline(), source: 'offline' };
    },
  };
}
