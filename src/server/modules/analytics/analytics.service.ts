import {
  ANALYTICS_LIMITS,
  WEEKDAYS,
  type TAnalyticsMetrics,
  type TBreakdown,
  type TReportPeriod,
  type TReviewSummary,
  type TTopKeywords,
  type TTrafficSource,
  type TWeekdayTraffic,
} from '#shared/schemas/analytics.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { activeUsersNow } from '#server/integrations/ga4/ga4-client.ts';
import { recordEvent } from '#server/modules/events/events.service.ts';
import { asRequestError } from '#server/modules/keywords/google-properties.service.ts';
import { keywordSource, topKeywords as keywordsTop } from '#server/modules/keywords/keywords.service.ts';
import { leadStatusCounts } from '#server/modules/leads/leads.service.ts';
import { listReviews, reviewPlatforms } from '#server/modules/reviews/reviews.service.ts';
import { withConnection } from '#server/modules/connections/connections.service.ts';
import { ga4PropertyId } from '#server/modules/settings/settings.service.ts';
import { AppError } from '#server/errors.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';
import { ga4Breakdown, ga4Daily, ga4Sources, ga4Totals, periodOf } from './analytics-ga4.ts';
import * as repo from './analytics.repo.ts';

export { analyticsDeps, type AnalyticsDeps } from './analytics.deps.ts';
export { analyticsStatus } from './analytics-ga4.ts';

/**
 * The Analytics page: GA4's totals, traffic by weekday and sources for the period, Search
 * Console's top keywords (keywords area), review figures (reviews area) and the lead funnel
 * (leads area). Every figure is the business's own; nothing is invented when a source is missing.
 */

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function metrics(
  deps: AnalyticsDeps,
  tenantId: string,
  period: TReportPeriod,
): Promise<TAnalyticsMetrics> {
  const t = await ga4Totals(deps, tenantId, await periodOf(deps, tenantId, period));
  return {
    users: t.users,
    pageviews: t.pageviews,
    sessions: t.sessions,
    avg_session_duration: Math.round(t.duration),
    bounce_rate: round1(t.bounce * 100),
  };
}

/** Sessions per weekday (Mon..Sun) summed over the period's days. */
export async function weekdayTraffic(
  deps: AnalyticsDeps,
  tenantId: string,
  period: TReportPeriod,
): Promise<TWeekdayTraffic> {
  const daily = await ga4Daily(deps, tenantId, await periodOf(deps, tenantId, period));
  const sums = new Array<number>(7).fill(0);
  for (const [date, sessions] of daily) {
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
    sums[weekday]! += sessions;
  }
  return { period, days: WEEKDAYS.map((day, i) => ({ day, visitors: sums[i]! })) };
}

export async function trafficSources(
  deps: AnalyticsDeps,
  tenantId: string,
  period: TReportPeriod,
): Promise<TTrafficSource[]> {
  const sources = await ga4Sources(deps, tenantId, await periodOf(deps, tenantId, period));
  return sources.map(({ source, medium, percentage }) => ({ source, ...(medium ? { medium } : {}), percentage }));
}

const BREAKDOWNS = {
  'top-pages': { dimension: 'pagePath', metric: 'screenPageViews' },
  pages: { dimension: 'pageTitle', metric: 'screenPageViews' },
  locations: { dimension: 'city', metric: 'activeUsers' },
  devices: { dimension: 'deviceCategory', metric: 'activeUsers' },
} as const;
export type BreakdownKind = keyof typeof BREAKDOWNS;
export const BREAKDOWN_KINDS = Object.keys(BREAKDOWNS) as BreakdownKind[];

export async function breakdown(
  deps: AnalyticsDeps,
  tenantId: string,
  kind: BreakdownKind,
  period: TReportPeriod,
): Promise<TBreakdown> {
  const { dimension, metric } = BREAKDOWNS[kind];
  return ga4Breakdown(deps, tenantId, await periodOf(deps, tenantId, period), dimension, metric);
}

