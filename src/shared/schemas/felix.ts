import { z } from 'zod';
import { zString } from './string.ts';
import { FELIX_DEFAULT_MODEL, FELIX_HISTORY_MAX, FELIX_MESSAGE_MAX } from '../felix-limits.ts';

export { FELIX_DEFAULT_MODEL, FELIX_HISTORY_MAX, FELIX_MESSAGE_MAX };

export const QUICK_ACTION_ICONS = [
  'PlusCircle',
  'Users',
  'Star',
  'BarChart3',
  'MessageSquare',
  'Search',
  'Zap',
] as const;

export const ZFelixModel = z.object({
  id: zString(),
  name: zString(),
  /** anthropic, openai, or openai-compatible for a configured local/compatible server. */
  provider: z.enum(['anthropic', 'openai', 'openai-compatible']),
  description: zString(),
  available: z.boolean(),
});
export type TFelixModel = z.infer<typeof ZFelixModel>;
export const ZFelixModels = z.object({ models: z.array(ZFelixModel) });
export type TFelixModels = z.infer<typeof ZFelixModels>;

export const ZSuggestion = z.object({
  id: zString(),
  title: zString(),
  description: zString(),
  category: zString(),
  route: zString(),
});
export type TSuggestion = z.infer<typeof ZSuggestion>;

export const ZQuickAction = z.object({
  id: zString(),
  label: zString(),
  icon: z.enum(QUICK_ACTION_ICONS),
  action: zString(),
  route: zString(),
});
export type TQuickAction = z.infer<typeof ZQuickAction>;

/** An insight from the server, computed from the tenant's data. */
export const ZInsight = z.object({
  message: zString(),
  type: zString(),
  title: zString(),
  impact: zString(),
  route: zString(),
});
export type TInsight = z.infer<typeof ZInsight>;

export const ZFelixChatRequest = z.object({
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: zString().max(FELIX_MESSAGE_MAX, `Messages must be at most ${FELIX_MESSAGE_MAX} characters`),
      }),
    )
    .min(1, 'Please type a message')
    .max(FELIX_HISTORY_MAX)
    .refine((m) => {
      const last = m[m.length - 1];
      return last?.role === 'user' && last.content.trim().length > 0;
    }, 'Please type a message'),
  currentPage: zString().max(200).default('/dashboard'),
  model: zString().max(80).default(FELIX_DEFAULT_MODEL),
});
export type TFelixChatRequest = z.input<typeof ZFelixChatRequest>;

export const ZFelixChatResponse = z.object({
  message: zString(),
  suggestions: z.array(ZSuggestion),
  quickActions: z.array(ZQuickAction),
  insights: z.array(ZInsight),
  /** 'ai' when a provider answered, 'offline' from the built-in engine (the message says so too). */
  source: z.enum(['ai', 'offline']),
});
export type TFelixChatResponse = z.infer<typeof ZFelixChatResponse>;

/** The ten hint ids of the spec. */
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
  // Live, from GET /api/connections: a connection to the owner's accounts needs fixing (issue 14).
  'connection-problem',
  // The AI Coach (issue 19): /ai-coach has its own hints, each opening one of its tabs.
  'coach-weekly-goal',
  'coach-revenue-by-source',
] as const;
export type THintId = (typeof HINT_IDS)[number];

export const ZHintActionRequest = z.object({
  hintId: z.enum(HINT_IDS, { error: 'Unknown hint' }),
  action: zString().trim().min(1).max(80),
  timestamp: z.iso.datetime({ offset: true }).or(z.number()).optional(),
});
