import { z } from 'zod';

/** Felix models of spec-1 §8, in the order shown; the default is claude-sonnet-4. */
export const FELIX_DEFAULT_MODEL = 'claude-sonnet-4';

export const QUICK_ACTION_ICONS = ['PlusCircle', 'Users', 'Star', 'BarChart3', 'MessageSquare', 'Search', 'Zap'] as const;

export const ZFelixModel = z.object({
  id: z.string(),
  name: z.string(),
  /** anthropic, openai, or openai-compatible for a configured local/compatible server. */
  provider: z.enum(['anthropic', 'openai', 'openai-compatible']),
  description: z.string(),
  available: z.boolean(),
});
export type TFelixModel = z.infer<typeof ZFelixModel>;
export const ZFelixModels = z.object({ models: z.array(ZFelixModel) });
export type TFelixModels = z.infer<typeof ZFelixModels>;

/** The four models of spec-1 §8 in their order (the client's list when the model call fails). */
export const FELIX_MODELS = [
  { id: 'claude-sonnet-4', name: 'Claude 4.0 Sonnet', provider: 'anthropic', description: "Anthropic's balanced model for thoughtful marketing advice" },
  { id: 'claude-haiku-3.5', name: 'Claude 3.5 Haiku', provider: 'anthropic', description: "Anthropic's fastest model for quick answers" },
  { id: 'gpt-5', name: 'GPT-5', provider: 'openai', description: "OpenAI's most capable model" },
  { id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', description: "OpenAI's fast general-purpose model" },
] as const satisfies readonly Omit<TFelixModel, 'available'>[];

export const ZSuggestion = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  route: z.string(),
});
export type TSuggestion = z.infer<typeof ZSuggestion>;

export const ZQuickAction = z.object({
  id: z.string(),
  label: z.string(),
  icon: z.enum(QUICK_ACTION_ICONS),
  action: z.string(),
  route: z.string(),
});
export type TQuickAction = z.infer<typeof ZQuickAction>;

/** An insight from the server (spec-1 §3), computed from the tenant's data. */
export const ZInsight = z.object({
  message: z.string(),
  type: z.string(),
  title: z.string(),
  impact: z.string(),
  route: z.string(),
});
export type TInsight = z.infer<typeof ZInsight>;

export const FELIX_MESSAGE_MAX = 4000;
export const FELIX_HISTORY_MAX = 40;

export const ZFelixChatRequest = z.object({
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: z.string().max(FELIX_MESSAGE_MAX, `Messages must be at most ${FELIX_MESSAGE_MAX} characters`),
      }),
    )
    .min(1, 'Please type a message')
    .max(FELIX_HISTORY_MAX)
    .refine((m) => {
      const last = m[m.length - 1];
      return last?.role === 'user' && last.content.trim().length > 0;
    }, 'Please type a message'),
  currentPage: z.string().max(200).default('/dashboard'),
  model: z.string().max(80).default(FELIX_DEFAULT_MODEL),
});
export type TFelixChatRequest = z.input<typeof ZFelixChatRequest>;

export const ZFelixChatResponse = z.object({
  message: z.string(),
  suggestions: z.array(ZSuggestion),
  quickActions: z.array(ZQuickAction),
  insights: z.array(ZInsight),
  /** 'ai' when a provider answered, 'offline' from the built-in engine (the message says so too). */
  source: z.enum(['ai', 'offline']),
});
export type TFelixChatResponse = z.infer<typeof ZFelixChatResponse>;

/** The ten hint ids of spec-2 §3.1. */
export const HINT_IDS = [
  'dashboard-optimization',
  'quick-start-guide',
  'content-calendar',
  'peak-posting-times',
  'connect-analytics',
  'monthly-review',
  'review-response-template',
  'lead-scoring',
  'productivity-boost',
  'business-hours-opportunity',
] as const;
export type THintId = (typeof HINT_IDS)[number];

export const ZHintActionRequest = z.object({
  hintId: z.enum(HINT_IDS, { error: 'Unknown hint' }),
  action: z.string().trim().min(1).max(80),
  timestamp: z.iso.datetime({ offset: true }).or(z.number()).optional(),
});
export type THintActionRequest = z.input<typeof ZHintActionRequest>;
