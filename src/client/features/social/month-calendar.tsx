import { addDays, addMonths, format, parseISO, startOfMonth, startOfWeek } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A month grid, weeks starting on Sunday (spec). Days are `YYYY-MM-DD` strings in the business's
 * time zone. Used as the wizard's date picker (past days disabled) and as the Calendar tab.
 */
export interface MonthCalendarProps {
  /** Any day of the month shown. */
  month: string;
  onMonthChange(month: string): void;
  selected?: string;
  onSelect?(day: string): void;
  /** Days before this are disabled. */
  minDay?: string;
  renderDay?(day: string): ReactNode;
  /** Something dragged onto a day (the calendar's reschedule); the drag's text data is passed. */
  onDropDay?(day: string, data: string): void;
  className?: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const ymd = (d: Date) => format(d, 'yyyy-MM-dd');

export function MonthCalendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  minDay,
  renderDay,
  onDropDay,
  className,
}: MonthCalendarProps) {
  const first = startOfMonth(parseISO(month));
  const start = startOfWeek(first, { weekStartsOn: 0 });
  const days = Array.from({ length: 42 }, (_, i) => addDays(start, i));
  const monthKey = format(first, 'yyyy-MM');
  return (
    <div className={cn('w-full', className)}>
      <div className="mb-2 flex items-center justify-between">
        <Button
          size="icon"
          variant="ghost"
          aria-label="Previous month"
          onClick={() => onMonthChange(ymd(addMonths(first, -1)))}
        >
          <ChevronLeft />
        </Button>
        <p className="text-sm font-semibold" aria-live="polite">
          {format(first, 'MMMM yyyy')}
        </p>
        <Button
          size="icon"
          variant="ghost"
          aria-label="Next month"
          onClick={() => onMonthChange(ymd(addMonths(first, 1)))}
        >
          <ChevronRight />
        </Button>
      </div>
      <div role="grid" className="grid grid-cols-7 gap-1 text-center">
        {WEEKDAYS.map((d) => (
          <div key={d} role="columnheader" className="text-xs font-medium text-slate-500">
            {d}
          </div>
        ))}
        {days.map((date) => {
          const day = ymd(date);
          const outside = format(date, 'yyyy-MM') !== monthKey;
          const disabled = minDay !== undefined && day < minDay;
          const isSelected = day === selected;
          const label = format(date, 'EEEE, MMMM d, yyyy');
          const body = (
            <>
              <span className="block text-sm">{format(date, 'd')}</span>
              {renderDay?.(day)}
            </>
          );
          return onSelect ? (
            <button
              key={day}
              type="button"
              role="gridcell"
              aria-label={label}
              aria-selected={isSelected}
              disabled={disabled}
              onClick={() => onSelect(day)}
              className={cn(
                'min-h-9 rounded-md p-1 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent',
                outside && 'text-slate-400',
                isSelected && 'bg-brand-600 text-white hover:bg-brand-700',
              )}
            >
              {body}
            </button>
          ) : (
            <div
              key={day}
              role="gridcell"
              aria-label={label}
              onDragOver={onDropDay && !disabled ? (e) => e.preventDefault() : undefined}
              onDrop={
                onDropDay && !disabled
                  ? (e) => {
                      e.preventDefault();
                      onDropDay(day, e.dataTransfer.getData('text/plain'));
                    }
                  : undefined
              }
              className={cn(
                'min-h-16 rounded-md border border-slate-100 p-1 text-left',
                outside && 'bg-slate-50 text-slate-400',
              )}
            >
              {body}
            </div>
          );
        })}
      </div>
    </div>
  );
}
