import { format, parseISO } from 'date-fns';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { PLATFORM_DEFS } from '@shared/social';
import { isoToZoned } from '@shared/zoned-time';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MonthCalendar } from './month-calendar';
import type { WizardState } from './wizard-state';

export const longDate = (day: string) => format(parseISO(day), 'EEEE, MMMM d, yyyy');
export const todayIn = (timezone: string) => isoToZoned(new Date().toISOString(), timezone).date;

/** Step 3: the date (past days disabled), the time (default 09:00), the Optimal Posting Times. */
export function WizardSchedule({
  state,
  timezone,
  onChange,
}: {
  state: WizardState;
  timezone: string;
  onChange(next: WizardState): void;
}) {
  const today = todayIn(timezone);
  const [month, setMonth] = useState(state.date || today);
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <div className="space-y-3">
        <p className="text-sm font-medium" aria-live="polite">
          {state.date ? longDate(state.date) : 'Pick a date'}
        </p>
        <MonthCalendar
          month={month}
          onMonthChange={setMonth}
          selected={state.date}
          minDay={today}
          onSelect={(date) => onChange({ ...state, date })}
          className="max-w-sm rounded-xl border border-slate-200 p-3"
        />
        <div className="max-w-40 space-y-1.5">
          <Label htmlFor="social-time">Time</Label>
          <Input
            id="social-time"
            type="time"
            value={state.time}
            onChange={(e) => onChange({ ...state, time: e.target.value })}
          />
        </div>
        <p className="text-xs text-slate-600">Times are in your business's time zone: {timezone}.</p>
      </div>
      <div className="h-fit rounded-xl border border-brand-100 bg-brand-50 p-4">
        <h4 className="mb-2 flex items-center gap-2 font-semibold">
          <Clock className="size-4" /> Optimal Posting Times
        </h4>
        <ul className="space-y-1 text-sm">
          {Object.values(PLATFORM_DEFS).map((def) => (
            <li key={def.id}>
              <span className="font-medium">{def.name}:</span> {def.optimalTimes}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600">In {timezone}.</p>
      </div>
    </div>
  );
}