/** The top 5 Search Console queries of the last 30 days (the keywords area's rows). */
export async function topKeywordsCard(deps: AnalyticsDeps, tenantId: string): Promise<TTopKeywords> {
  const [rows, source] = await Promise.all([
    keywordsTop(deps, tenantId, { days: 30, limit: ANALYTICS_LIMITS.keywords }),
    keywordSource(deps, tenantId),
  ]);
  return {
    keywords: rows.map(({ query, clicks, impressions, ctr, position }) => ({
      query,
      clicks,
      impressions,
      ctr,
      position,
    })),
    source,
  };
}

/** Reviews Overview, Review Platforms and Recent Reviews from the business's reviews. */
export async function reviewSummary(deps: AnalyticsDeps, auth: AuthContext): Promise<TReviewSummary> {
  const [list, platforms] = await Promise.all([
    listReviews(deps.reviews, auth, { replied: 'all' }),
    reviewPlatforms(deps.reviews, auth),
  ]);
  return {
    totalReviews: list.analytics.totalReviewCount,
    averageRating: list.analytics.averageRating,
    responseRate: list.analytics.responseRate,
    platforms,
    recent: list.reviews.slice(0, 3).map((r) => ({
      reviewerName: r.reviewerName,
      rating: r.rating,
      comment: r.comment,
      createTime: r.createTime,
    })),
    demo: list.demo,
  };
}

/** New → contacted → qualified → converted, each step counting the leads that reached it. */
export async function conversionFunnel(deps: AnalyticsDeps, tenantId: string) {
  const c = await leadStatusCounts(deps, tenantId);
  const converted = c.converted;
  const qualified = c.qualified + converted;
  const contacted = c.contacted + qualified;
  const all = c.new + contacted + c.lost;
  return {
    steps: [
      { step: 'Leads', count: all },
      { step: 'Contacted', count: contacted },
      { step: 'Qualified', count: qualified },
      { step: 'Converted', count: converted },
    ],
  };
}

export async function realtime(deps: AnalyticsDeps, tenantId: string) {
  const property = (await ga4PropertyId(deps, tenantId))?.replace(/^properties\//, '') ?? null;
  // "Reconnect Google" is a 409 like every GA4 report's, a quota 429, Google down 503.
  const users = await withConnection(deps.connections, tenantId, 'google', (token) =>
    property ? activeUsersNow(deps.ga4, token, property) : Promise.resolve(null),
  ).catch(asRequestError);
  if (users === undefined) throw new AppError('conflict', 'Connect Google in Settings → Connections first.');
  if (users === null) throw new AppError('conflict', 'Add your GA4 property ID in Settings → Analytics first.');
  return { activeUsers: users };
}

/** A conversion the website reports (a booked job, a call): kept as an analytics event of the business. */
export async function recordConversion(
  deps: AnalyticsDeps,
  auth: AuthContext,
  input: {
    event: string;
    value?: number | undefined;
    properties?: Record<string, unknown> | undefined;
    timestamp?: string | undefined;
  },
) {
  await recordEvent(deps, auth, 'conversion', {
    event: input.event,
    ...(input.value !== undefined ? { value: input.value } : {}),
    ...(input.properties ? { properties: input.properties } : {}),
    at: input.timestamp ?? (deps.now?.() ?? new Date()).toISOString(),
  });
  return { message: 'Conversion recorded.' };
}

export async function preferences(deps: AnalyticsDeps, tenantId: string) {
  return { weeklyEmail: (await repo.findPreferences(deps.db, tenantId))?.weeklyEmail ?? true };
}

export async function savePreferences(deps: AnalyticsDeps, tenantId: string, weeklyEmail: boolean) {
  await repo.savePreferences(deps.db, tenantId, weeklyEmail);
  return { weeklyEmail };
}
