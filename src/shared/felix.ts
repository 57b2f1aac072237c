import type { TFelixModel, TQuickAction, TSuggestion } from './schemas/felix.ts';

// Felix's catalogues, read by the server (its answers, the model registry) and by the client
// (what the panel shows before the first answer, or when the server cannot be reached), so
// both sides always offer the same models, chips and buttons.

/** The four models of the spec in their order; the default (FELIX_DEFAULT_MODEL) comes first. */
export const FELIX_MODELS = [
  {
    id: 'claude-sonnet-4',
    name: 'Claude 4.0 Sonnet',
    provider: 'anthropic',
    description: "Anthropic's balanced model for thoughtful marketing advice",
  },
  {
    id: 'claude-haiku-3.5',
    name: 'Claude 3.5 Haiku',
    provider: 'anthropic',
    description: "Anthropic's fastest model for quick answers",
  },
  { id: 'gpt-5', name: 'GPT-5', provider: 'openai', description: "OpenAI's most capable model" },
  { id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', description: "OpenAI's fast general-purpose model" },
] as const satisfies readonly Omit<TFelixModel, 'available'>[];

/** When GET /api/felix/models fails, the client offers the four models, all available. */
export const FELIX_FALLBACK_MODELS: TFelixModel[] = FELIX_MODELS.map((m) => ({ ...m, available: true }));

/**
 * The suggestion chips, one per category. Order matters: the spec falls back to "the first
 * three" for a question that matches no keyword, on the server and in the client's offline mode.
 */
export const FELIX_SUGGESTIONS: TSuggestion[] = [
  {
    id: 'create-social-post',
    title: 'Create a social post',
    description: 'Write and schedule a post for your channels.',
    category: 'social',
    route: '/social?action=create-post',
  },
  {
    id: 'follow-up-leads',
    title: 'Follow up on leads',
    description: 'See who is waiting for a call back.',
    category: 'leads',
    route: '/leads',
  },
  {
    id: 'respond-to-reviews',
    title: 'Respond to reviews',
    description: 'Reply to customers, starting with low-star reviews.',
    category: 'reviews',
    route: '/reviews',
  },
  {
    id: 'check-analytics',
    title: 'Check your analytics',
    description: 'See how your website and posts perform.',
    category: 'analytics',
    route: '/analytics',
  },
];

/** A second social chip the server adds to answers about social posts. */
export const CONTENT_CALENDAR_SUGGESTION: TSuggestion = {
  id: 'plan-content-calendar',
  title: 'Plan your content calendar',
  description: 'Line up next week’s posts in one sitting.',
  category: 'social',
  route: '/social?tab=calendar',
};

/** Felix's quick-action buttons. */
export const FELIX_QUICK_ACTIONS = {
  createPost: {
    id: 'create-post',
    label: 'Create Post',
    icon: 'PlusCircle',
    action: 'create-post',
    route: '/social?action=create-post',
  },
  addLead: { id: 'add-lead', label: 'Add Lead', icon: 'Users', action: 'add-lead', route: '/leads' },
  reviews: { id: 'manage-reviews', label: 'Reviews', icon: 'Star', action: 'manage-reviews', route: '/reviews' },
  analytics: {
    id: 'view-analytics',
    label: 'Analytics',
    icon: 'BarChart3',
    action: 'view-analytics',
    route: '/analytics',
  },
} as const satisfies Record<string, TQuickAction>;
