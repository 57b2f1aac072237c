import { isoToZoned, zonedFormatter } from '@shared/zoned-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "5 minutes ago", "3 hours ago", "2 days ago": minutes under an hour, hours under a day,
 * then days (the relative-time rule of the spec).
 */
export function relativeTime(iso: string, now: Date): string {
  const diff = Math.max(0, now.getTime() - new Date(iso).getTime());
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hour');
  return plural(Math.floor(diff / DAY), 'day');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * "Due today · 9:00 AM", "Due tomorrow", "Due Tue, Mar 11" or "Overdue · Mon, Mar 3", by the
 * calendar of the business's time zone; a task is overdue once its due moment has passed.
 */
export function dueLabel(iso: string | null, now: Date, timeZone: string): string {
  if (!iso) return 'No due date';
  const due = isoToZoned(iso, timeZone);
  const today = isoToZoned(now.toISOString(), timeZone);
  const days = Math.round((Date.parse(due.date) - Date.parse(today.date)) / DAY);
  const day = zonedFormatter(timeZone, { weekday: 'short', month: 'short', day: 'numeric' });
  if (Date.parse(iso) < now.getTime()) return `Overdue · ${days === 0 ? 'today' : day.format(new Date(iso))}`;
  if (days === 0) {
    const time = zonedFormatter(timeZone, { hour: 'numeric', minute: '2-digit' });
    return `Due today · ${time.format(new Date(iso))}`;
  }
  if (days === 1) return 'Due tomorrow';
  return `Due ${day.format(new Date(iso))}`;
}

const count = new Intl.NumberFormat('en-US');
export const formatCount = (n: number): string => count.format(n);

/** Leads this month against last month: "+3 from last month", "Same as last month". */
export function leadsChange(thisMonth: number, lastMonth: number): { text: string; trend: 'up' | 'down' | 'flat' } {
  const diff = thisMonth - lastMonth;
  if (diff === 0) return { text: 'Same as last month', trend: 'flat' };
  const pct = lastMonth > 0 ? ` (${diff > 0 ? '+' : ''}${Math.round((diff / lastMonth) * 100)}%)` : '';
  return { text: `${diff > 0 ? '+' : ''}${formatCount(diff)} from last month${pct}`, trend: diff > 0 ? 'up' : 'down' };
}
