import { useState, type KeyboardEvent } from 'react';
import { Bot, Send, User } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

export interface ChatLine {
  role: 'user' | 'assistant';
  content: string;
}

export const SUGGESTED_PROMPTS = [
  'A spring tune-up offer page with 15% off',
  'An emergency repair page for nights and weekends',
  'A page for new homeowners in my service area',
  'A maintenance plan sign-up page',
] as const;

/** The landing-page chat: Enter sends, Shift+Enter starts a new line; nothing is sent while generating. */
export function LandingChat({
  messages,
  generating,
  onSend,
}: {
  messages: ChatLine[];
  generating: boolean;
  onSend: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const canSend = text.trim().length > 0 && !generating;
  const send = async (value = text) => {
    if (!value.trim() || generating) return;
    setText('');
    // Put the text back when the turn failed, so nothing typed is lost.
    if (!(await onSend(value.trim()))) setText(value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
  return (
    <div className="flex h-full flex-col gap-3">
      <ol className="min-h-40 flex-1 space-y-3 overflow-y-auto" aria-label="Conversation" aria-live="polite">
        {messages.length === 0 && (
          <li className="text-sm text-slate-600">
            Describe the page you want: the service, the town, an offer. Or start with one of these:
          </li>
        )}
        {messages.map((m, i) => (
          <li key={i} className={`flex gap-2 ${m.role === 'user' ? 'flex-row-reverse' : ''}`}>
            <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100">
              {m.role === 'user' ? (
                <User aria-hidden="true" className="size-4" />
              ) : (
                <Bot aria-hidden="true" className="size-4" />
              )}
            </span>
            <p
              className={`max-w-[85%] rounded-xl px-3 py-2 text-sm whitespace-pre-wrap ${m.role === 'user' ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900'}`}
            >
              <span className="sr-only">{m.role === 'user' ? 'You: ' : 'Assistant: '}</span>
              {m.content}
            </p>
          </li>
        ))}
        {generating && (
          <li className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Building your page…
          </li>
        )}
      </ol>
      {messages.length === 0 && (
        <div className="grid gap-2 sm:grid-cols-2">
          {SUGGESTED_PROMPTS.map((p) => (
            <button
              key={p}
              type="button"
              disabled={generating}
              onClick={() => void send(p)}
              className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm text-slate-800 hover:border-brand-300 hover:bg-brand-50 disabled:opacity-50"
            >
              {p}
            </button>
          ))}
        </div>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor="landing-message" className="sr-only">
          Message
        </label>
        <Textarea
          id="landing-message"
          rows={2}
          maxLength={2000}
          value={text}
          placeholder="e.g. Add a section about financing"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" size="icon" aria-label="Send" disabled={!canSend} onClick={() => void send()}>
          <Send aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
