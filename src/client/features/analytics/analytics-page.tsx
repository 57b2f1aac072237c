import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ANALYTICS_MESSAGES } from '@shared/analytics';
import { ArrowLeft, Clock, Eye, MousePointerClick, Users } from 'lucide-react';
import { ConnectionProblemBanner } from '@/components/connections/connection-problem-banner';
import { StatCard } from '@/components/stat-card';
import { hasRole } from '@/lib/auth/roles';
import { useAuth } from '@/lib/auth/use-auth';
import { useConnection } from '@/lib/connections/connections-api';
import { analyticsKeys, connectionKeys } from '@/lib/query-keys';
import { GooglePropertiesPicker } from '@/components/connections/google-properties-picker';
import { expectedState, useAnalyticsStatus, useMetrics } from './analytics-api';
import { KeywordsCard, ReviewCards, SourcesCard, TrafficCard } from './analytics-cards';
import { GhostText } from '@/components/ui/ghost-text';
import { ReportsCard } from './reports-card';

const fmt = new Intl.NumberFormat('en-US');

/** /analytics: GA4's figures for the last 30 days, keywords, sources, reviews and reports. */
export default function AnalyticsPage() {
  const { user } = useAuth();
  const status = useAnalyticsStatus();
  const metrics = useMetrics('30d', status.data);
  const live = status.data?.state === 'live';
  const google = useConnection('google', user !== null);
  const googleProblem = google?.state === 'problem' || status.data?.state === 'problem';
  const expected = expectedState(status.data, google);
  // A failed GA4 call (any card's) may have just recorded a Google problem: read the connection
  // again, so the banner with its fix shows instead of a bare error.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (
          event.type === 'updated' &&
          event.action.type === 'error' &&
          event.query.queryKey[0] === analyticsKeys.all[0]
        )
          void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      }),
    [queryClient],
  );
  const statusProblem = status.data?.state === 'problem';
  useEffect(() => {
    if (statusProblem) void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
  }, [statusProblem, queryClient]);
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
      {status.data?.demo ? (
        <p className="text-sm text-slate-600">
          Sample website traffic of the demo business; a real business sees its own once Google Analytics is connected.
        </p>
      ) : null}
      {/* A Google problem (expired, revoked): what happened and the one button that fixes it. */}
      <ConnectionProblemBanner user={user} provider="google" />
      {status.data && !live && !(googleProblem && google?.problem) ? (
        <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {status.data.message}{' '}
          {status.data.settingsPath ? (
            <Link href={status.data.settingsPath} className="font-semibold underline">
              Open Settings
            </Link>
          ) : null}
        </div>
      ) : !status.data && expected === 'not_connected' ? (
        // The status is still loading and will most likely say Google isn't connected: hold the
        // notice's room (its text as a ghost, see GhostText) so the figures below don't move when it arrives.
        <div
          aria-hidden="true"
          className="animate-pulse rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-transparent select-none"
        >
          <GhostText text={ANALYTICS_MESSAGES.notConnected} />{' '}
          <GhostText text="Open Settings" className="font-semibold" />
        </div>
      ) : null}
      {status.data?.state === 'no_property' && google?.state === 'healthy' && hasRole(user?.role, 'manager') ? (
        <GooglePropertiesPicker className="bg-white" />
      ) : null}
      {metrics.isError && !googleProblem ? <p className="text-sm text-red-700">{metrics.error.message}</p> : null}
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
      <TrafficCard status={status.data} expected={expected} />
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <KeywordsCard likelyEmpty={expected === 'not_connected'} />
        <SourcesCard status={status.data} expected={expected} period="30d" />
      </div>
      <ReviewCards />
      <ReportsCard status={status.data} expected={expected} />
    </div>
  );
}
