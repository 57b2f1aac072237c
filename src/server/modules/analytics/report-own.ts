import { PERIOD_DAYS, type TReportDetails, type TReportPeriod } from '#shared/schemas/analytics.ts';
import { readerAuth } from '#server/modules/coach/coach-sources.ts';
import { revenueBySource } from '#server/modules/coach/coach.service.ts';
import { reviewStats } from '#server/modules/reviews/reviews.service.ts';
import { countPublishedPosts } from '#server/modules/social/social.service.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';
import type { Period } from './analytics.ga4.ts';

/**
 * A report's figures that are the business's own, with or without Google: leads of the period and
 * how many converted, revenue by lead source (the coach's attribution), reviews, posts published.
 */
export async function ownFigures(
  deps: AnalyticsDeps,
  tenantId: string,
  period: TReportPeriod,
  p: Period,
  now: Date,
): Promise<NonNullable<TReportDetails['own']>> {
  const [revenue, reviews, posts] = await Promise.all([
    revenueBySource(deps, readerAuth(tenantId), PERIOD_DAYS[period], now),
    reviewStats(deps, tenantId),
    countPublishedPosts(deps, tenantId, { from: p.from, to: p.to }),
  ]);
  const sources = revenue.sources.filter((s) => s.leads > 0 || s.revenue > 0);
  return {
    leads: sources.reduce((n, s) => n + s.leads, 0),
    converted: sources.reduce((n, s) => n + s.converted, 0),
    revenue: revenue.totalRevenue,
    revenueBySource: sources.map(({ label, leads, converted, revenue: r }) => ({
      label,
      leads,
      converted,
      revenue: r,
    })),
    reviews: reviews.count,
    averageRating: reviews.average === null ? null : Math.round(reviews.average * 10) / 10,
    postsPublished: posts,
  };
}
