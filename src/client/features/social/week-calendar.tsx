import { addDays, addWeeks, format, parseISO, startOfWeek } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * One week, Sunday first (spec), days as `YYYY-MM-DD` in the business's time zone. Seven columns
 * from the `sm` width; on a phone the days stack, so each post keeps a readable line.
 */
export interface WeekCalendarProps {
  /** Any day of the week shown. */
  week: string;
  onWeekChange(week: string): void;
  today: string;
  /** Days before this take no drops. */
  minDay?: string;
  renderDay(day: string): ReactNode;
  onDropDay?(day: string, data: string): void;
}

const ymd = (d: Date) => format(d, 'yyyy-MM-dd');

export function WeekCalendar({ week, onWeekChange, today, minDay, renderDay, onDropDay }: WeekCalendarProps) {
  const start = startOfWeek(parseISO(week), { weekStartsOn: 0 });
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const end = days[6] ?? start;
  const title =
    format(start, 'yyyy-MM') === format(end, 'yyyy-MM')
      ? `${format(start, 'MMMM d')} – ${format(end, 'd, yyyy')}`
      : `${format(start, 'MMM d')} – ${format(end, 'MMM d, yyyy')}`;
  return (
    <div className="w-full">
      <div className="mb-2 flex items-center justify-between">
        <Button
          size="icon"
          variant="ghost"
          aria-label="Previous week"
          onClick={() => onWeekChange(ymd(addWeeks(start, -1)))}
        >
          <ChevronLeft />
        </Button>
        <p className="text-sm font-semibold" aria-live="polite">
          {title}
        </p>
        <Button
          size="icon"
          variant="ghost"
          aria-label="Next week"
          onClick={() => onWeekChange(ymd(addWeeks(start, 1)))}
        >
          <ChevronRight />
        </Button>
      </div>
      <div
        role="grid"
        aria-label={`Week of ${format(start, 'MMMM d, yyyy')}`}
        className="grid grid-cols-1 gap-1 sm:grid-cols-7"
      >
        {days.map((date) => {
          const day = ymd(date);
          const droppable = onDropDay && !(minDay !== undefined && day < minDay);
          return (
            <div
              key={day}
              role="gridcell"
              aria-label={format(date, 'EEEE, MMMM d, yyyy')}
              onDragOver={droppable ? (e) => e.preventDefault() : undefined}
              onDrop={
                droppable
                  ? (e) => {
                      e.preventDefault();
                      onDropDay(day, e.dataTransfer.getData('text/plain'));
                    }
                  : undefined
              }
              className={cn(
                'flex gap-2 rounded-md border border-slate-100 p-1.5 sm:min-h-48 sm:flex-col sm:gap-1',
                day === today && 'border-brand-300 bg-brand-50/40',
              )}
            >
              <p className="w-12 shrink-0 text-xs font-medium text-slate-600 sm:w-auto">
                <span className="block">{format(date, 'EEE')}</span>
                <span className={cn('text-base text-slate-900', day === today && 'text-brand-700')}>
                  {format(date, 'd')}
                </span>
              </p>
              <div className="min-w-0 flex-1">{renderDay(day)}</div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
