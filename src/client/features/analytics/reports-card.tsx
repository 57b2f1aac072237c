import { useState } from 'react';
import { Link } from 'wouter';
import { FileBarChart, Loader2 } from 'lucide-react';
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES, REPORT_PERIODS, type TReportPeriod } from '@shared/analytics';
import type { TAnalyticsStatus, TReport } from '@shared/schemas/analytics';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { type TAnalyticsState, useGenerateReport, useReports } from './analytics-api';
import { ReportOwnFigures, ReportWithoutGoogle } from './report-own';
import { BarChart, DONUT_COLOURS, Donut, parseSource } from './charts';
import { NativeSelect } from '@/components/ui/native-select';
import { GhostText } from '@/components/ui/ghost-text';
import { DeviceTime } from '@/lib/device-time';

const fmt = new Intl.NumberFormat('en-US');
export const PERIOD_LABELS: Record<TReportPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};
const GENERATED_ON = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
/** The day a report was made, in the device's zone: written once the page is alive (see DeviceTime). */
export const GeneratedOn = ({ iso }: { iso: string }) => <DeviceTime at={new Date(iso)} format={GENERATED_ON} />;
export const rateText = (r: TReport) => (r.conversionRate === null ? '—' : `${r.conversionRate.toFixed(1)}%`);

