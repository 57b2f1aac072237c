import { useState } from 'react';
import { PLATFORM_DEFS, type TSocialPost } from '@shared/schemas/social';
import { isoToZoned, zonedToIso } from '@shared/zoned-time';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { MonthCalendar } from './month-calendar';
import { useUpdatePost } from './social-api';
import { todayIn } from './wizard-schedule';

const DOT: Record<string, string> = {
  scheduled: 'bg-slate-200 text-slate-800',
  publishing: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  cancelled: 'bg-slate-100 text-slate-400 line-through',
};

/** The month's scheduled, published and failed posts; a scheduled one opens for edit or cancel, or is dragged to another day. */
export function CalendarTab({
  posts,
  timezone,
  onOpen,
}: {
  posts: TSocialPost[];
  timezone: string;
  onOpen(post: TSocialPost): void;
}) {
  const [month, setMonth] = useState(() => todayIn(timezone));
  const update = useUpdatePost();
  const byDay = new Map<string, TSocialPost[]>();
  for (const post of posts) {
    const at = post.publishedAt ?? post.scheduledFor;
    if (!at) continue;
    const day = isoToZoned(at, timezone).date;
    byDay.set(day, [...(byDay.get(day) ?? []), post]);
  }
  return (
    <MonthCalendar
      month={month}
      onMonthChange={setMonth}
      minDay={todayIn(timezone)}
      onDropDay={(day, id) => {
        const post = posts.find((p) => p.id === id && p.status === 'scheduled');
        if (!post?.scheduledFor) return;
        const { date, time } = isoToZoned(post.scheduledFor, timezone);
        if (date === day) return;
        update.mutate(
          { id, scheduledFor: zonedToIso(day, time, timezone) },
          {
            onError: (err) =>
              toast({
                variant: 'destructive',
                title: 'Could not move the post',
                description: errorMessage(err, 'Please try again.'),
              }),
          },
        );
      }}
      renderDay={(day) => (
        <span className="mt-1 flex flex-col gap-0.5">
          {(byDay.get(day) ?? []).slice(0, 3).map((post) => (
            <button
              key={post.id}
              type="button"
              disabled={post.status !== 'scheduled'}
              draggable={post.status === 'scheduled'}
              onDragStart={(e) => e.dataTransfer.setData('text/plain', post.id)}
              title={`${PLATFORM_DEFS[post.platform].name} · ${post.status} · ${post.content}`}
              onClick={() => onOpen(post)}
              className={cn('truncate rounded px-1 text-left text-[10px] leading-4 sm:text-xs', DOT[post.status])}
            >
              {PLATFORM_DEFS[post.platform].name.slice(0, 2)}
              <span className="hidden sm:inline">
                {' '}
                {isoToZoned(post.scheduledFor ?? post.createdAt, timezone).time}
              </span>
            </button>
          ))}
          {(byDay.get(day)?.length ?? 0) > 3 && (
            <span className="text-[10px] text-slate-500">+{byDay.get(day)!.length - 3}</span>
          )}
        </span>
      )}
    />
  );
}
