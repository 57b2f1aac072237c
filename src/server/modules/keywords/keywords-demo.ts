import { DEMO_KEYWORDS } from '#shared/keywords-demo.ts';
import type { Db } from '#server/db/client.ts';
import { assertDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import * as repo from './keywords-sync.repo.ts';
import { WINDOW_DAYS } from './keywords-sync.service.ts';
import { isoDay } from './keyword-math.ts';

/** The demo's sample Search Console property (a reserved .example address: no real site). */
export const DEMO_SEARCH_CONSOLE_SITE = 'https://demo-heating-cooling.example/';
/** Twelve weeks of days: the rows' sparklines and the 28 days before the window. */
const DEMO_DAYS = 84;
// The page each sample query lands on most (the demo's sample traffic has the same pages).
const PAGES: Record<string, string> = {
  'furnace repair near me': 'services/furnace-repair',
  'furnace tune up': 'p/furnace-tune-up',
  'ac repair dayton': 'services/ac-repair',
  'new furnace cost': 'blog/five-signs-your-furnace-needs-attention',
};

/** `total` spread over `n` days as whole numbers that add up to it. */
const share = (total: number, i: number, n: number) => Math.floor((total * (i + 1)) / n) - Math.floor((total * i) / n);

/**
 * The demo business's sample Search Console data, stored as the sync stores a property's (day
 * rows by query, the keyword rows rebuilt from them, their top pages, the sync's stamp), so the
 * keywords page, its quick wins and estimates, the analytics card and the report read it as
 * synced. The same sample keywords the page shows a business before its first sync, here with
 * twelve weeks of days. Refused for any business that is not the demo; shown under Demo Data.
 */
export async function addDemoKeywords(deps: { db: Db }, tenantId: string, now = new Date()): Promise<void> {
  await assertDemoBusiness(deps, tenantId, 'keywords');
  const days: repo.DayRow[] = [];
  for (const k of DEMO_KEYWORDS) {
    // The 28 days before the window: a place or two lower for a rising keyword, higher for a falling one.
    const before = k.trend === 'up' ? 2.2 : k.trend === 'down' ? -1.6 : 0.2;
    for (let back = 1; back <= DEMO_DAYS; back += 1) {
      const inWindow = back <= WINDOW_DAYS;
      const i = (back - 1) % WINDOW_DAYS;
      const scale = inWindow ? 1 : back <= 2 * WINDOW_DAYS ? 0.85 : 0.7;
      days.push({
        day: isoDay(now, -back),
        query: k.keyword,
        clicks: share(Math.round(k.clicks * scale), i, WINDOW_DAYS),
        impressions: share(Math.round(k.impressions * scale), i, WINDOW_DAYS),
        position: inWindow ? k.position : k.position + before,
      });
    }
  }
  await repo.saveSite(deps.db, tenantId, DEMO_SEARCH_CONSOLE_SITE);
  await repo.upsertDays(deps.db, tenantId, days);
  await repo.rebuildSnapshot(
    deps.db,
    tenantId,
    isoDay(now, -WINDOW_DAYS),
    isoDay(now, -1),
    isoDay(now, -2 * WINDOW_DAYS),
  );
  const pages = DEMO_KEYWORDS.map((k) => [k.keyword, `${DEMO_SEARCH_CONSOLE_SITE}${PAGES[k.keyword] ?? ''}`] as const);
  await repo.setTopPages(deps.db, tenantId, new Map(pages));
  await repo.recordSync(deps.db, tenantId, null);
}