/** The newest report's figures, weekly bars, sources donut and top keywords. */
export function ReportSummary({ report }: { report: TReport }) {
  const sources = report.trafficSources.map(parseSource);
  const noGoogle = report.details?.google === false;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[
          ['Total Traffic', fmt.format(report.traffic)],
          ['Conversions', fmt.format(report.conversions)],
          ['Conversion Rate', rateText(report)],
          ['Period', PERIOD_LABELS[report.period]],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <ReportOwnFigures report={report} />
      {noGoogle ? <ReportWithoutGoogle /> : null}
      <div className={noGoogle ? 'hidden' : 'grid gap-6 lg:grid-cols-2'}>
        <section aria-label="Traffic by week">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Traffic by week</h3>
          <BarChart
            label="Visitors per week"
            bars={(report.details?.weeks ?? []).map((w) => ({ label: w.label, value: w.visitors }))}
          />
        </section>
        <section aria-label="Traffic sources">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Traffic sources</h3>
          {sources.length ? (
            <div className="flex flex-wrap items-center gap-4">
              <Donut parts={sources} label="Share of visits by source" />
              <ul className="min-w-0 space-y-1 text-sm">
                {sources.slice(0, ANALYTICS_LIMITS.legend).map((s, i) => (
                  <li key={s.name} className="flex items-center gap-2">
                    <span className="size-2.5 shrink-0 rounded-full" style={{ background: DONUT_COLOURS[i] }} />
                    <span className="truncate">{report.trafficSources[i]}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{ANALYTICS_MESSAGES.noSources}</p>
          )}
        </section>
      </div>
      <section aria-label="Top keywords" className={noGoogle ? 'hidden' : undefined}>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Top keywords</h3>
        {report.topKeywords.length ? (
          <ol className="space-y-1 text-sm">
            {report.topKeywords.slice(0, ANALYTICS_LIMITS.keywords).map((k, i) => (
              <li key={k}>
                <span className="mr-2 text-slate-500">{i + 1}.</span>
                {k}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">
            No Search Console keywords in this report.{' '}
            <Link href="/keywords" className="text-brand-700 underline">
              Keywords
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

/** The empty state's room while the reports load: its texts as ghosts (see GhostText) on pulsing blocks. */
function EmptyPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse py-6 text-center text-transparent select-none"
      data-testid="report-skeleton"
    >
      <p className="mx-auto w-fit rounded-md bg-slate-200 font-semibold">
        <GhostText text={ANALYTICS_MESSAGES.noReports.title} />
      </p>
      <p className="mx-auto mt-1 w-fit rounded-md bg-slate-100 text-sm">
        <GhostText text={ANALYTICS_MESSAGES.noReports.message} />
      </p>
    </div>
  );
}

/**
 * The Analytics Reports card: generate for a period, the newest report, and the 3 most recent.
 * `expected`: the status's state, or while it loads the likely one (see expectedState); without GA4
 * there are most likely no reports, so the placeholders take the notice's and the empty state's room.
 */
export function ReportsCard({ status, expected }: { status: TAnalyticsStatus | undefined; expected: TAnalyticsState }) {
  const [period, setPeriod] = useState<TReportPeriod>('30d');
  const reports = useReports();
  const generate = useGenerateReport({
    onSuccess: () =>
      toast({ title: ANALYTICS_MESSAGES.generated.title, description: ANALYTICS_MESSAGES.generated.message }),
    onError: (error) =>
      toast({
        title: ANALYTICS_MESSAGES.generationFailed.title,
        // A refusal the owner can act on (nothing connected) says so; anything else is the spec's text.
        description:
          error instanceof ApiError && error.status === 409
            ? error.message
            : ANALYTICS_MESSAGES.generationFailed.message,
        variant: 'destructive',
      }),
  });
  const newest = reports.data?.[0];
  // Without Google a report still holds the business's own figures; the notice says what Google adds.
  const withoutGoogle = status !== undefined && status.state !== 'live';
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="flex items-center gap-2">
            <FileBarChart className="size-5 text-brand-700" aria-hidden="true" /> Analytics Reports
            {status?.demo ? <Badge variant="warning">Demo Data</Badge> : null}
          </CardTitle>
          <CardDescription>
            Your leads, revenue, reviews and posts for a period, with website traffic from Google Analytics.
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="report-period" className="sr-only">
            Report period
          </label>
          <NativeSelect
            wrapperClassName="w-40"
            id="report-period"
            value={period}
            onChange={(e) => setPeriod(e.target.value as TReportPeriod)}
            options={REPORT_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          />
          <Button onClick={() => generate.mutate(period)} disabled={generate.isPending}>
            {generate.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Generate
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {withoutGoogle ? (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {status.message} Reports hold your leads, revenue, reviews and posts meanwhile.
          </p>
        ) : !status && expected !== 'live' ? (
          <p
            aria-hidden="true"
            className="animate-pulse rounded-lg bg-slate-100 p-3 text-sm text-transparent select-none"
          >
            <GhostText text={ANALYTICS_MESSAGES.notConnected} />
          </p>
        ) : null}
        {reports.isPending && expected !== 'live' ? (
          <EmptyPlaceholder />
        ) : reports.isPending || generate.isPending ? (
          <div className="space-y-3" data-testid="report-skeleton">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : newest ? (
          <>
            <ReportSummary report={newest} />
            <Link href={`/reports/${newest.id}`} className="text-sm font-semibold text-brand-700 underline">
              Open the full report
            </Link>
          </>
        ) : (
          <div className="py-6 text-center">
            <p className="font-semibold text-slate-900">{ANALYTICS_MESSAGES.noReports.title}</p>
            <p className="mt-1 text-sm text-slate-600">{ANALYTICS_MESSAGES.noReports.message}</p>
          </div>
        )}
        {reports.data && reports.data.length > 0 ? (
          <section aria-label="Recent reports">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Recent reports</h3>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {reports.data.slice(0, ANALYTICS_LIMITS.recentReports).map((r) => (
                <li key={r.id}>
                  <Link
                    href={`/reports/${r.id}`}
                    className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm hover:bg-slate-50"
                  >
                    <span className="font-medium text-slate-900">{PERIOD_LABELS[r.period]}</span>
                    <span className="text-slate-600">
                      <GeneratedOn iso={r.generatedAt} />
                    </span>
                    <span className="text-slate-900">{fmt.format(r.traffic)} visitors</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
