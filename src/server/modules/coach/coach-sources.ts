import type { TGoalUnit } from '#shared/schemas/coach.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { convertedLeadsBetween, leadOutcomes } from '#server/modules/leads/leads.service.ts';
import { countOwnReviews, listReviews, ownReviewDates, reviewStats } from '#server/modules/reviews/reviews.service.ts';
import type { ReviewsDeps } from '#server/modules/reviews/reviews.deps.ts';
import { getAnalytics } from '#server/modules/social/social-analytics.service.ts';
import { countPublishedPosts, publishedPostDates, type SocialDeps } from '#server/modules/social/social.service.ts';
import { publishedBlogDates } from '#server/modules/website/blog.service.ts';
import type { WebsiteDeps } from '#server/modules/website/website.deps.ts';
import type { Db } from '#server/db/client.ts';
import { keywordSummary } from '#server/modules/keywords/keywords-view.service.ts';
import { listReports } from '#server/modules/analytics/reports.service.ts';
import { clicksPerSourceRow } from '#server/modules/links/links.service.ts';
import { postsForAttribution } from '#server/modules/social/social.service.ts';
import { landingPagesForAttribution } from '#server/modules/website/landing.service.ts';
import type { AttributionFacts, LeadFact, ReviewFacts, SearchFacts, SocialFacts, TrafficFacts } from './coach-facts.ts';
import { attributedItemOf, DAY_MS } from './coach-summary.ts';

// What the coach reads from the other areas, only through their services (Data ownership).
// A failing or unconnected area gives null, so the coach says less instead of failing.

export interface CoachSourceDeps {
  db: Db;
  social: SocialDeps;
  reviews: ReviewsDeps;
  website: WebsiteDeps;
}

/** Reads the other areas' services accept for a background job, which has no signed-in person. */
export function readerAuth(tenantId: string, userId = ''): AuthContext {
  return { tenantId, userId, tenantName: '', role: 'user', email: '', emailVerified: true, sidHash: '' };
}

async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

export async function leadFacts(deps: Pick<CoachSourceDeps, 'db'>, tenantId: string, since: Date): Promise<LeadFact[]> {
  const rows = await leadOutcomes(deps, tenantId, since);
  return rows.map((r) => ({
    source: r.source,
    utm: r.utm ?? null,
    searchKeyword: r.searchKeyword,
    status: r.status,
    createdAt: r.createdAt,
    lastContactedAt: r.lastContactedAt,
    closedAt: r.closedAt,
    value: r.jobValue ?? r.predictedValue,
  }));
}

/**
 * The posts and landing pages behind these leads and behind the tracked-link clicks since `since`,
 * each read from its owner for this tenant only: a lead tagged with another business's post id
 * finds no post. Null when the reads fail (the view then shows sources without items).
 */
export async function attributionFacts(
  deps: Pick<CoachSourceDeps, 'db'>,
  tenantId: string,
  leads: Pick<LeadFact, 'source' | 'utm'>[],
  since: Date,
): Promise<AttributionFacts | null> {
  return orNull(async () => {
    const rows = await clicksPerSourceRow(deps, tenantId, ['social_post', 'landing_page'], since);
    const clicks = rows.map((r) => ({
      kind: r.source === 'social_post' ? ('post' as const) : ('page' as const),
      id: r.sourceId,
      clicks: r.clicks,
    }));
    const postIds = new Set<string>();
    const pageIds = new Set<string>();
    for (const key of [...leads.map(attributedItemOf), ...clicks]) {
      if (key) (key.kind === 'post' ? postIds : pageIds).add(key.id);
    }
    const [posts, pages] = await Promise.all([
      postsForAttribution(deps, tenantId, [...postIds]),
      landingPagesForAttribution(deps, tenantId, [...pageIds]),
    ]);
    return { posts, pages, clicks };
  });
}

/** The summary's dates reach this far back (it speaks of the last 30 and 90 days). */
const SUMMARY_DAYS = 90;
const summarySince = (now: Date) => new Date(now.getTime() - SUMMARY_DAYS * DAY_MS);

// Every dated list below is read for its window only, in SQL, and every goal's counter is a count
// over all of the owner's rows: a list endpoint's first page would miss a busy business's rows.

