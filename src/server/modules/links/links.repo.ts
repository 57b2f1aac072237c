import { and, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TLinkSource } from '#shared/schemas/links.ts';
import type { Db } from '#server/db/client.ts';
import { linkClicks, trackedLinks } from '#server/db/schema/index.ts';

// SQL for tracked_links and link_clicks. Every tenant query is scoped by tenant_id; the one
// lookup by code is the public redirect, where the code itself is the (unguessable) key.

export async function insertLink(
  db: Db,
  tenantId: string,
  values: { code: string; targetUrl: string; source: TLinkSource; sourceId: string | null },
) {
  const rows = await db
    .insert(trackedLinks)
    .values({ tenantId, ...values })
    .onConflictDoNothing({ target: trackedLinks.code })
    .returning({ id: trackedLinks.id, code: trackedLinks.code });
  return rows[0];
}

export async function findByCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: trackedLinks.id, tenantId: trackedLinks.tenantId, targetUrl: trackedLinks.targetUrl })
    .from(trackedLinks)
    .where(eq(trackedLinks.code, code));
  return row;
}

/** The link already made for this source row and target, if any (a retried post reuses it). */
export async function findLinkFor(db: Db, tenantId: string, source: TLinkSource, sourceId: string, targetUrl: string) {
  const [row] = await db
    .select({ id: trackedLinks.id, code: trackedLinks.code })
    .from(trackedLinks)
    .where(
      and(
        eq(trackedLinks.tenantId, tenantId),
        eq(trackedLinks.source, source),
        eq(trackedLinks.sourceId, sourceId),
        eq(trackedLinks.targetUrl, targetUrl),
      ),
    )
    .limit(1);
  return row;
}

export async function insertClick(db: Db, tenantId: string, linkId: string, userAgent: string | null) {
  await db.insert(linkClicks).values({ tenantId, linkId, userAgent });
}

/** Clicks per link source and source row, optionally of one source and since a moment. */
export async function clickCounts(db: Db, tenantId: string, opts: { source?: TLinkSource; since?: Date }) {
  const clicks = count(linkClicks.id);
  return db
    .select({ source: trackedLinks.source, sourceId: trackedLinks.sourceId, clicks })
    .from(linkClicks)
    .innerJoin(
      trackedLinks,
      and(eq(trackedLinks.id, linkClicks.linkId), eq(trackedLinks.tenantId, linkClicks.tenantId)),
    )
    .where(
      and(
        eq(linkClicks.tenantId, tenantId),
        opts.source ? eq(trackedLinks.source, opts.source) : undefined,
        opts.since ? gte(linkClicks.clickedAt, opts.since) : undefined,
      ),
    )
    .groupBy(trackedLinks.source, trackedLinks.sourceId)
    .orderBy(sql`${clicks} desc`);
}

/**
 * Clicks per source row of the given link sources, counting rows whose links got no click yet
 * (0), so "no tracked link" and "no clicks" stay apart. Clicks since `since` when given.
 */
export async function clicksPerSourceRow(db: Db, tenantId: string, sources: TLinkSource[], since?: Date) {
  const clicks = count(linkClicks.id);
  return db
    .select({ source: trackedLinks.source, sourceId: trackedLinks.sourceId, clicks })
    .from(trackedLinks)
    .leftJoin(
      linkClicks,
      and(
        eq(linkClicks.linkId, trackedLinks.id),
        eq(linkClicks.tenantId, trackedLinks.tenantId),
        since ? gte(linkClicks.clickedAt, since) : undefined,
      ),
    )
    .where(
      and(eq(trackedLinks.tenantId, tenantId), inArray(trackedLinks.source, sources), isNotNull(trackedLinks.sourceId)),
    )
    .groupBy(trackedLinks.source, trackedLinks.sourceId);
}
