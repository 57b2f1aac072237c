import { FELIX_SUGGESTIONS } from '@shared/felix';
import type { TInsight, TSuggestion } from '@shared/schemas/felix';

/**
 * The card shown 3 s after the welcome. It carries no figures: numbers come only
 * from the server, which reads the tenant's rows.
 */
export const WELCOME_INSIGHT: TInsight = {
  type: 'tip',
  title: 'Reply to new leads first',
  message:
    'New leads go cold fast. Open your leads list and call the newest ones back first — ask me how many are waiting.',
  impact: 'Faster replies win more jobs',
  route: '/leads',
};

export function welcomeText(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return `Hi${name ? ` ${name}` : ''}! I'm Felix, your marketing assistant. Ask me about your leads, reviews or social posts, or what to do next.`;
}

function byCategory(...categories: string[]): TSuggestion[] {
  return categories.flatMap((category) => FELIX_SUGGESTIONS.filter((s) => s.category === category));
}

/** Social/post → social + analytics; lead/customer → leads + reviews; else the first three. */
export function offlineSuggestions(text: string): TSuggestion[] {
  const lower = text.toLowerCase();
  if (/social|post/.test(lower)) return byCategory('social', 'analytics');
  if (/lead|customer/.test(lower)) return byCategory('leads', 'reviews');
  return FELIX_SUGGESTIONS.slice(0, 3);
}

/** The reply shown when POST /api/felix/chat fails: offline style, echoing the user's text. */
export function offlineReplyText(text: string): string {
  return `I can't reach the server right now, so I'm answering in offline mode. You asked: "${text.trim()}". These pages are a good place to start:`;
}
