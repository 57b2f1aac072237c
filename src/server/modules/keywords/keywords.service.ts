import type { Db } from '#server/db/client.ts';
import * as repo from './keywords.repo.ts';
import { isoDay, trendOf } from './keyword-math.ts';

export interface KeywordsDeps {
  db: Db;
}

export type KeywordSource = 'search_console' | 'demo';

export interface TopKeyword {
  query: string;
  clicks: number;
  impressions: number;
  /** Percent, e.g. 3.2. */
  ctr: number;
  position: number;
  trend: 'up' | 'down' | 'flat';
}

/** 'search_console' once the business's Search Console data has been synced, else 'demo'. */
export async function keywordSource(deps: Pick<KeywordsDeps, 'db'>, tenantId: string): Promise<KeywordSource> {
  return (await repo.hasSynced(deps.db, tenantId)) ? 'search_console' : 'demo';
}

/**
 * For analytics and reports: the business's top queries by clicks over the last `days` days of
 * synced data, each with its trend against the `days` before. Empty before the first sync.
 */
export async function topKeywords(
  deps: Pick<KeywordsDeps, 'db'>,
  tenantId: string,
  opts: { days: number; limit: number },
): Promise<TopKeyword[]> {
  const last = await repo.lastSyncedDay(deps.db, tenantId);
  if (!last) return [];
  const end = new Date(`${last}T00:00:00Z`);
  const from = isoDay(end, -(opts.days - 1));
  const current = await repo.queryTotals(deps.db, tenantId, from, last, opts.limit);
  if (current.length === 0) return [];
  const previous = await repo.queryTotals(
    deps.db,
    tenantId,
    isoDay(end, -(2 * opts.days - 1)),
    isoDay(end, -opts.days),
    current.length,
    current.map((k) => k.query),
  );
  const before = new Map(previous.map((k) => [k.query, k.position]));
  return current.map((k) => ({
    query: k.query,
    clicks: k.clicks,
    impressions: k.impressions,
    ctr: k.impressions > 0 ? Math.round((k.clicks / k.impressions) * 1000) / 10 : 0,
    position: Math.round(k.position * 10) / 10,
    trend: trendOf(k.position, before.get(k.query)),
  }));
}

/**
 * The tracked keyword that brings a page most of its search clicks (Search Console's top page of
 * the keyword is that page, by address path), or null. Lead intake reads it for an organic visit
 * whose search words the engine kept to itself.
 */
export async function trackedKeywordForPage(
  deps: Pick<KeywordsDeps, 'db'>,
  tenantId: string,
  path: string,
): Promise<string | null> {
  const rows = await repo.keywordsEndingAtPage(deps.db, tenantId, path);
  const pathOf = (page: string | null) => {
    try {
      return page ? new URL(page).pathname.replace(/\/$/, '') : null;
    } catch {
      return null;
    }
  };
  return rows.find((r) => pathOf(r.page) === path.replace(/\/$/, ''))?.keyword ?? null;
}
