import { and, asc, count, desc, eq, gte, isNotNull, max, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { socialMediaAnalytics, socialPosts, tenants } from '#server/db/schema/index.ts';
import type { PostMetrics } from '#server/integrations/social-metrics.ts';

// SQL for the post analytics sync and GET /api/social/analytics. One social_media_analytics row per
// published post, updated in place by each sync (recorded_at says when). Scoped by tenant, except
// the sync's own sweep, which looks across tenants for recently published posts.

export interface SyncTarget {
  id: string;
  tenantId: string;
  platform: string;
  externalPostId: string;
}

/** Posts published since `since` with a network id, across tenants, least recently synced first. */
export async function postsToSync(db: Db, since: Date, limit = 2000): Promise<SyncTarget[]> {
  const rows = await db
    .select({
      id: socialPosts.id,
      tenantId: socialPosts.tenantId,
      platform: socialPosts.platform,
      externalPostId: socialPosts.externalPostId,
    })
    .from(socialPosts)
    .leftJoin(
      socialMediaAnalytics,
      and(eq(socialMediaAnalytics.postId, socialPosts.id), eq(socialMediaAnalytics.tenantId, socialPosts.tenantId)),
    )
    .where(
      and(
        eq(socialPosts.status, 'published'),
        gte(socialPosts.publishedAt, since),
        isNotNull(socialPosts.externalPostId),
      ),
    )
    .orderBy(sql`${socialMediaAnalytics.recordedAt} asc nulls first`, asc(socialPosts.publishedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, externalPostId: r.externalPostId ?? '' }));
}

const rate = (m: PostMetrics) => {
  const base = m.reach || m.impressions;
  return base > 0 ? Math.min(((m.likes + m.shares + m.comments) / base) * 100, 999.99).toFixed(2) : null;
};

/** The post's row, replaced by the network's current figures. */
export async function recordMetrics(db: Db, post: SyncTarget, m: PostMetrics, at = new Date()): Promise<void> {
  const values = {
    likes: m.likes,
    shares: m.shares,
    comments: m.comments,
    reach: m.reach,
    impressions: m.impressions,
    clickThrough: m.clicks,
    engagementRate: rate(m),
    recordedAt: at,
    updatedAt: at,
  };
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(socialMediaAnalytics)
      .set(values)
      .where(and(eq(socialMediaAnalytics.tenantId, post.tenantId), eq(socialMediaAnalytics.postId, post.id)))
      .returning({ id: socialMediaAnalytics.id });
    if (updated.length === 0)
      await tx
        .insert(socialMediaAnalytics)
        .values({ ...values, tenantId: post.tenantId, postId: post.id, platform: post.platform });
  });
}

/** Totals per platform over posts published since `since` (each post's latest figures). */
export async function platformTotals(db: Db, tenantId: string, since: Date) {
  const a = socialMediaAnalytics;
  const sum = (col: AnyColumn) => sql<number>`coalesce(sum(${col}), 0)`.mapWith(Number);
  return db
    .select({
      platform: a.platform,
      posts: count(),
      likes: sum(a.likes),
      shares: sum(a.shares),
      comments: sum(a.comments),
      reach: sum(a.reach),
      impressions: sum(a.impressions),
      clicks: sum(a.clickThrough),
      lastRecordedAt: max(a.recordedAt),
    })
    .from(a)
    .innerJoin(socialPosts, and(eq(socialPosts.id, a.postId), eq(socialPosts.tenantId, tenantId)))
    .where(and(eq(a.tenantId, tenantId), gte(socialPosts.publishedAt, since)))
    .groupBy(a.platform)
    .orderBy(desc(sum(a.impressions)));
}

export async function tenantSlug(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.slug;
}
