import { and, asc, desc, eq, gte, ilike, sql } from 'drizzle-orm';
import type { TKeywordQuery } from '#shared/schemas/keywords.ts';
import type { Db } from '#server/db/client.ts';
import { seoKeywordDays, seoKeywords } from '#server/db/schema/index.ts';

// SQL for keywords (seo_keywords and seo_keyword_days). Every query is scoped by tenant_id.

export interface KeywordTotals {
  query: string;
  clicks: number;
  impressions: number;
  /** Impression-weighted average position. */
  position: number;
}

/** Per-query totals over [from, to] (ISO days, inclusive), most clicks first. */
export async function queryTotals(
  db: Db,
  tenantId: string,
  from: string,
  to: string,
  limit: number,
  queries?: string[],
): Promise<KeywordTotals[]> {
  const d = seoKeywordDays;
  const rows = await db
    .select({
      query: d.query,
      clicks: sql<number>`sum(${d.clicks})::int`,
      impressions: sql<number>`sum(${d.impressions})::int`,
      position: sql<number>`(sum(${d.position} * greatest(${d.impressions}, 1)) / sum(greatest(${d.impressions}, 1)))::float8`,
    })
    .from(d)
    .where(
      and(
        eq(d.tenantId, tenantId),
        gte(d.day, from),
        sql`${d.day} <= ${to}`,
        queries ? sql`${d.query} = any(${sql.param(queries)}::text[])` : undefined,
      ),
    )
    .groupBy(d.query)
    .orderBy(sql`sum(${d.clicks}) desc`, sql`sum(${d.impressions}) desc`, d.query)
    .limit(limit);
  return rows;
}

/** Whether the business has any synced Search Console row. */
export async function hasSynced(db: Db, tenantId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(seoKeywords)
    .where(eq(seoKeywords.tenantId, tenantId))
    .limit(1);
  return rows.length > 0;
}

/** The latest synced day, or null before the first sync. */
export async function lastSyncedDay(db: Db, tenantId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${seoKeywordDays.day})::text` })
    .from(seoKeywordDays)
    .where(eq(seoKeywordDays.tenantId, tenantId));
  return row?.day ?? null;
}

const k = seoKeywords;
const keywordColumns = {
  keyword: k.keyword,
  position: k.position,
  previousPosition: k.previousPosition,
  clicks: k.clicks,
  impressions: k.impressions,
  ctr: sql<number>`coalesce(${k.ctr}, 0)::float8`,
  page: k.page,
};
export type KeywordRow = Awaited<ReturnType<typeof listKeywords>>['rows'][number];

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the business's keyword rows, sorted and filtered server-side. */
export async function listKeywords(db: Db, tenantId: string, query: TKeywordQuery) {
  const where = and(eq(k.tenantId, tenantId), query.q ? ilike(k.keyword, `%${escapeLike(query.q)}%`) : undefined);
  const column = { clicks: k.clicks, impressions: k.impressions, ctr: k.ctr, position: k.position, keyword: k.keyword }[
    query.sort
  ];
  const dir = query.dir ?? (query.sort === 'position' || query.sort === 'keyword' ? 'asc' : 'desc');
  const [rows, [total]] = await Promise.all([
    db
      .select(keywordColumns)
      .from(k)
      .where(where)
      .orderBy(dir === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`, asc(k.keyword))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(k)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Weekly clicks per query over the `weeks` weeks ending `to`, oldest week first. */
export async function weeklyClicks(db: Db, tenantId: string, queries: string[], to: string, weeks: number) {
  if (queries.length === 0) return new Map<string, number[]>();
  const d = seoKeywordDays;
  const rows = await db
    .select({
      query: d.query,
      week: sql<number>`((${to}::date - ${d.day}) / 7)::int`,
      clicks: sql<number>`sum(${d.clicks})::int`,
    })
    .from(d)
    .where(
      and(
        eq(d.tenantId, tenantId),
        sql`${d.query} = any(${sql.param(queries)}::text[])`,
        sql`${d.day} > ${to}::date - ${weeks * 7}::int`,
        sql`${d.day} <= ${to}::date`,
      ),
    )
    .groupBy(d.query, sql`2`);
  const out = new Map<string, number[]>(queries.map((q) => [q, Array<number>(weeks).fill(0)]));
  for (const r of rows) {
    const series = out.get(r.query);
    if (series && r.week >= 0 && r.week < weeks) series[weeks - 1 - r.week] = r.clicks;
  }
  return out;
}

/** Sums and per-query averages over [from, to]: the summary cards' figures. */
export async function periodFigures(db: Db, tenantId: string, from: string, to: string) {
  type Figures = { clicks: number; impressions: number; ctr: number; position: number; n: number };
  const result = await db.execute(sql`
    select coalesce(sum(clicks), 0)::float8 as clicks, coalesce(sum(impressions), 0)::float8 as impressions,
           coalesce(avg(ctr), 0)::float8 as ctr, coalesce(avg(position), 0)::float8 as position, count(*)::int as n
    from (
      select sum(clicks) as clicks, sum(impressions) as impressions,
             case when sum(impressions) > 0 then sum(clicks) * 100.0 / sum(impressions) else 0 end as ctr,
             sum(position * greatest(impressions, 1)) / sum(greatest(impressions, 1)) as position
      from seo_keyword_days
      where tenant_id = ${tenantId} and day between ${from} and ${to}
      group by query
    ) q`);
  // Both drivers (PGlite, node-postgres) answer { rows }.
  return (result as unknown as { rows: Figures[] }).rows[0]!;
}

/** Keyword rows for quick wins: positions 4–20 or enough impressions to judge the CTR. */
export async function quickWinCandidates(db: Db, tenantId: string, limit: number) {
  return db
    .select(keywordColumns)
    .from(k)
    .where(and(eq(k.tenantId, tenantId), gte(k.impressions, 1), sql`${k.position} >= 1`))
    .orderBy(desc(k.impressions), asc(k.keyword))
    .limit(limit);
}

/** Tracked keywords whose top page's address ends with `path`, most clicked first (a few at most). */
export async function keywordsEndingAtPage(db: Db, tenantId: string, path: string) {
  return db
    .select({ keyword: seoKeywords.keyword, page: seoKeywords.page })
    .from(seoKeywords)
    .where(and(eq(seoKeywords.tenantId, tenantId), ilike(seoKeywords.page, `%${path.replace(/[\\%_]/g, '\\$&')}`)))
    .orderBy(desc(seoKeywords.clicks), asc(seoKeywords.keyword))
    .limit(20);
}
