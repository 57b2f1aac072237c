const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "5 minutes ago", "3 hours ago", "2 days ago": minutes under an hour, hours under a day,
 * then days (the relative-time rule of spec-2 §9).
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

const dueFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

/** "Due today", "Due tomorrow", "Overdue · Mon, Mar 3" or "Due Tue, Mar 11". */
export function dueLabel(iso: string | null, now: Date): string {
  if (!iso) return 'No due date';
  const due = new Date(iso);
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const days = Math.floor((due.getTime() - startOfToday) / DAY);
  if (days < 0) return `Overdue · ${dueFormat.format(due)}`;
  if (days === 0) return 'Due today';
  if (days === 1) return 'Due tomorrow';
  return `Due ${dueFormat.format(due)}`;
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
