import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, CheckCheck, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import {
  fillTemplate,
  MESSAGE_KIND_LABELS,
  MESSAGE_STATUS_LABELS,
  REPLY_TEMPLATES,
  SMS_BODY_MAX,
  type TMessageStatus,
} from '@shared/conversations';
import type { TConversation, TConversationMessage } from '@shared/schemas/conversations';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { FormAlert } from '@/components/form/form-alert';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isQueuedOffline as queued } from '@/lib/api';
import { cn } from '@/lib/utils';
import { DeviceTime } from '@/lib/device-time';
import { AssigneePicker } from './assignee-picker';
import { useConversation, useSendMessage, useSuggestReply, useUpdateConversation } from './inbox-api';
import { timeLabel } from './time-label';

const STATUS_TONE: Partial<Record<TMessageStatus, string>> = {
  delivered: 'text-emerald-700',
  failed: 'text-red-700',
  undelivered: 'text-red-700',
  opted_out: 'text-amber-700',
};

function Bubble({ m }: { m: TConversationMessage }) {
  const mine = m.direction === 'out';
  const note = m.channel === 'note';
  const auto = mine && m.kind !== 'reply' && m.kind !== 'note';
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div className="max-w-[85%] space-y-1">
        <div
          className={cn(
            'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
            note
              ? 'border border-amber-200 bg-amber-50 text-amber-950'
              : mine
                ? 'bg-brand-600 text-white'
                : 'bg-slate-100 text-slate-900',
          )}
        >
          {m.channel === 'call' ? <span className="font-medium">📞 </span> : null}
          {m.body}
          {m.mediaUrls.map((url) => (
            <a key={url} href={url} target="_blank" rel="noreferrer noopener" className="mt-2 block">
              <img src={url} alt="Photo the customer sent" className="max-h-60 rounded-lg" loading="lazy" />
            </a>
          ))}
        </div>
        <p className={cn('text-xs text-slate-500', mine && 'text-right')}>
          {note
            ? 'Note · '
            : auto
              ? `${MESSAGE_KIND_LABELS[m.kind]} · `
              : m.channel === 'email'
                ? 'Email · '
                : m.channel === 'form'
                  ? 'Form · '
                  : ''}
          {m.authorName && mine ? `${m.authorName} · ` : ''}
          <DeviceTime at={new Date(m.createdAt)} format={timeLabel} />
          {mine && !note ? (
            <span className={cn('font-medium', STATUS_TONE[m.status])}> · {MESSAGE_STATUS_LABELS[m.status]}</span>
          ) : null}
        </p>
        {m.error ? <p className={cn('text-xs text-red-700', mine && 'text-right')}>{m.error}</p> : null}
      </div>
    </li>
  );
}

