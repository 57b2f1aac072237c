import { Bot, Lightbulb } from 'lucide-react';
import type { TQuickAction, TSuggestion } from '@shared/schemas/felix';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DeviceTime } from '@/lib/device-time';
import { cn } from '@/lib/utils';
import type { FelixMessage } from './felix-message';
import { QuickActionIcon } from './quick-action-icon';

export interface MessageHandlers {
  onNavigate: (route: string) => void;
  onDismiss: (id: string) => void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

export function FelixMessageView({ message, onNavigate, onDismiss }: { message: FelixMessage } & MessageHandlers) {
  if (message.type === 'insight')
    return <InsightCard message={message} onNavigate={onNavigate} onDismiss={onDismiss} />;
  const mine = message.type === 'user';
  return (
    <li className={cn('flex flex-col gap-2', mine ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm whitespace-pre-wrap break-words',
          mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
        )}
      >
        <span className="sr-only">{mine ? 'You said: ' : 'Felix said: '}</span>
        {message.content}
      </div>
      <div className="flex items-center gap-2 px-1 text-xs text-slate-500">
        <DeviceTime at={message.timestamp} format={timeFormat} />
        {message.source === 'offline' && (
          <Badge
            variant="outline"
            className="px-1.5 py-0 text-[11px] font-medium"
            title="Answered by Fieldwise's built-in offline engine"
          >
            Offline
          </Badge>
        )}
      </div>
      {!mine && message.suggestions && message.suggestions.length > 0 && (
        <Suggestions suggestions={message.suggestions} onNavigate={onNavigate} />
      )}
      {!mine && message.quickActions && message.quickActions.length > 0 && (
        <QuickActions actions={message.quickActions} onNavigate={onNavigate} />
      )}
    </li>
  );
}

function Suggestions({ suggestions, onNavigate }: { suggestions: TSuggestion[]; onNavigate: (route: string) => void }) {
  return (
    <ul aria-label="Suggestions" className="flex max-w-full flex-wrap gap-1.5">
      {suggestions.map((s) => (
        <li key={s.id}>
          <button
            type="button"
            title={s.description}
            onClick={() => onNavigate(s.route)}
            className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 hover:bg-brand-100"
          >
            {s.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

function QuickActions({ actions, onNavigate }: { actions: TQuickAction[]; onNavigate: (route: string) => void }) {
  return (
    <ul aria-label="Quick actions" className="grid w-full grid-cols-2 gap-1.5">
      {actions.map((a) => (
        <li key={a.id}>
          <Button variant="outline" size="sm" className="w-full justify-start" onClick={() => onNavigate(a.route)}>
            <QuickActionIcon icon={a.icon} />
            <span className="truncate">{a.label}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

function InsightCard({ message, onNavigate, onDismiss }: { message: FelixMessage } & MessageHandlers) {
  const titleId = `${message.id}-title`;
  return (
    <li>
      <article aria-labelledby={titleId} className="rounded-xl border border-accent-200 bg-accent-50 p-3.5">
        <div className="flex items-start gap-2">
          <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-700" />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold tracking-wide text-accent-800 uppercase">
              Insight{message.insightType ? ` · ${message.insightType}` : ''}
            </p>
            <h3 id={titleId} className="mt-0.5 text-sm font-semibold text-slate-900">
              {message.insightTitle}
            </h3>
          </div>
        </div>
        <p className="mt-2 text-sm text-slate-700">{message.content}</p>
        {message.impact && <p className="mt-1 text-xs font-medium text-slate-600">Impact: {message.impact}</p>}
        <div className="mt-3 flex gap-2">
          {message.route && (
            <Button size="sm" onClick={() => onNavigate(message.route ?? '/dashboard')}>
              Show Me How
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => onDismiss(message.id)}>
            Dismiss
          </Button>
        </div>
      </article>
    </li>
  );
}

export function TypingIndicator() {
  return (
    <li className="flex items-center gap-2 text-sm text-slate-600">
      <Bot aria-hidden="true" className="size-4 text-brand-600" />
      <span role="status" className="flex items-center gap-1.5">
        Felix is typing
        <span aria-hidden="true" className="flex gap-0.5">
          <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" />
          <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" />
          <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
        </span>
      </span>
    </li>
  );
}
