import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import {
  listSites,
  querySearchAnalytics,
  type ScRow,
} from '#server/integrations/search-console/search-console-client.ts';
import { connectedTenants, withConnection } from '#server/modules/connections/connections.service.ts';
import type { KeywordsSyncDeps } from './keywords.deps.ts';
import * as repo from './keywords-sync.repo.ts';
import { lastSyncedDay } from './keywords.repo.ts';
import { isoDay } from './keyword-math.ts';

/** The first sync reads this far back: Search Console keeps 16 months. */
export const BACKFILL_DAYS = 486;
/** Later syncs read the last few days again, because Search Console revises recent figures. */
const RESYNC_DAYS = 4;
/** The keyword rows compare this many days with the same number before. */
export const WINDOW_DAYS = 28;
const CHUNK = 2_000;

export type SyncResult =
  | { state: 'synced'; siteUrl: string; days: number; from: string; to: string }
  | { state: 'not_connected' }
  | { state: 'no_site' };

/** The property to sync: the one chosen, else the first the owner fully controls, else any. */
async function chooseSite(deps: KeywordsSyncDeps, tenantId: string, token: string): Promise<string | null> {
  const saved = await repo.findSite(deps.db, tenantId);
  if (saved) return saved.siteUrl;
  const sites = await listSites(deps.searchConsole, token);
  const pick = sites.find((s) => s.permissionLevel === 'siteOwner') ?? sites[0];
  if (!pick) return null;
  await repo.saveSite(deps.db, tenantId, pick.siteUrl);
  return pick.siteUrl;
}

const dayRow = (r: ScRow): repo.DayRow | null => {
  const [day, query] = r.keys;
  if (!day || !query || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  return { day, query: query.slice(0, 500), clicks: r.clicks, impressions: r.impressions, position: r.position || 100 };
};

/**
 * Syncs one business: the first time 16 months by day and query, later the last few days again
 * (upserts, so the row count never grows from a re-sync), then rebuilds the keyword rows and
 * their top pages. Undefined when Google is not connected.
 */
export async function syncKeywords(deps: KeywordsSyncDeps, tenantId: string): Promise<SyncResult> {
  const now = deps.now?.() ?? new Date();
  const result = await withConnection(deps.connections, tenantId, 'google', async (token) => {
    const siteUrl = await chooseSite(deps, tenantId, token);
    if (!siteUrl) return { state: 'no_site' } as const;
    const to = isoDay(now, -1);
    const last = await lastSyncedDay(deps.db, tenantId);
    const from = last ? isoDay(new Date(`${last}T00:00:00Z`), -RESYNC_DAYS) : isoDay(now, -BACKFILL_DAYS);
    let buffer: repo.DayRow[] = [];
    const flush = async () => {
      const rows = buffer;
      buffer = [];
      for (let i = 0; i < rows.length; i += CHUNK) await repo.upsertDays(deps.db, tenantId, rows.slice(i, i + CHUNK));
    };
    const seen = new Set<string>();
    await querySearchAnalytics(
      deps.searchConsole,
      token,
      siteUrl,
      { startDate: from, endDate: to, dimensions: ['date', 'query'] },
      async (rows) => {
        for (const r of rows) {
          const row = dayRow(r);
          if (!row) continue;
          seen.add(row.day);
          buffer.push(row);
        }
        await flush();
      },
    );
    const windowFrom = isoDay(now, -WINDOW_DAYS);
    await repo.rebuildSnapshot(deps.db, tenantId, windowFrom, to, isoDay(now, -2 * WINDOW_DAYS));
    const pages = new Map<string, { page: string; clicks: number }>();
    await querySearchAnalytics(
      deps.searchConsole,
      token,
      siteUrl,
      { startDate: windowFrom, endDate: to, dimensions: ['query', 'page'] },
      async (rows) => {
        for (const r of rows) {
          const [query, page] = r.keys;
          if (!query || !page) continue;
          const best = pages.get(query);
          if (!best || r.clicks > best.clicks) pages.set(query, { page: page.slice(0, 2000), clicks: r.clicks });
        }
      },
    );
    await repo.setTopPages(deps.db, tenantId, new Map([...pages].map(([q, p]) => [q, p.page])));
    await repo.recordSync(deps.db, tenantId, null);
    return { state: 'synced', siteUrl, days: seen.size, from, to } as const;
  }).catch(async (err: unknown) => {
    if (err instanceof ConnectionProblem) await repo.recordSync(deps.db, tenantId, err.message);
    throw err;
  });
  return result ?? { state: 'not_connected' };
}

/** The daily job: every business with Google connected; one failure does not stop the rest. */
export async function syncAllKeywords(deps: KeywordsSyncDeps) {
  let synced = 0;
  let failed = 0;
  for (const tenantId of await connectedTenants(deps, 'google')) {
    try {
      if ((await syncKeywords(deps, tenantId)).state === 'synced') synced += 1;
    } catch {
      failed += 1;
    }
  }
  return { synced, failed };
}
