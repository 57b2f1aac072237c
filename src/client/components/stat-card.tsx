import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * One figure of a card row: inside a <dl>, the label is its term and the figure its definition.
 * `compact` rows sit side by side on a phone, without their icons, so what follows starts higher.
 */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone = 'brand',
  note,
  compact = false,
}: {
  label: string;
  value: string | null;
  icon: LucideIcon;
  tone?: 'brand' | 'accent';
  note?: string;
  compact?: boolean;
}) {
  // dt and dd sit directly in the card (a <dl> group may hold nothing else); the icon lives in the dt.
  return (
    <div
      className={cn(
        'relative min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm sm:p-5 sm:pr-16',
        compact ? 'p-3' : 'p-4 pr-16',
      )}
    >
      <dt className="text-xs font-medium text-slate-600 sm:text-sm">
        {label}
        <span
          aria-hidden="true"
          className={cn(
            'absolute top-4 right-4 size-9 items-center justify-center rounded-lg sm:top-5 sm:right-5 sm:flex',
            compact ? 'hidden' : 'flex',
            tone === 'brand' ? 'bg-brand-50 text-brand-700' : 'bg-accent-100 text-accent-800',
          )}
        >
          <Icon className="size-5" />
        </span>
      </dt>
      <dd className="mt-1 text-xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-2xl">
        {value === null ? <Skeleton className="h-7 w-16" /> : value}
        {note && value !== null ? <span className="ml-0.5 text-sm font-medium text-slate-500">{note}</span> : null}
      </dd>
    </div>
  );
}
