import { useState } from 'react';
import { Link } from 'wouter';
import { Star } from 'lucide-react';
import {
  ANALYTICS_LIMITS,
  ANALYTICS_MESSAGES,
  CHART_PERIODS,
  type TChartPeriod,
  type TReportPeriod,
} from '@shared/analytics';
import type { TAnalyticsStatus } from '@shared/schemas/analytics';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type TAnalyticsState,
  useReviewSummary,
  useTopKeywords,
  useTrafficSources,
  useWeekdayTraffic,
} from './analytics-api';
import { LineChart } from './charts';
import { NativeSelect } from '@/components/ui/native-select';
import { GhostText } from '@/components/ui/ghost-text';

const fmt = new Intl.NumberFormat('en-US');
const CHART_LABELS: Record<TChartPeriod, string> = { '7days': '7 days', '30days': '30 days', '90days': '90 days' };

const NO_KEYWORDS = 'Connect Google Search Console for real keyword data';
const PAUSED = 'Paused until Google is reconnected (see above).';

function NotLive({ status }: { status: TAnalyticsStatus }) {
  // A Google problem is explained once, in the banner at the top with its fix.
  if (status.state === 'problem') return <p className="text-sm text-slate-600">{PAUSED}</p>;
  return (
    <p className="text-sm text-slate-600">
      {status.message}{' '}
      {status.settingsPath ? (
        <Link href={status.settingsPath} className="font-semibold text-brand-700 underline">
          Open Settings
        </Link>
      ) : null}
    </p>
  );
}

/**
 * While the status loads and it will most likely not be live: NotLive's likely text as a ghost (see
 * GhostText) on a pulsing block, so the card keeps its size when the real message replaces it.
 */
export function NotLivePlaceholder({ state }: { state: TAnalyticsState }) {
  return (
    <p aria-hidden="true" className="animate-pulse rounded-md bg-slate-100 text-sm text-transparent select-none">
      {state === 'problem' ? (
        <GhostText text={PAUSED} />
      ) : (
        <>
          <GhostText text={ANALYTICS_MESSAGES.notConnected} />{' '}
          <GhostText text="Open Settings" className="font-semibold" />
        </>
      )}
    </p>
  );
}

/** The status, or (while it loads) the state it will most likely have; see expectedState. */
type StatusProps = { status: TAnalyticsStatus | undefined; expected: TAnalyticsState };

