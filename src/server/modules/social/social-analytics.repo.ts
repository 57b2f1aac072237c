import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, lte, max, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { socialMediaAnalytics, socialPosts } from '#server/db/schema/index.ts';
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
  const counts = { likes: m.likes, comments: m.comments, recordedAt: at, updatedAt: at };
  const values = {
    ...counts,
    shares: m.shares,
    reach: m.reach,
    impressions: m.impressions,
    clickThrough: m.clicks,
    engagementRate: rate(m),
  };
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(socialMediaAnalytics)
      .set(m.countsOnly ? counts : values)
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

// Followers: one row per account a day with no post (post_id null), `followers` set; the day's
// row is updated by each sync, so the history is one figure a day per platform.

const followerRows = (tenantId: string) =>
  and(
    eq(socialMediaAnalytics.tenantId, tenantId),
    isNull(socialMediaAnalytics.postId),
    isNotNull(socialMediaAnalytics.followers),
  );

/** The account's follower count today (UTC day), replacing an earlier figure of the same day. */
export async function recordFollowers(
  db: Db,
  tenantId: string,
  platform: string,
  followers: number,
  at = new Date(),
): Promise<void> {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(socialMediaAnalytics)
      .set({ followers, recordedAt: at, updatedAt: at })
      .where(
        and(
          followerRows(tenantId),
          eq(socialMediaAnalytics.platform, platform),
          gte(socialMediaAnalytics.recordedAt, day),
          lt(socialMediaAnalytics.recordedAt, new Date(day.getTime() + 86_400_000)),
        ),
      )
      .returning({ id: socialMediaAnalytics.id });
    if (updated.length === 0)
      await tx.insert(socialMediaAnalytics).values({ tenantId, platform, followers, recordedAt: at, updatedAt: at });
  });
}

export interface FollowerFigure {
  platform: string;
  followers: number;
  recordedAt: Date;
}

/**
 * Per platform: the latest follower count up to `until`, and the one the period starts from (the
 * last at or before `since`, else the first after it); null where there is only one figure.
 */
export async function followerFigures(
  db: Db,
  tenantId: string,
  since: Date,
  until: Date,
): Promise<{ platform: string; latest: FollowerFigure; start: FollowerFigure | null }[]> {
  const a = socialMediaAnalytics;
  const rows = await db
    .select({ platform: a.platform, followers: a.followers, recordedAt: a.recordedAt })
    .from(a)
    .where(and(followerRows(tenantId), lte(a.recordedAt, until)))
    .orderBy(asc(a.platform), asc(a.recordedAt));
  const byPlatform = new Map<string, FollowerFigure[]>();
  for (const r of rows) {
    const list = byPlatform.get(r.platform) ?? [];
    list.push({ platform: r.platform, followers: r.followers ?? 0, recordedAt: r.recordedAt });
    byPlatform.set(r.platform, list);
  }
  return [...byPlatform.values()].map((list) => {
    const latest = list.at(-1)!;
    const before = list.filter((f) => f.recordedAt <= since).at(-1);
    const start = before ?? list.find((f) => f.recordedAt > since) ?? null;
    return { platform: latest.platform, latest, start: start === latest ? null : start };
  });
}
