import { useState } from 'react';
import { FileText, MapPin, MessageSquare, RefreshCw, Star, Timer, TrendingUp } from 'lucide-react';
import { REPLY_FILTERS, type TReplyFilter } from '@shared/reviews';
import type { TReviewBusiness } from '@shared/schemas/reviews';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api';
import { ReviewCard } from './review-card';
import { ReviewRequests } from './review-requests';
import { StatCard } from '@/components/stat-card';
import { reviewTexts, useReplyTemplates, useReviews, useSyncReviews, type ReviewFilters } from './reviews-api';
import { toast } from '@/components/ui/use-toast';

const REPLIED_LABELS: Record<TReplyFilter, string> = { all: 'All', replied: 'Replied', unreplied: 'Not replied' };
const selectClass = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base shadow-sm sm:text-sm';

/** After a business is chosen: its header, the three stat cards, response figures, filters and the review list. */
export function BusinessReviews({
  business,
  googleConnected,
  canManage,
  changing,
  onChange,
}: {
  business: TReviewBusiness | null;
  googleConnected: boolean;
  canManage: boolean;
  changing: boolean;
  onChange: () => void;
}) {
  const [filters, setFilters] = useState<ReviewFilters>({ replied: 'all' });
  const list = useReviews(filters);
  const templates = useReplyTemplates().data?.templates ?? [];
  const sync = useSyncReviews();
  const pages = list.data?.pages;
  // Figures and flags come with every page; the first page's are shown.
  const data = pages?.[0];
  const loaded = pages?.flatMap((p) => p.reviews) ?? [];
  const a = data?.analytics;
  const name = business?.name ?? 'Your Business Profile';
  const loading = list.isPending;

  return (
    <div className="space-y-4">
      <section aria-label="Business" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 className="text-lg font-bold text-slate-900">{name}</h2>
            {business?.address ? (
              <p className="flex items-start gap-1 text-sm text-slate-600">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {business.address}
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-2">
              {data?.demo ? <Badge variant="warning">Demo Data</Badge> : null}
              {data?.liveData ? <Badge variant="success">live data</Badge> : null}
              {a ? (
                <Badge variant="secondary">{a.totalReviewCount.toLocaleString('en-US')} reviews on Google</Badge>
              ) : null}
              {googleConnected ? <Badge variant="outline">Business Profile connected</Badge> : null}
            </div>
          </div>
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {canManage && googleConnected ? (
              <Button
                variant="outline"
                className="flex-1 sm:flex-none"
                disabled={sync.isPending}
                onClick={() =>
                  sync.mutate(undefined, {
                    onSuccess: (r) =>
                      toast({
                        title: 'Reviews Synced',
                        description: `${r.imported} new, ${r.updated} checked on Google.`,
                      }),
                    onError: (err) =>
                      toast({
                        title: 'Error',
                        description: errorMessage(err, 'Could not sync the reviews.'),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                <RefreshCw aria-hidden="true" />
                {sync.isPending ? 'Syncing...' : 'Sync now'}
              </Button>
            ) : null}
            {canManage && business ? (
              <Button variant="outline" onClick={onChange} disabled={changing} className="flex-1 sm:flex-none">
                Change Business
              </Button>
            ) : null}
          </div>
        </div>
      </section>

      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <StatCard
          compact
          label="Average Rating"
          icon={Star}
          value={a ? (a.averageRating === null ? '—' : a.averageRating.toFixed(1)) : null}
        />
        <StatCard
          compact
          label="Total Reviews"
          icon={MessageSquare}
          value={a ? a.totalReviewCount.toLocaleString('en-US') : null}
        />
        <StatCard compact label="Reviews Loaded" icon={FileText} value={loading ? '...' : String(loaded.length)} />
      </dl>
      {a ? (
        <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          <span className="flex items-center gap-1">
            <TrendingUp aria-hidden="true" className="size-4 text-brand-700" />
            Response rate: <strong>{a.responseRate === null ? '—' : `${a.responseRate}%`}</strong>
          </span>
          <span className="flex items-center gap-1">
            <Timer aria-hidden="true" className="size-4 text-brand-700" />
            Average response time:{' '}
            <strong>{a.averageResponseHours === null ? '—' : formatHours(a.averageResponseHours)}</strong>
          </span>
        </p>
      ) : null}

      <ReviewRequests canManage={canManage} />

      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <legend className="sr-only">Filter reviews</legend>
        <label className="text-xs font-medium text-slate-600">
          Rating
          <select
            className={selectClass}
            value={filters.rating ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, rating: e.target.value ? Number(e.target.value) : undefined }))}
          >
            <option value="">All ratings</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'star' : 'stars'}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Reply
          <select
            className={selectClass}
            value={filters.replied}
            onChange={(e) => setFilters((f) => ({ ...f, replied: e.target.value as TReplyFilter }))}
          >
            {REPLY_FILTERS.map((r) => (
              <option key={r} value={r}>
                {REPLIED_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <label className="col-span-2 text-xs font-medium text-slate-600 sm:col-span-1">
          Written since
          <input
            type="date"
            className={selectClass}
            value={filters.since ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, since: e.target.value || undefined }))}
          />
        </label>
      </fieldset>

      {loading ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading reviews" />
        </div>
      ) : list.isError && !data ? (
        <FormAlert tone="error">{errorMessage(list.error, reviewTexts.fetchError)}</FormAlert>
      ) : loaded.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {reviewTexts.noReviews}
        </p>
      ) : (
        <div className="space-y-3">
          {loaded.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              businessName={name}
              canManage={canManage}
              templates={templates}
            />
          ))}
          {list.isFetchNextPageError ? (
            <FormAlert tone="error">{errorMessage(list.error, reviewTexts.fetchError)}</FormAlert>
          ) : null}
          {list.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

function formatHours(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round(hours / 24)} days`;
}
