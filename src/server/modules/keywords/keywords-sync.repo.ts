import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { seoKeywordDays, seoKeywordSites, seoKeywords } from '#server/db/schema/index.ts';

// SQL for the Search Console sync. Every statement is scoped by tenant_id.

export interface DayRow {
  day: string;
  query: string;
  clicks: number;
  impressions: number;
  position: number;
}

/** Insert or refresh day rows (one per tenant, day and query): a re-sync never adds rows. */
export async function upsertDays(db: Db, tenantId: string, rows: DayRow[]): Promise<void> {
  if (rows.length === 0) return;
  // One array per column (unnest): a few parameters however many rows, which PGlite parses fast.
  await db.execute(sql`
    insert into seo_keyword_days (tenant_id, day, query, clicks, impressions, position)
    select ${tenantId}::uuid, d, q, c, i, p
    from unnest(${sql.param(rows.map((r) => r.day))}::date[], ${sql.param(rows.map((r) => r.query))}::text[],
                ${sql.param(rows.map((r) => r.clicks))}::int[], ${sql.param(rows.map((r) => r.impressions))}::int[],
                ${sql.param(rows.map((r) => r.position))}::real[]) as v(d, q, c, i, p)
    on conflict (tenant_id, day, query) do update set
      clicks = excluded.clicks, impressions = excluded.impressions, position = excluded.position, synced_at = now()`);
}

/**
 * Rebuilds the business's keyword rows from its day rows: the last 28 days (ending `to`)
 * against the 28 before; queries with no impressions in the window are removed.
 */
export async function rebuildSnapshot(db: Db, tenantId: string, from: string, to: string, prevFrom: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into seo_keywords (tenant_id, keyword, position, previous_position, clicks, impressions, ctr, checked_at)
      select cur.tenant_id, cur.query, cur.position, prev.position, cur.clicks, cur.impressions,
             round(case when cur.impressions > 0 then cur.clicks * 100.0 / cur.impressions else 0 end, 2), now()
      from (
        select tenant_id, query, sum(clicks)::int as clicks, sum(impressions)::int as impressions,
               (sum(position * greatest(impressions, 1)) / sum(greatest(impressions, 1)))::real as position
        from seo_keyword_days
        where tenant_id = ${tenantId} and day between ${from} and ${to}
        group by tenant_id, query
      ) cur
      left join (
        select query, (sum(position * greatest(impressions, 1)) / sum(greatest(impressions, 1)))::real as position
        from seo_keyword_days
        where tenant_id = ${tenantId} and day >= ${prevFrom} and day < ${from}
        group by query
      ) prev on prev.query = cur.query
      on conflict (tenant_id, keyword) do update set
        position = excluded.position, previous_position = excluded.previous_position,
        clicks = excluded.clicks, impressions = excluded.impressions, ctr = excluded.ctr,
        checked_at = excluded.checked_at, updated_at = now()`);
    await tx.execute(sql`
      delete from seo_keywords k where k.tenant_id = ${tenantId} and not exists (
        select 1 from seo_keyword_days d
        where d.tenant_id = ${tenantId} and d.query = k.keyword and d.day between ${from} and ${to})`);
  });
}

/** Records each query's page with most clicks (from the by-query-and-page report). */
export async function setTopPages(db: Db, tenantId: string, pages: Map<string, string>): Promise<void> {
  const entries = [...pages];
  for (let i = 0; i < entries.length; i += 1000) {
    const chunk = entries.slice(i, i + 1000);
    await db.execute(sql`
      update seo_keywords k set page = v.page
      from (select unnest(${sql.param(chunk.map((e) => e[0]))}::text[]) as query,
                   unnest(${sql.param(chunk.map((e) => e[1]))}::text[]) as page) v
      where k.tenant_id = ${tenantId} and k.keyword = v.query`);
  }
}

export async function findSite(db: Db, tenantId: string) {
  const [row] = await db.select().from(seoKeywordSites).where(eq(seoKeywordSites.tenantId, tenantId));
  return row;
}

export async function saveSite(db: Db, tenantId: string, siteUrl: string): Promise<void> {
  await db
    .insert(seoKeywordSites)
    .values({ tenantId, siteUrl })
    .onConflictDoUpdate({ target: seoKeywordSites.tenantId, set: { siteUrl } });
}

export async function recordSync(db: Db, tenantId: string, error: string | null): Promise<void> {
  await db
    .update(seoKeywordSites)
    .set(error ? { syncError: error } : { syncedAt: new Date(), syncError: null })
    .where(eq(seoKeywordSites.tenantId, tenantId));
}

/** Row counts, for tests and the benchmark. */
export async function countRows(db: Db, tenantId: string) {
  const [days] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(seoKeywordDays)
    .where(eq(seoKeywordDays.tenantId, tenantId));
  const [keywords] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(seoKeywords)
    .where(and(eq(seoKeywords.tenantId, tenantId)));
  return { days: days?.n ?? 0, keywords: keywords?.n ?? 0 };
}

/**
 * The owner chose another Search Console site: the old site's days and keyword rows go (they
 * describe another property), and the next sync backfills the new one from scratch.
 */
export async function switchSite(db: Db, tenantId: string, siteUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(seoKeywordDays).where(eq(seoKeywordDays.tenantId, tenantId));
    await tx.delete(seoKeywords).where(eq(seoKeywords.tenantId, tenantId));
    await tx
      .insert(seoKeywordSites)
      .values({ tenantId, siteUrl })
      .onConflictDoUpdate({ target: seoKeywordSites.tenantId, set: { siteUrl, syncedAt: null, syncError: null } });
  });
}
