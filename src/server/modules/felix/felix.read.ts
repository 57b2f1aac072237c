import { and, asc, count, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { reviews, socialPosts } from '#server/db/schema/index.ts';

/**
 * Read model: what Felix quotes from tables no module owns yet. Each query moves to its owner's
 * repo (called through the owner's service) when that area is built — reviews to the reviews
 * module, scheduled posts to the social module. Read-only, scoped to one tenant in every WHERE.
 * Leads, activities and the time zone are not here: Felix reads them through their owners.
 */

/** A reply is on the platform once it is posted; anything else (draft, none) is unanswered. */
const REVIEW_ANSWERED = 'posted';
/** the spec: a review of 3 stars or fewer is flagged for follow-up. */
export const LOW_STAR_MAX = 3;

/** Waits for the reviews module. Reviews of 3 stars or fewer without a posted reply, newest first. */
export async function unansweredLowStarReviews(db: Db, tenantId: string, limit: number) {
  const where = and(
    eq(reviews.tenantId, tenantId),
    lte(reviews.rating, LOW_STAR_MAX),
    ne(reviews.responseStatus, REVIEW_ANSWERED),
  );
  const [total] = await db.select({ n: count() }).from(reviews).where(where);
  const rows = await db
    .select({
      customerName: reviews.customerName,
      rating: reviews.rating,
      content: reviews.content,
      platform: reviews.platform,
      reviewedAt: reviews.reviewedAt,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(where)
    .orderBy(desc(sql`coalesce(${reviews.reviewedAt}, ${reviews.createdAt})`))
    .limit(limit);
  return { count: total?.n ?? 0, reviews: rows };
}

/** Waits for the social module. Posts still to go out, soonest first, and how many in the next 7 days. */
export async function scheduledPosts(db: Db, tenantId: string, limit: number) {
  const where = and(
    eq(socialPosts.tenantId, tenantId),
    eq(socialPosts.status, 'scheduled'),
    gte(socialPosts.scheduledFor, sql`now()`),
  );
  const [totals] = await db
    .select({
      total: count(),
      next7Days: sql<number>`count(*) filter (where ${socialPosts.scheduledFor} < now() + interval '7 days')`.mapWith(
        Number,
      ),
    })
    .from(socialPosts)
    .where(where);
  const rows = await db
    .select({ platform: socialPosts.platform, content: socialPosts.content, scheduledFor: socialPosts.scheduledFor })
    .from(socialPosts)
    .where(where)
    .orderBy(asc(socialPosts.scheduledFor))
    .limit(limit);
  return { total: totals?.total ?? 0, next7Days: totals?.next7Days ?? 0, posts: rows };
}
