import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { reviews, socialMediaAnalytics } from '#server/db/schema/index.ts';

/**
 * Read model: the dashboard's queries over tables no module owns yet. Each one moves to its
 * owner's repo (and is called through the owner's service) when that area is built — reviews to
 * the reviews module, post analytics to the social module, tasks to the module that writes them.
 * Read-only, and scoped to one tenant in every WHERE clause, like a repo.
 */

/** Waits for the reviews module. */
export async function reviewStats(db: Db, tenantId: string) {
  const [row] = await db
    .select({
      count: count(),
      average: sql<number | null>`avg(${reviews.rating})`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(reviews)
    .where(eq(reviews.tenantId, tenantId));
  return row ?? { count: 0, average: null };
}

/**
 * Waits for the social module. Likes + shares + comments over every recorded post analytics row;
 * null when none is recorded.
 */
export async function socialEngagements(db: Db, tenantId: string): Promise<number | null> {
  const [row] = await db
    .select({
      rows: count(),
      total:
        sql<number>`coalesce(sum(${socialMediaAnalytics.likes} + ${socialMediaAnalytics.shares} + ${socialMediaAnalytics.comments}), 0)`.mapWith(
          Number,
        ),
    })
    .from(socialMediaAnalytics)
    .where(eq(socialMediaAnalytics.tenantId, tenantId));
  return row && row.rows > 0 ? row.total : null;
}
