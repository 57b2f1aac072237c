import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { FELIX_MODELS } from '#shared/felix.ts';
import { FELIX_DEFAULT_MODEL, type TFelixModel } from '#shared/schemas/felix.ts';
import type { AppConfig } from '#server/config.ts';

type AiConfig = AppConfig['ai'];

/** The providers' own model ids behind the names the product shows. */
const PROVIDER_MODEL_IDS: Record<(typeof FELIX_MODELS)[number]['id'], string> = {
  'claude-sonnet-4': 'claude-sonnet-4-20250514',
  'claude-haiku-3.5': 'claude-3-5-haiku-latest',
  'gpt-5': 'gpt-5',
  'gpt-4o': 'gpt-4o',
};

export interface ModelEntry extends TFelixModel {
  /** The SDK model, present only when its provider is configured. */
  model?: LanguageModel;
}

/**
 * The model registry: the spec's four models in order, then the configured OpenAI-compatible
 * model. OpenAI goes through Chat Completions (`.chat`), the API local model servers speak too.
 */
export function buildModelRegistry(ai: AiConfig | undefined): ModelEntry[] {
  const anthropic = ai?.anthropic
    ? createAnthropic({ apiKey: ai.anthropic.apiKey, baseURL: ai.anthropic.baseUrl })
    : undefined;
  const openai = ai?.openai ? createOpenAI({ apiKey: ai.openai.apiKey, baseURL: ai.openai.baseUrl }) : undefined;
  const entries: ModelEntry[] = FELIX_MODELS.map((m) => {
    const providerId = PROVIDER_MODEL_IDS[m.id];
    const model = m.provider === 'anthropic' ? anthropic?.(providerId) : openai?.chat(providerId);
    return { ...m, available: model !== undefined, ...(model ? { model } : {}) };
  });
  if (ai?.compatible) {
    const compatible = createOpenAICompatible({
      name: 'compatible',
      baseURL: ai.compatible.baseUrl,
      apiKey: ai.compatible.apiKey,
    });
    entries.push({
      id: ai.compatible.model,
      name: ai.compatible.model,
      provider: 'openai-compatible',
      description: `Your own model server at ${new URL(ai.compatible.baseUrl).host}`,
      available: true,
      model: compatible.chatModel(ai.compatible.model),
    });
  }
  return entries;
}

/**
 * The model to use for a request: the one asked for when its provider is configured, else the
 * configured default, else the first available one; undefined means the offline engine answers.
 */
export function pickModel(
  registry: ModelEntry[],
  requested: string | undefined,
  defaultModel: string | undefined,
): ModelEntry | undefined {
  const usable = (id: string | undefined) => registry.find((m) => m.id === id && m.model);
  return usable(requested) ?? usable(defaultModel) ?? usable(FELIX_DEFAULT_MODEL) ?? registry.find((m) => m.model);
}
