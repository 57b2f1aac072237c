import { Link } from 'wouter';
import { ArrowLeft, Clock, Eye, MousePointerClick, Users } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { useAnalyticsStatus, useMetrics } from './analytics-api';
import { KeywordsCard, ReviewCards, SourcesCard, TrafficCard } from './analytics-cards';
import { ReportsCard } from './reports-card';

const fmt = new Intl.NumberFormat('en-US');

/** /analytics: GA4's figures for the last 30 days, keywords, sources, reviews and reports. */
export default function AnalyticsPage() {
  const status = useAnalyticsStatus();
  const metrics = useMetrics('30d', status.data);
  const live = status.data?.state === 'live';
  const m = metrics.data;
  const value = (f: (x: NonNullable<typeof m>) => string) => (m ? f(m) : live && !metrics.isError ? null : '—');
  return (
    <div className="space-y-6">
      <Link
        href="/dashboard"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
      </Link>
      {status.data && !live ? (
        <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {status.data.message}{' '}
          {status.data.settingsPath ? (
            <Link href={status.data.settingsPath} className="font-semibold underline">
              Open Settings
            </Link>
          ) : null}
        </div>
      ) : null}
      {metrics.isError ? <p className="text-sm text-red-700">{metrics.error.message}</p> : null}
      <dl
        aria-label="Website figures, last 30 days"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4"
      >
        <StatCard
          label="Total Users"
          value={value((x) => fmt.format(x.users))}
          icon={Users}
          {...(!m || m.users === 0 ? { note: 'Connect Analytics' } : { note: 'Last 30 days' })}
        />
        <StatCard
          label="Page Views"
          value={value((x) => fmt.format(x.pageviews))}
          icon={Eye}
          {...(m ? { note: `${fmt.format(m.sessions)} sessions` } : {})}
        />
        <StatCard
          label="Avg Session Duration"
          value={value((x) => `${Math.round(x.avg_session_duration / 60)}m`)}
          icon={Clock}
        />
        <StatCard label="Bounce Rate" value={value((x) => `${x.bounce_rate.toFixed(1)}%`)} icon={MousePointerClick} />
      </dl>
      <TrafficCard status={status.data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <KeywordsCard />
        <SourcesCard status={status.data} period="30d" />
      </div>
      <ReviewCards />
      <ReportsCard status={status.data} />
    </div>
  );
}