function Composer({ thread }: { thread: TConversation }) {
  const [body, setBody] = useState('');
  const [channel, setChannel] = useState<'sms' | 'email' | 'note'>(
    thread.canText ? 'sms' : thread.canEmail ? 'email' : 'note',
  );
  const send = useSendMessage(thread.id, thread.name);
  const suggest = useSuggestReply(thread.id);
  const first = /^\p{L}[\p{L}'’-]*$/u.test(thread.name.split(/\s+/)[0] ?? '') ? thread.name.split(/\s+/)[0]! : 'there';
  const submit = () => {
    if (!body.trim()) return;
    send.mutate(
      { channel, body },
      {
        onSuccess: () => setBody(''),
        // Without a network it waits on this phone (lib/offline.ts): the box is cleared, as sent.
        onError: (error) => {
          if (!queued(error)) return;
          setBody('');
          toast({ title: 'Saved on this phone', description: error.message });
        },
      },
    );
  };
  return (
    <div className="space-y-2 border-t border-slate-200 p-3">
      {thread.optedOutAt && !thread.canText && thread.phone ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          This customer replied STOP, so texts to them are paused until they reply START.
        </p>
      ) : null}
      <div className="scrollbar-none flex gap-2 overflow-x-auto pb-1">
        <Button
          size="sm"
          variant="outline"
          disabled={suggest.isPending}
          onClick={() => suggest.mutate(undefined, { onSuccess: (s) => setBody(s.body) })}
        >
          <Sparkles aria-hidden="true" />
          {suggest.isPending ? 'Writing…' : 'Suggest a reply'}
        </Button>
        {REPLY_TEMPLATES.map((t) => (
          <Button
            key={t.id}
            size="sm"
            variant="ghost"
            className="shrink-0"
            onClick={() => setBody(fillTemplate(t.body, { name: first, business: 'us' }))}
          >
            {t.label}
          </Button>
        ))}
      </div>
      <label className="block">
        <span className="sr-only">Your reply</span>
        <Textarea
          value={body}
          onChange={(e) => setBody(e.target.value)}
          maxLength={SMS_BODY_MAX}
          rows={3}
          placeholder={channel === 'note' ? 'A note only your team sees' : 'Write a reply'}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit();
          }}
        />
      </label>
      {send.isError && !queued(send.error) ? (
        <FormAlert tone="error">{errorMessage(send.error, 'The message could not be sent.')}</FormAlert>
      ) : null}
      {suggest.isError ? (
        <FormAlert tone="error">{errorMessage(suggest.error, 'No suggestion right now.')}</FormAlert>
      ) : null}
      <div className="flex items-center gap-2">
        <label className="text-sm text-slate-600">
          <span className="sr-only">Send as</span>
          <select
            value={channel}
            onChange={(e) => setChannel(e.target.value as typeof channel)}
            className="min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="sms" disabled={!thread.canText}>
              Text
            </option>
            <option value="email" disabled={!thread.canEmail}>
              Email
            </option>
            <option value="note">Note</option>
          </select>
        </label>
        <Button className="ml-auto min-w-24" disabled={!body.trim() || send.isPending} onClick={submit}>
          {send.isPending ? 'Sending…' : channel === 'note' ? 'Add note' : 'Send'}
        </Button>
      </div>
    </div>
  );
}

/** One thread: its messages with their delivery, its assignee, mark done, and the reply box. */
export function ThreadView({ id, userId }: { id: string; userId: string }) {
  const thread = useConversation(id);
  const update = useUpdateConversation(id);
  const end = useRef<HTMLLIElement>(null);
  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    // Braces: Chromium's scrollIntoView now answers a promise, which React would take for a clean-up.
    end.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  if (thread.isPending) return <PageSpinner label="Loading the conversation" />;
  if (thread.isError)
    return <FormAlert tone="error">{errorMessage(thread.error, 'Could not load this conversation.')}</FormAlert>;
  const t = thread.data;
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2">
        <Link
          href="/inbox"
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 md:hidden"
          aria-label="Back to conversations"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">{t.name}</h2>
          <p className="truncate text-xs text-slate-500">
            {[t.phone, t.email].filter(Boolean).join(' · ')}
            {t.assigneeName ? ` · Assigned to ${t.assigneeName}` : ''}
          </p>
        </div>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <AssigneePicker
            threadId={t.id}
            assigneeId={t.assigneeId}
            userId={userId}
            disabled={update.isPending}
            onChange={(assigneeId) => update.mutate({ assigneeId })}
          />
          <Button
            size="sm"
            variant={t.status === 'done' ? 'outline' : 'default'}
            disabled={update.isPending}
            onClick={() => update.mutate({ status: t.status === 'done' ? 'open' : 'done' })}
          >
            <CheckCheck aria-hidden="true" />
            {t.status === 'done' ? 'Reopen' : 'Mark done'}
          </Button>
        </div>
      </header>
      <ol className="max-h-[60dvh] min-h-48 space-y-3 overflow-y-auto p-3" aria-label="Messages" aria-live="polite">
        {t.messages.map((m) => (
          <Bubble key={m.id} m={m} />
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
      <Composer key={t.id} thread={t} />
    </article>
  );
}