/** Website Traffic: visits per weekday over the chosen period, from GA4. */
export function TrafficCard({ status, expected }: StatusProps) {
  const [chart, setChart] = useState<TChartPeriod>('7days');
  const traffic = useWeekdayTraffic(chart.replace('ays', '') as TReportPeriod, status);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>Website Traffic</CardTitle>
          <CardDescription>Visits by day of the week</CardDescription>
        </div>
        <label htmlFor="traffic-period" className="sr-only">
          Traffic period
        </label>
        <NativeSelect
          wrapperClassName="w-40"
          id="traffic-period"
          value={chart}
          onChange={(e) => setChart(e.target.value as TChartPeriod)}
          options={CHART_PERIODS.map((p) => ({ value: p, label: CHART_LABELS[p] }))}
        />
      </CardHeader>
      <CardContent>
        {status && status.state !== 'live' ? (
          <NotLive status={status} />
        ) : !status && expected !== 'live' ? (
          <NotLivePlaceholder state={expected} />
        ) : traffic.data ? (
          <LineChart
            label={`Visits per weekday, last ${CHART_LABELS[chart]}`}
            points={traffic.data.days.map((d) => ({ x: d.day, y: d.visitors }))}
          />
        ) : traffic.isError ? (
          <p className="text-sm text-red-700">{traffic.error.message}</p>
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

export function SourcesCard({ status, expected, period }: StatusProps & { period: TReportPeriod }) {
  const sources = useTrafficSources(period, status);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Traffic Sources</CardTitle>
        <CardDescription>Where visits came from in the last 30 days</CardDescription>
      </CardHeader>
      <CardContent>
        {status && status.state !== 'live' ? (
          <NotLive status={status} />
        ) : !status && expected !== 'live' ? (
          <NotLivePlaceholder state={expected} />
        ) : sources.isPending ? (
          <p className="text-sm text-slate-600">{ANALYTICS_MESSAGES.loadingSources}</p>
        ) : sources.isError ? (
          <p className="text-sm text-red-700">{sources.error.message}</p>
        ) : sources.data.length === 0 ? (
          <p className="text-sm text-slate-600">{ANALYTICS_MESSAGES.noSources}</p>
        ) : (
          <ul className="space-y-3" aria-label="Traffic sources">
            {sources.data.slice(0, ANALYTICS_LIMITS.sources).map((s) => (
              <li key={`${s.source}/${s.medium ?? ''}`}>
                <div className="flex justify-between gap-2 text-sm">
                  <span className="min-w-0 truncate">
                    {s.source}
                    {s.medium && !s.medium.startsWith('(') ? (
                      <span className="text-slate-500"> ({s.medium})</span>
                    ) : null}
                  </span>
                  <span className="font-medium">{s.percentage.toFixed(1)}%</span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-slate-100">
                  <div className="h-2 rounded-full bg-brand-600" style={{ width: `${Math.min(100, s.percentage)}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** `likelyEmpty`: Google isn't connected, so the placeholder takes the empty message's room. */
export function KeywordsCard({ likelyEmpty }: { likelyEmpty: boolean }) {
  const keywords = useTopKeywords();
  const rows = keywords.data?.keywords ?? [];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <div>
          <CardTitle>Top Keywords</CardTitle>
          <CardDescription>Searches that found you on Google, last 30 days</CardDescription>
        </div>
        <Link href="/keywords" className="text-sm font-semibold text-brand-700 underline">
          View all
        </Link>
      </CardHeader>
      <CardContent>
        {keywords.isPending && likelyEmpty ? (
          <p aria-hidden="true" className="animate-pulse rounded-md bg-slate-100 text-sm text-transparent select-none">
            <GhostText text={NO_KEYWORDS} />
          </p>
        ) : keywords.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-600">{NO_KEYWORDS}</p>
        ) : (
          // On a phone the table scrolls sideways: focusable, so a keyboard can scroll it too.
          <div
            className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            tabIndex={0}
            role="region"
            aria-label="Top keywords table"
          >
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-slate-600">
                  <th className="py-2 pr-2 font-medium">Keyword</th>
                  <th className="py-2 pr-2 text-right font-medium">Clicks</th>
                  <th className="py-2 pr-2 text-right font-medium">CTR</th>
                  <th className="py-2 text-right font-medium">Position</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((k) => (
                  <tr key={k.query} className="border-t border-slate-100">
                    <td className="max-w-48 truncate py-2 pr-2">{k.query}</td>
                    <td className="py-2 pr-2 text-right">{fmt.format(k.clicks)}</td>
                    <td className="py-2 pr-2 text-right">{k.ctr.toFixed(1)}%</td>
                    <td className="py-2 text-right">{k.position.toFixed(1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Reviews Overview, Review Platforms and Recent Reviews, from the business's reviews. */
export function ReviewCards() {
  const { data } = useReviewSummary();
  const demo = data?.demo ? <Badge variant="warning">Demo Data</Badge> : null;
  const empty = data && data.totalReviews === 0;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">Reviews Overview {demo}</CardTitle>
        </CardHeader>
        <CardContent>
          {!data ? (
            <Skeleton className="h-20 w-full" />
          ) : empty ? (
            <p className="text-sm text-slate-600">
              No reviews yet.{' '}
              <Link href="/reviews" className="font-semibold text-brand-700 underline">
                Choose your business on Reviews
              </Link>{' '}
              or connect Google to sync them.
            </p>
          ) : (
            <dl className="grid grid-cols-3 gap-2 text-center">
              <div>
                <dt className="text-xs text-slate-600">Reviews</dt>
                <dd className="text-xl font-semibold">{fmt.format(data.totalReviews)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Average</dt>
                <dd className="text-xl font-semibold">{data.averageRating?.toFixed(1) ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Response rate</dt>
                <dd className="text-xl font-semibold">{data.responseRate === null ? '—' : `${data.responseRate}%`}</dd>
              </div>
            </dl>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Review Platforms</CardTitle>
        </CardHeader>
        <CardContent>
          {data && data.platforms.length ? (
            <ul className="space-y-2 text-sm">
              {data.platforms.map((p) => (
                <li key={p.platform} className="flex justify-between">
                  <span className="capitalize">{p.platform.replace(/_/g, ' ')}</span>
                  <span className="font-medium">{fmt.format(p.count)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{data ? 'No reviews from any platform yet.' : ''}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Recent Reviews</CardTitle>
        </CardHeader>
        <CardContent>
          {data && data.recent.length ? (
            <ul className="space-y-3 text-sm">
              {data.recent.map((r, i) => (
                <li key={`${r.reviewerName}-${i}`}>
                  <div className="flex items-center justify-between gap-2">
                    <span className="truncate font-medium">{r.reviewerName}</span>
                    <span className="flex items-center gap-0.5 text-amber-500" aria-label={`${r.rating} stars`}>
                      {r.rating} <Star className="size-3.5 fill-current" aria-hidden="true" />
                    </span>
                  </div>
                  {r.comment ? <p className="line-clamp-2 text-slate-600">{r.comment}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{data ? 'No recent reviews.' : ''}</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
