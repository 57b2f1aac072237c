import type { TGoalUnit } from '#shared/schemas/coach.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { leadOutcomes } from '#server/modules/leads/leads.service.ts';
import { listReviews, reviewStats } from '#server/modules/reviews/reviews.service.ts';
import type { ReviewsDeps } from '#server/modules/reviews/reviews.deps.ts';
import { getAnalytics } from '#server/modules/social/social-analytics.service.ts';
import { listPosts, type SocialDeps } from '#server/modules/social/social.service.ts';
import { listBlogPosts } from '#server/modules/website/blog.service.ts';
import type { WebsiteDeps } from '#server/modules/website/website.deps.ts';
import type { Db } from '#server/db/client.ts';
import type { LeadFact, ReviewFacts, SocialFacts } from './coach-summary.ts';

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

const dates = (values: (string | null | undefined)[]) =>
  values
    .filter((v): v is string => Boolean(v))
    .map((v) => new Date(v))
    .filter((d) => !Number.isNaN(d.getTime()));

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
    status: r.status,
    createdAt: r.createdAt,
    lastContactedAt: r.lastContactedAt,
    closedAt: r.closedAt,
    value: r.jobValue ?? r.predictedValue,
  }));
}

async function publishedPostDates(deps: CoachSourceDeps, auth: AuthContext): Promise<Date[]> {
  const list = await listPosts(deps.social, auth, { status: 'published' });
  return dates(list.posts.map((p) => p.publishedAt));
}

export async function socialFacts(deps: CoachSourceDeps, auth: AuthContext): Promise<SocialFacts | null> {
  return orNull(async () => {
    const [published, analytics] = await Promise.all([
      publishedPostDates(deps, auth),
      getAnalytics(deps.social, auth, '30d'),
    ]);
    if (published.length === 0 && analytics.totals.posts === 0) return null;
    const t = analytics.sample ? null : analytics.totals;
    return {
      publishedAt: published,
      engagements30: t && t.posts > 0 ? t.likes + t.shares + t.comments : null,
      engagementRate30: t?.engagementRate ?? null,
    };
  });
}

async function ownReviews(deps: CoachSourceDeps, auth: AuthContext) {
  const list = await listReviews(deps.reviews, auth, { replied: 'all' });
  return list.demo ? null : list;
}

export async function reviewFacts(deps: CoachSourceDeps, auth: AuthContext): Promise<ReviewFacts | null> {
  return orNull(async () => {
    const [stats, list] = await Promise.all([reviewStats(deps, auth.tenantId), ownReviews(deps, auth)]);
    if (stats.count === 0 && !list?.reviews.length) return null;
    return {
      total: stats.count,
      average: stats.average,
      responseRate: list?.analytics.responseRate ?? null,
      writtenAt: dates(list?.reviews.map((r) => r.createTime) ?? []),
    };
  });
}

export async function blogFacts(deps: CoachSourceDeps, auth: AuthContext): Promise<Date[] | null> {
  return orNull(async () => {
    const list = await listBlogPosts(deps.website, auth);
    if (list.posts.length === 0) return null;
    return dates(list.posts.filter((p) => p.status === 'published').map((p) => p.publishedAt));
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
      return inWindow((await orNull(() => publishedPostDates(deps, auth))) ?? []);
    case 'reviews':
    case 'replies': {
      const list = await orNull(() => ownReviews(deps, auth));
      const reviews = list?.reviews ?? [];
      return inWindow(dates(reviews.map((r) => (unit === 'reviews' ? r.createTime : r.repliedAt))));
    }
    case 'leads': {
      const rows = await leadFacts(deps, auth.tenantId, from);
      return inWindow(
        rows
          .filter((l) => l.status === 'converted')
          .map((l) => l.closedAt!)
          .filter(Boolean),
      );
    }
    case 'blog posts':
      return inWindow((await blogFacts(deps, auth)) ?? []);
  }
}
