import type { TInsight, TQuickAction, TSuggestion } from '@shared/schemas/felix';

/** A chat entry as the panel keeps it. */
export interface FelixMessage {
  id: string;
  type: 'user' | 'felix' | 'insight';
  content: string;
  timestamp: Date;
  suggestions?: TSuggestion[];
  quickActions?: TQuickAction[];
  insightType?: string;
  insightTitle?: string;
  impact?: string;
  route?: string;
  /** 'offline' when the built-in engine (or the client's own fallback) wrote the answer. */
  source?: 'ai' | 'offline';
}

let counter = 0;
export function messageId(): string {
  counter += 1;
  return `felix-${Date.now().toString(36)}-${counter}`;
}

export function insightMessage(insight: TInsight): FelixMessage {
  return {
    id: messageId(),
    type: 'insight',
    content: insight.message,
    timestamp: new Date(),
    insightType: insight.type,
    insightTitle: insight.title,
    impact: insight.impact,
    route: insight.route,
  };
}

/** The conversation as the chat call wants it: insight cards are not part of it. */
export function toChatHistory(messages: FelixMessage[]): { role: 'user' | 'assistant'; content: string }[] {
  return messages
    .filter((m) => m.type !== 'insight')
    .map((m) => ({ role: m.type === 'user' ? ('user' as const) : ('assistant' as const), content: m.content }));
}
