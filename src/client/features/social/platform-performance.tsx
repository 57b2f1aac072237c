import { Link } from 'wouter';
import { PLATFORM_DEFS, type TSocialPlatform } from '@shared/social';
import { ANALYTICS_PERIODS, type TAnalyticsPeriod } from '@shared/social-analytics';
import type { TSocialAnalytics } from '@shared/schemas/social-analytics';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { whenText } from './posts-list';

const numbers = new Intl.NumberFormat('en-US');
const n = (v: number) => numbers.format(v);
const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}%`);

/** "+50" / "−3" / "no change": followers gained or lost over the period. */
export function followerChange(change: number, days: number): string {
  const over = `in ${days} days`;
  if (change === 0) return `no change ${over}`;
  return `${change > 0 ? '+' : '−'}${n(Math.abs(change))} ${over}`;
}

/**
 * Platform Performance: the networks' own figures for the business's published posts (synced
 * hourly into social_media_analytics), per platform. Never the spec's fixed numbers: with nothing
 * synced it says how to get figures; sample rows of the demo business carry a Demo Data badge.
 */
export function PlatformPerformance({
  query,
  period,
  onPeriod,
  connected,
  timezone,
}: {
  query: { data?: TSocialAnalytics | undefined; isPending: boolean; error: unknown };
  period: TAnalyticsPeriod;
  onPeriod(p: TAnalyticsPeriod): void;
  connected: Set<TSocialPlatform>;
  /** The business's time zone, which the last sync's time is shown in (as the posts' times are). */
  timezone: string;
}) {
  const data = query.data;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {/* The title in its own element, and a space before the badge: the heading reads
              "Platform Performance Demo Data", and the title alone is findable by its text. */}
          <CardTitle className="flex items-center gap-2">
            <span>Platform Performance</span>
            {data?.sample ? (
              <>
                {' '}
                <Badge variant="warning">Demo Data</Badge>
              </>
            ) : null}
          </CardTitle>
          <div role="group" aria-label="Period" className="flex rounded-md border border-slate-200 text-xs">
            {(Object.keys(ANALYTICS_PERIODS) as TAnalyticsPeriod[]).map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={p === period}
                onClick={() => onPeriod(p)}
                className={cn(
                  'px-2 py-1 first:rounded-l-md last:rounded-r-md',
                  p === period && 'bg-slate-900 text-white',
                )}
              >
                {p}
              </button>
            ))}
          </div>
        </div>
        <CardDescription>
          Followers, and the likes, comments, shares and reach each network reports for your posts of the last{' '}
          {ANALYTICS_PERIODS[period]} days.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isPending ? (
          <Skeleton className="h-24" />
        ) : !data ? (
          <p className="text-sm text-red-700">{errorMessage(query.error, 'Could not load your post analytics.')}</p>
        ) : data.platforms.length === 0 ? (
          <p className="text-sm text-slate-600">
            {connected.size === 0 ? (
              <>
                No figures yet.{' '}
                <Link href="/settings?tab=connections" className="font-medium text-brand-700 underline">
                  Connect Facebook, Instagram, X or LinkedIn
                </Link>{' '}
                and publish a post; its likes, comments and reach are collected every hour.
              </>
            ) : (
              'No figures yet: once a post is published, its likes, comments and reach are collected every hour.'
            )}
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {(
                [
                  ['Engagement', pct(data.totals.engagementRate)],
                  ['Reach', n(data.totals.reach)],
                  ['Likes', n(data.totals.likes)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-lg bg-slate-50 p-2">
                  <dt className="text-xs text-slate-600">{label}</dt>
                  <dd className="text-lg font-bold">{value}</dd>
                </div>
              ))}
            </dl>
            <ul className="divide-y divide-slate-100">
              {data.platforms.map((p) => (
                <li key={p.platform} className="py-2 text-sm">
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="font-medium">{PLATFORM_DEFS[p.platform].name}</span>
                    <span className="text-slate-600">
                      {p.posts} {p.posts === 1 ? 'post' : 'posts'} · {pct(p.engagementRate)}
                    </span>
                  </div>
                  {p.followers !== null && (
                    <p className="text-xs text-slate-700">
                      {n(p.followers)} {p.followers === 1 ? 'follower' : 'followers'}
                      {p.followersChange !== null && (
                        <span
                          className={cn(
                            p.followersChange > 0 && 'text-emerald-700',
                            p.followersChange < 0 && 'text-red-700',
                          )}
                        >
                          {' '}
                          ({followerChange(p.followersChange, ANALYTICS_PERIODS[period])})
                        </span>
                      )}
                    </p>
                  )}
                  <p className="text-xs text-slate-500">
                    {p.posts === 0
                      ? 'No published posts in this period.'
                      : `${n(p.likes)} likes · ${n(p.comments)} comments · ${n(p.shares)} shares · ${
                          p.reach ? `${n(p.reach)} reached` : `${n(p.impressions)} views`
                        }`}
                  </p>
                </li>
              ))}
            </ul>
            {data.lastSyncedAt && (
              <p className="text-xs text-slate-500">Updated {whenText(data.lastSyncedAt, timezone)}</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
