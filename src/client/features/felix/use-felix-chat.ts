import { useCallback, useEffect, useRef, useState } from 'react';
import type { TInsight } from '@shared/schemas/felix';
import { FELIX_DEFAULT_MODEL } from '@shared/felix-limits';
import { toast } from '@/components/ui/use-toast';
import { FELIX_QUICK_ACTIONS, FELIX_SUGGESTIONS } from '@shared/felix';
import { offlineReplyText, offlineSuggestions, WELCOME_INSIGHT, welcomeText } from './felix-content';
import { sendFelixChat } from './felix-api';
import { insightMessage, messageId, toChatHistory, type FelixMessage } from './felix-message';

/** The spec's rules. */
export const WELCOME_INSIGHT_DELAY_MS = 3000;
export const INSIGHT_SPACING_MS = 1500;

/**
 * The conversation of the Felix panel: a welcome on first load, the welcome
 * insight 3 s later, replies from POST /api/felix/chat with their insights appended 1.5 s
 * apart, and the offline fallback of the spec when the call fails.
 */
export function useFelixChat({
  firstName,
  currentPage,
}: {
  firstName: string | null | undefined;
  currentPage: string;
}) {
  const [messages, setMessages] = useState<FelixMessage[]>(() => [
    {
      id: messageId(),
      type: 'felix',
      content: welcomeText(firstName),
      timestamp: new Date(),
      suggestions: FELIX_SUGGESTIONS.slice(0, 3),
      quickActions: Object.values(FELIX_QUICK_ACTIONS),
    },
  ]);
  const [pending, setPending] = useState(false);
  const [model, setModel] = useState(FELIX_DEFAULT_MODEL);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // The latest values without re-creating `send` on every keystroke or navigation; `busy`
  // flips synchronously so a double Enter cannot send twice before the re-render.
  const latest = useRef({ messages, currentPage, model });
  const busy = useRef(false);
  useEffect(() => {
    latest.current = { messages, currentPage, model };
  }, [messages, currentPage, model]);

  const append = useCallback((message: FelixMessage) => setMessages((list) => [...list, message]), []);

  const later = useCallback((ms: number, fn: () => void) => {
    timers.current.push(setTimeout(fn, ms));
  }, []);

  useEffect(() => {
    later(WELCOME_INSIGHT_DELAY_MS, () => append(insightMessage(WELCOME_INSIGHT)));
    const pendingTimers = timers.current;
    return () => pendingTimers.forEach(clearTimeout);
  }, [append, later]);

  const appendInsights = useCallback(
    (insights: TInsight[]) => {
      insights.forEach((insight, i) => later((i + 1) * INSIGHT_SPACING_MS, () => append(insightMessage(insight))));
    },
    [append, later],
  );

  /** Sends `text`; blank text or a send while a reply is pending is refused. Returns whether it was sent. */
  const send = useCallback(
    (text: string): boolean => {
      if (busy.current || text.trim().length === 0) return false;
      const { messages: history, currentPage: page, model: chosen } = latest.current;
      const userMessage: FelixMessage = { id: messageId(), type: 'user', content: text, timestamp: new Date() };
      append(userMessage);
      busy.current = true;
      setPending(true);
      sendFelixChat({ messages: toChatHistory([...history, userMessage]), currentPage: page, model: chosen })
        .then((reply) => {
          append({
            id: messageId(),
            type: 'felix',
            content: reply.message,
            timestamp: new Date(),
            suggestions: reply.suggestions,
            quickActions: reply.quickActions,
            source: reply.source,
          });
          appendInsights(reply.insights);
        })
        .catch(() => {
          append({
            id: messageId(),
            type: 'felix',
            content: offlineReplyText(text),
            timestamp: new Date(),
            suggestions: offlineSuggestions(text),
            source: 'offline',
          });
          toast({
            variant: 'destructive',
            title: 'Connection Issue',
            description: 'Using offline mode. Some features may be limited.',
          });
        })
        .finally(() => {
          busy.current = false;
          setPending(false);
        });
      return true;
    },
    [append, appendInsights],
  );

  const dismiss = useCallback((id: string) => setMessages((list) => list.filter((m) => m.id !== id)), []);

  return { messages, pending, model, setModel, send, dismiss };
}
