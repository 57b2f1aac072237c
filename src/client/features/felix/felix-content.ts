import type { TFelixModel, TInsight, TQuickAction, TSuggestion } from '@shared/schemas/felix';

/** Spec-1 §8: the models used when GET /api/felix/models fails — all marked available. */
export const FALLBACK_MODELS: TFelixModel[] = [
  { id: 'claude-sonnet-4', name: 'Claude 4.0 Sonnet', provider: 'anthropic', description: 'Balanced and thorough', available: true },
  { id: 'claude-haiku-3.5', name: 'Claude 3.5 Haiku', provider: 'anthropic', description: 'Fast answers', available: true },
  { id: 'gpt-5', name: 'GPT-5', provider: 'openai', description: 'Most capable OpenAI model', available: true },
  { id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', description: 'Fast and versatile', available: true },
];

/**
 * The suggestions Felix offers without the server. Order matters: spec-1 §8 falls back to
 * "the first three" for a question that matches no keyword.
 */
export const DEFAULT_SUGGESTIONS: TSuggestion[] = [
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
    description: 'Reply to customers with AI-drafted responses.',
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

export const DEFAULT_QUICK_ACTIONS: TQuickAction[] = [
  { id: 'create-post', label: 'Create Post', icon: 'PlusCircle', action: 'create-post', route: '/social?action=create-post' },
  { id: 'add-lead', label: 'Add Lead', icon: 'Users', action: 'add-lead', route: '/leads' },
  { id: 'manage-reviews', label: 'Reviews', icon: 'Star', action: 'manage-reviews', route: '/reviews' },
  { id: 'view-analytics', label: 'Analytics', icon: 'BarChart3', action: 'view-analytics', route: '/analytics' },
];

/**
 * The card shown 3 s after the welcome (spec-1 §4). It carries no figures: numbers come only
 * from the server, which reads the tenant's rows.
 */
export const WELCOME_INSIGHT: TInsight = {
  type: 'tip',
  title: 'Reply to new leads first',
  message: 'New leads go cold fast. Open your leads list and call the newest ones back first — ask me how many are waiting.',
  impact: 'Faster replies win more jobs',
  route: '/leads',
};

export function welcomeText(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return `Hi${name ? ` ${name}` : ''}! I'm Felix, your marketing assistant. Ask me about your leads, reviews or social posts, or what to do next.`;
}

function byCategory(...categories: string[]): TSuggestion[] {
  return categories.flatMap((category) => DEFAULT_SUGGESTIONS.filter((s) => s.category === category));
}

/** Spec-1 §8: social/post → social + analytics; lead/customer → leads + reviews; else the first three. */
export function offlineSuggestions(text: string): TSuggestion[] {
  const lower = text.toLowerCase();
  if (/social|post/.test(lower)) return byCategory('social', 'analytics');
  if (/lead|customer/.test(lower)) return byCategory('leads', 'reviews');
  return DEFAULT_SUGGESTIONS.slice(0, 3);
}

/** The reply shown when POST /api/felix/chat fails: offline style, echoing the user's text. */
export function offlineReplyText(text: string): string {
  return `I can't reach the server right now, so I'm answering in offline mode. You asked: "${text.trim()}". These pages are a good place to start:`;
}
