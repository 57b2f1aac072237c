import { memo, useState } from 'react';
import { Search, Settings } from 'lucide-react';
import { Link, useRoute } from 'wouter';
import { INBOX_FILTERS, type TInboxFilter } from '@shared/conversations';
import type { TConversationSummary } from '@shared/schemas/conversations';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/utils';
import { DeviceTime } from '@/lib/device-time';
import { useConversations, useInboxStream } from './inbox-api';
import { ThreadView } from './thread-view';
import { timeLabel } from './time-label';

const FILTER_LABELS: Record<TInboxFilter, string> = { open: 'Open', mine: 'Mine', done: 'Done' };

/**
 * /inbox: every customer's thread, newest activity first (open, mine, done, search) and, beside
 * it on a wide screen or instead of it on a phone, the thread at /inbox/:id. Live: the server's
 * stream refreshes both when a text comes in.
 */
export default function InboxPage() {
  const { user } = useAuth();
  const [, params] = useRoute('/inbox/:id');
  const openId = params?.id ?? null;
  const [filter, setFilter] = useState<TInboxFilter>('open');
  const [q, setQ] = useState('');
  useInboxStream();
  const list = useConversations(filter, q);

  return (
    <div className="grid min-h-[60dvh] gap-4 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section aria-label="Conversations" className={cn('min-w-0 space-y-3', openId && 'hidden md:block')}>
        <div className="flex items-center gap-2">
          <div className="flex flex-1 gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label="Show">
            {INBOX_FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={filter === f}
                onClick={() => setFilter(f)}
                className={cn(
                  'min-h-10 flex-1 rounded-md text-sm font-medium',
                  filter === f ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {FILTER_LABELS[f]}
              </button>
            ))}
          </div>
          <Link
            href="/settings?tab=sms#missed-calls"
            aria-label="Inbox settings: missed calls and quiet hours"
            title="Missed calls and quiet hours"
            className="flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-white text-slate-600 hover:bg-slate-50 hover:text-slate-900"
          >
            <Settings className="size-5" aria-hidden="true" />
          </Link>
        </div>
        <label className="relative block">
          <span className="sr-only">Search conversations</span>
          <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search name, number or text"
            className="pl-9"
          />
        </label>
        {list.isPending ? (
          <PageSpinner label="Loading conversations" />
        ) : list.isError ? (
          <FormAlert tone="error">
            <span className="mr-3">{errorMessage(list.error, 'Could not load your conversations.')}</span>
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </FormAlert>
        ) : list.data.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            {q
              ? 'No conversation matches your search.'
              : filter === 'done'
                ? 'No finished conversations yet.'
                : 'No conversations here yet. When a customer texts your number, it shows up here.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {list.data.items.map((c) => (
              <li key={c.id}>
                <ConversationRow c={c} current={openId === c.id} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Conversation" className={cn('min-w-0', !openId && 'hidden md:block')}>
        {openId && user ? (
          <ThreadView id={openId} userId={user.id} />
        ) : (
          <p className="flex h-full min-h-40 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
            Pick a conversation to read and answer it.
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * One thread in the list. Opening a thread changes only two rows (the one left and the one
 * opened): memoised, the tap redraws those two instead of the whole list before its next paint.
 */
const ConversationRow = memo(function ConversationRow({ c, current }: { c: TConversationSummary; current: boolean }) {
  return (
    <Link
      href={`/inbox/${c.id}`}
      aria-current={current ? 'page' : undefined}
      className={cn('flex min-h-16 items-start gap-3 px-4 py-3 hover:bg-slate-50', current && 'bg-brand-50')}
    >
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span
            className={cn(
              'truncate text-sm',
              c.unread > 0 ? 'font-semibold text-slate-900' : 'font-medium text-slate-800',
            )}
          >
            {c.name}
          </span>
          <span className="shrink-0 text-xs text-slate-500">
            <DeviceTime at={new Date(c.lastMessageAt)} format={timeLabel} />
          </span>
        </span>
        <span className="mt-0.5 flex items-center gap-2">
          <span className="truncate text-sm text-slate-600">{c.lastMessagePreview || '—'}</span>
          {c.unread > 0 ? (
            <span
              className="ml-auto shrink-0 rounded-full bg-brand-600 px-2 text-xs font-semibold text-white"
              aria-label={`${c.unread} unread`}
            >
              {c.unread}
            </span>
          ) : null}
        </span>
        {c.assigneeName ? (
          <span className="mt-0.5 block text-xs text-slate-500">Assigned to {c.assigneeName}</span>
        ) : null}
      </span>
    </Link>
  );
});