/** Posts published in the summary's window; null without any published post or analytics. */
export async function socialFacts(deps: CoachSourceDeps, auth: AuthContext, now: Date): Promise<SocialFacts | null> {
  return orNull(async () => {
    const [published, analytics] = await Promise.all([
      publishedPostDates(deps, auth.tenantId, summarySince(now), now),
      getAnalytics(deps.social, auth, '30d'),
    ]);
    if (
      published.length === 0 &&
      analytics.totals.posts === 0 &&
      (await countPublishedPosts(deps, auth.tenantId, {})) === 0
    )
      return null;
    const t = analytics.sample ? null : analytics.totals;
    return {
      publishedAt: published,
      engagements30: t && t.posts > 0 ? t.likes + t.shares + t.comments : null,
      engagementRate30: t?.engagementRate ?? null,
    };
  });
}

/** The business's own reviews (never samples): totals, and those written in the summary's window. */
export async function reviewFacts(deps: CoachSourceDeps, auth: AuthContext, now: Date): Promise<ReviewFacts | null> {
  return orNull(async () => {
    const [stats, list, written] = await Promise.all([
      reviewStats(deps, auth.tenantId),
      listReviews(deps.reviews, auth, { replied: 'all' }),
      ownReviewDates(deps.reviews, auth, summarySince(now), now),
    ]);
    if (stats.count === 0) return null;
    return {
      total: stats.count,
      average: stats.average,
      // The list's figures are SQL over every review shown, not over its page.
      responseRate: list.demo ? null : list.analytics.responseRate,
      writtenAt: written ?? [],
    };
  });
}

export async function blogFacts(deps: CoachSourceDeps, auth: AuthContext): Promise<Date[] | null> {
  return orNull(async () => {
    const published = await publishedBlogDates(deps.website, auth);
    return published.length ? published : null;
  });
}

/** Search Console's last 28 synced days against the 28 before; null before a sync (the demo rows never count). */
export async function searchFacts(deps: Pick<CoachSourceDeps, 'db'>, auth: AuthContext): Promise<SearchFacts | null> {
  return orNull(async () => {
    const k = await keywordSummary(deps, auth);
    if (k.source !== 'search_console' || !k.period) return null;
    return {
      from: k.period.from,
      to: k.period.to,
      clicks: k.totalClicks.value,
      impressions: k.totalImpressions.value,
      previousClicks: k.totalClicks.previous,
      previousImpressions: k.totalImpressions.previous,
    };
  });
}

/** A report older than this says nothing about the business now. */
const TRAFFIC_FRESH_DAYS = 35;
const PERIOD_DAYS: Record<string, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** GA4 sessions from the latest stored analytics report (generated on the Analytics page or by the Monday mail). */
export async function trafficFacts(
  deps: Pick<CoachSourceDeps, 'db'>,
  tenantId: string,
  now: Date,
): Promise<TrafficFacts | null> {
  return orNull(async () => {
    const [latest] = await listReports(deps, tenantId, 1);
    if (!latest) return null;
    const reportedAt = new Date(latest.generatedAt);
    if (now.getTime() - reportedAt.getTime() > TRAFFIC_FRESH_DAYS * DAY_MS) return null;
    const weeks = latest.details?.weeks ?? [];
    return {
      sessions: latest.traffic,
      days: PERIOD_DAYS[latest.period] ?? 30,
      reportedAt,
      lastWeek: weeks.length >= 2 ? weeks[weeks.length - 1]!.visitors : null,
      weekBefore: weeks.length >= 2 ? weeks[weeks.length - 2]!.visitors : null,
    };
  });
}

/** How many of a goal's unit happened in [from, to]: the real counter behind each goal. */
export async function countUnit(
  deps: CoachSourceDeps,
  auth: AuthContext,
  unit: TGoalUnit,
  from: Date,
  to: Date,
): Promise<number> {
  const inWindow = (ds: Date[]) => ds.filter((d) => d >= from && d <= to).length;
  switch (unit) {
    case 'posts':
      return (await orNull(() => countPublishedPosts(deps, auth.tenantId, { from, to }))) ?? 0;
    case 'reviews':
    case 'replies':
      return (
        (await orNull(() =>
          countOwnReviews(deps.reviews, auth, unit === 'reviews' ? 'written' : 'replied', from, to),
        )) ?? 0
      );
    case 'leads':
      // Counted in SQL over the whole window ([from, to) there, so `to` is moved past its last instant).
      return convertedLeadsBetween(deps, auth.tenantId, from, new Date(to.getTime() + 1));
    case 'blog posts':
      return inWindow((await blogFacts(deps, auth)) ?? []);
  }
}
