import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BarChart3, Percent, Star, TrendingDown, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import type { TDashboard } from '@shared/schemas/dashboard';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
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
  value: string | null;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xs font-medium text-slate-600 sm:text-sm">{label}</h2>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600 sm:size-5" />
      </div>
      <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
        {value ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No data</span>
          </>
        )}
      </p>
      <div className="text-xs text-slate-600">{children}</div>
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

export function StatCardsSkeleton() {
  return (
    <StatGrid busy>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} className="flex flex-col gap-2 p-4 sm:p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-3 w-28" />
        </Card>
      ))}
    </StatGrid>
  );
}
