import { Suspense, useState } from 'react';
import type { TSocialPlatform, TSocialPost } from '@shared/schemas/social';
import { ANALYTICS_PERIODS, type TAnalyticsPeriod } from '@shared/social-analytics';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { lazyNamed } from '@/lib/lazy-page';
import { PlatformPerformance } from './platform-performance';
import { PostsList } from './posts-list';
import { PublishingSummary } from './publishing-summary';
import { useSocialAnalytics } from './social-api';

// The dialog (and Radix's dialog code) loads when it is opened, not with the page.
const ImportDialog = lazyNamed(() => import('./import-dialog').then((m) => m.ImportDialog));

/**
 * /social under the tabs: the Posts list (import, export) beside the publishing summary and each
 * platform's figures, with the analytics query they share.
 */
export function PostsSection({
  posts,
  connected,
  timezone,
  marked,
  onEdit,
}: {
  posts: TSocialPost[];
  connected: Set<TSocialPlatform>;
  timezone: string;
  /** The post a push notification opened (?post=id). */
  marked: string | null;
  onEdit(post: TSocialPost): void;
}) {
  const [importing, setImporting] = useState(false);
  const [period, setPeriod] = useState<TAnalyticsPeriod>('30d');
  const analytics = useSocialAnalytics(period);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>Posts</CardTitle>
            <div className="flex gap-3">
              <Button
                size="sm"
                variant="outline"
                onPointerEnter={() => void ImportDialog.preload()}
                onFocus={() => void ImportDialog.preload()}
                onClick={() => setImporting(true)}
              >
                Import CSV
              </Button>
              <a
                href="/api/social/export.csv"
                download
                className="inline-flex items-center text-sm font-medium text-brand-700 underline"
              >
                Export CSV
              </a>
            </div>
          </div>
          <CardDescription>
            Each platform is published on its own; a failed one says why and can be retried.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PostsList posts={posts} timezone={timezone} onEdit={onEdit} marked={marked} />
        </CardContent>
      </Card>
      <div className="space-y-6">
        <PublishingSummary
          posts={posts}
          connected={connected}
          analytics={analytics.data}
          days={ANALYTICS_PERIODS[period]}
        />
        <PlatformPerformance
          query={analytics}
          period={period}
          onPeriod={setPeriod}
          connected={connected}
          timezone={timezone}
        />
      </div>
      <Suspense fallback={null}>{importing && <ImportDialog onClose={() => setImporting(false)} />}</Suspense>
    </div>
  );
}
