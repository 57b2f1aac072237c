import { Link } from 'wouter';
import type { TSocialPlatform, TSocialPost } from '@shared/schemas/social';
import type { TSocialAnalytics } from '@shared/schemas/social-analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

const numbers = new Intl.NumberFormat('en-US');
const n = (v: number) => numbers.format(v);

/**
 * Counts from the business's own posts (never the spec's fixed figures), and the followers of
 * the connected accounts with the change over the chosen period. Reach and engagement come from
 * the networks' insights, in the Platform Performance card below.
 */
export function PublishingSummary({
  posts,
  connected,
  analytics,
  days,
}: {
  posts: TSocialPost[];
  connected: Set<TSocialPlatform>;
  /** The networks' figures for the chosen period (followers), when loaded. */
  analytics?: TSocialAnalytics | undefined;
  days: number;
}) {
  const followers = analytics?.totals.followers ?? null;
  const change = analytics?.totals.followersChange ?? null;
  const count = (status: TSocialPost['status']) => posts.filter((p) => p.status === status).length;
  const rows = [
    ['Published', count('published')],
    ['Scheduled', count('scheduled') + count('publishing')],
    ['Failed', count('failed')],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance Overview</CardTitle>
        <CardDescription>From your posts on Fieldwise, and your followers on the networks.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-3 gap-2 text-center">
          {rows.map(([label, n]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-xl font-bold">{n}</dd>
            </div>
          ))}
        </dl>
        {followers !== null && (
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-slate-50 p-3">
            <p className="text-sm text-slate-600">
              Total followers <span className="block text-xl font-bold text-slate-900">{n(followers)}</span>
            </p>
            {change !== null && (
              <p
                className={cn(
                  'text-sm font-medium',
                  change > 0 ? 'text-emerald-700' : change < 0 ? 'text-red-700' : 'text-slate-600',
                )}
              >
                {change === 0
                  ? `No change in ${days} days`
                  : change > 0
                    ? `+${n(change)} new ${change === 1 ? 'follower' : 'followers'} in ${days} days`
                    : `${n(-change)} fewer than ${days} days ago`}
              </p>
            )}
          </div>
        )}
        <p className="text-sm text-slate-600">
          {connected.size === 0 && analytics?.sample ? (
            // The demo's posts and their figures are samples: no network ever showed them.
            <>
              The demo business&apos;s posts are samples that no real network published: their sample likes, comments
              and reach are under Platform Performance. Your own business publishes once you{' '}
              <Link href="/settings?tab=connections" className="font-medium text-brand-700 underline">
                connect Facebook, X or LinkedIn
              </Link>
              .
            </>
          ) : connected.size === 0 ? (
            <>
              No account is connected yet.{' '}
              <Link href="/settings?tab=connections" className="font-medium text-brand-700 underline">
                Connect Facebook, X or LinkedIn
              </Link>{' '}
              to publish, then reach and engagement will follow.
            </>
          ) : (
            'Likes, comments and reach from the networks are under Platform Performance.'
          )}
        </p>
      </CardContent>
    </Card>
  );
}
