import { useState } from 'react';
import { PLATFORM_DEFS } from '@shared/social';
import type { TSocialPost } from '@shared/schemas/social';
import { isoToZoned, zonedToIso } from '@shared/zoned-time';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { MonthCalendar } from './month-calendar';
import { useUpdatePost } from './social-api';
import { WeekCalendar } from './week-calendar';
import { todayIn } from './wizard-schedule';

const DOT: Record<string, string> = {
  scheduled: 'bg-slate-200 text-slate-800',
  publishing: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  cancelled: 'bg-slate-100 text-slate-400 line-through',
};

type View = 'month' | 'week';

/**
 * The month's or week's scheduled, published and failed posts, by day in the business's time zone;
 * a scheduled one opens for edit or cancel, or is dragged to another day (same time of day).
 */
export function CalendarTab({
  posts,
  timezone,
  onOpen,
}: {
  posts: TSocialPost[];
  timezone: string;
  onOpen(post: TSocialPost): void;
}) {
  const today = todayIn(timezone);
  const [view, setView] = useState<View>('month');
  const [day, setDay] = useState(today);
  const update = useUpdatePost();
  const byDay = new Map<string, TSocialPost[]>();
  const at = (post: TSocialPost) => post.publishedAt ?? post.scheduledFor ?? post.createdAt;
  for (const post of [...posts].sort((a, b) => at(a).localeCompare(at(b)))) {
    if (!post.publishedAt && !post.scheduledFor) continue;
    const d = isoToZoned(at(post), timezone).date;
    byDay.set(d, [...(byDay.get(d) ?? []), post]);
  }

  const onDropDay = (target: string, id: string) => {
    const post = posts.find((p) => p.id === id && p.status === 'scheduled');
    if (!post?.scheduledFor) return;
    const { date, time } = isoToZoned(post.scheduledFor, timezone);
    if (date === target) return;
    update.mutate(
      { id, scheduledFor: zonedToIso(target, time, timezone) },
      {
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Could not move the post',
            description: errorMessage(err, 'Please try again.'),
          }),
      },
    );
  };

  const chip = (post: TSocialPost, wide: boolean) => (
    <button
      key={post.id}
      type="button"
      disabled={post.status !== 'scheduled'}
      draggable={post.status === 'scheduled'}
      onDragStart={(e) => e.dataTransfer.setData('text/plain', post.id)}
      title={`${PLATFORM_DEFS[post.platform].name} · ${post.status} · ${post.content}`}
      onClick={() => onOpen(post)}
      className={cn(
        'max-w-full truncate rounded px-1 text-left text-[10px] leading-4 sm:text-xs',
        wide && 'w-full py-0.5 text-xs',
        DOT[post.status],
      )}
    >
      {wide ? (
        <>
          <span className="font-medium">{isoToZoned(at(post), timezone).time}</span> {PLATFORM_DEFS[post.platform].name}{' '}
          · {post.content}
        </>
      ) : (
        <>
          {PLATFORM_DEFS[post.platform].name.slice(0, 2)}
          <span className="hidden sm:inline"> {isoToZoned(at(post), timezone).time}</span>
        </>
      )}
    </button>
  );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label="Calendar view" className="flex rounded-md border border-slate-200 text-sm">
          {(['month', 'week'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={cn('px-3 py-1 first:rounded-l-md last:rounded-r-md', view === v && 'bg-slate-900 text-white')}
            >
              {v === 'month' ? 'Month' : 'Week'}
            </button>
          ))}
        </div>
        <p className="text-xs text-slate-500">Times in {timezone}</p>
      </div>
      {view === 'month' ? (
        <MonthCalendar
          month={day}
          onMonthChange={setDay}
          minDay={today}
          onDropDay={onDropDay}
          renderDay={(d) => (
            <span className="mt-1 flex flex-col gap-0.5">
              {(byDay.get(d) ?? []).slice(0, 3).map((post) => chip(post, false))}
              {(byDay.get(d)?.length ?? 0) > 3 && (
                <span className="text-[10px] text-slate-500">+{byDay.get(d)!.length - 3}</span>
              )}
            </span>
          )}
        />
      ) : (
        <WeekCalendar
          week={day}
          onWeekChange={setDay}
          today={today}
          minDay={today}
          onDropDay={onDropDay}
          renderDay={(d) => (
            <span className="flex min-w-0 flex-col gap-1">
              {(byDay.get(d) ?? []).map((post) => chip(post, true))}
              {!byDay.get(d)?.length && <span className="text-xs text-slate-400">No posts</span>}
            </span>
          )}
        />
      )}
    </div>
  );
}
