import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BarChart3, Percent, Star, TrendingDown, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import type { TDashboard } from '@shared/schemas/dashboard';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatCount, leadsChange } from './format';

type Stats = TDashboard['stats'];

/** The four stat cards of the spec, each from the tenant's rows; nothing to count shows as such. */
export function StatCards({ stats }: { stats: Stats }) {
  const change = leadsChange(stats.leadsThisMonth, stats.leadsLastMonth);
  const TrendIcon = change.trend === 'down' ? TrendingDown : TrendingUp;
  return (
    <StatGrid>
      <StatCard icon={Users} label="Leads this month" value={formatCount(stats.leadsThisMonth)}>
        <span
          className={cn(
            'inline-flex items-center gap-1',
            change.trend === 'up' && 'text-emerald-700',
            change.trend === 'down' && 'text-red-700',
          )}
        >
          {change.trend !== 'flat' && <TrendIcon aria-hidden="true" className="size-3.5 shrink-0" />}
          {change.text}
        </span>
      </StatCard>
      <StatCard
        icon={Star}
        label="Avg. review rating"
        value={stats.averageRating === null ? null : stats.averageRating.toFixed(1)}
      >
        {stats.averageRating === null ? (
          <EmptyNote text="No reviews yet" href="/reviews" link="Manage reviews" />
        ) : (
          `from ${formatCount(stats.reviewCount)} review${stats.reviewCount === 1 ? '' : 's'}`
        )}
      </StatCard>
      <StatCard
        icon={Percent}
        label="Lead conversion"
        value={stats.conversionRate === null ? null : `${stats.conversionRate.toFixed(1)}%`}
      >
        {stats.conversionRate === null ? (
          <EmptyNote text="No leads yet" href="/leads" link="Add a lead" />
        ) : (
          'of all leads converted'
        )}
      </StatCard>
      <StatCard
        icon={BarChart3}
        label="Social engagements"
        value={stats.socialEngagements === null ? null : formatCount(stats.socialEngagements)}
      >
        {stats.socialEngagements === null ? (
          <EmptyNote text="No post results yet" href="/social?action=create-post" link="Create a post" />
        ) : (
          'likes, shares and comments'
        )}
      </StatCard>
    </StatGrid>
  );
}

function StatGrid({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <section
      aria-label="Key figures"
      aria-busy={busy || undefined}
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      {children}
    </section>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  children,
}: {
  icon: LucideIcon;
  label: string;
  /** Undefined while loading: a placeholder of the value's size. */
  value: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xs font-medium text-slate-600 sm:text-sm">{label}</h2>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600 sm:size-5" />
      </div>
      <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
        {value === undefined ? (
          <InlineSkeleton className="h-7 w-16" />
        ) : (
          (value ?? (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">No data</span>
            </>
          ))
        )}
      </p>
      {/* Room for two lines on a phone, where most notes wrap, so the loaded card is as tall as
          its placeholder (no layout shift when the figures arrive). */}
      <div className="min-h-8 text-xs text-slate-600 sm:min-h-0">{children}</div>
    </Card>
  );
}

function EmptyNote({ text, href, link }: { text: string; href: string; link: string }) {
  return (
    <span>
      {text}.{' '}
      <Link href={href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
        {link}
      </Link>
    </span>
  );
}

/** The cards with their labels and placeholders of the figures' size, so nothing moves on load. */
/** A placeholder that may sit inside a paragraph (a <div> there is invalid HTML). */
function InlineSkeleton({ className }: { className: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block animate-pulse rounded-md bg-slate-200 align-middle', className)}
    />
  );
}

export function StatCardsSkeleton() {
  return (
    <StatGrid busy>
      {STAT_LABELS.map(([icon, label]) => (
        <StatCard key={label} icon={icon} label={label} value={undefined}>
          <InlineSkeleton className="h-3 w-24" />
        </StatCard>
      ))}
    </StatGrid>
  );
}

const STAT_LABELS: readonly (readonly [LucideIcon, string])[] = [
  [Users, 'Leads this month'],
  [Star, 'Avg. review rating'],
  [Percent, 'Lead conversion'],
  [BarChart3, 'Social engagements'],
];
