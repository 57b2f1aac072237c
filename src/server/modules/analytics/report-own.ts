import { PERIOD_DAYS, type TReportDetails, type TReportPeriod } from '#shared/schemas/analytics.ts';
import { LEAD_SOURCE_LABELS } from '#shared/schemas/lead-sources.ts';
import { leadOutcomes } from '#server/modules/leads/leads.service.ts';
import { keywordFigures } from '#server/modules/leads/lead-keywords.ts';
import { figuresBySource } from '#server/modules/leads/lead-source-figures.ts';
import { reviewStats } from '#server/modules/reviews/reviews.service.ts';
import { countPublishedPosts } from '#server/modules/social/social.service.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';
import type { Period } from './analytics-ga4.ts';

/**
 * A report's figures that are the business's own, with or without Google: leads of the period and
 * how many converted, revenue by lead source (read from the leads, as the coach's summary counts
 * them: leads created in the period, and jobs closed as converted in it with their value), reviews,
 * posts published. It reads the leads area, not the coach, which itself reads reports.
 */
export async function ownFigures(
  deps: AnalyticsDeps,
  tenantId: string,
  period: TReportPeriod,
  p: Period,
  now: Date,
): Promise<NonNullable<TReportDetails['own']>> {
  const since = new Date(now.getTime() - PERIOD_DAYS[period] * 86_400_000);
  const [outcomes, reviews, posts] = await Promise.all([
    leadOutcomes(deps, tenantId, since),
    reviewStats(deps, tenantId),
    countPublishedPosts(deps, tenantId, { from: p.from, to: p.to }),
  ]);
  const facts = outcomes.map((l) => ({ ...l, value: l.jobValue }));
  const sources = figuresBySource(facts, since).map(({ source, ...e }) => ({
    label: LEAD_SOURCE_LABELS[source],
    ...e,
  }));
  return {
    leads: sources.reduce((n, s) => n + s.leads, 0),
    converted: sources.reduce((n, s) => n + s.converted, 0),
    revenue: Math.round(sources.reduce((n, s) => n + s.revenue, 0) * 100) / 100,
    revenueBySource: sources,
    revenueByKeyword: keywordFigures(facts, since),
    reviews: reviews.count,
    averageRating: reviews.average === null ? null : Math.round(reviews.average * 10) / 10,
    postsPublished: posts,
  };
}
