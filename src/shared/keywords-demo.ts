import type { TKeywordList, TKeywordQuery, TKeywordRow } from './schemas/keywords.ts';

/**
 * Sample rows shown under the 'Demo Data' badge until Search Console is synced (the server's
 * answer) or when the keywords cannot be loaded (the page's fallback). Never mixed with a
 * business's own rows, and never counted in its figures. No estimates: those need real rows.
 */
const sample = (
  keyword: string,
  position: number,
  clicks: number,
  impressions: number,
  trend: TKeywordRow['trend'],
): TKeywordRow => ({
  keyword,
  position,
  clicks,
  impressions,
  ctr: Math.round((clicks / impressions) * 1000) / 10,
  searchVolume: null,
  difficulty: null,
  trend,
  sparkline: [],
  page: null,
});

export const DEMO_KEYWORDS: readonly TKeywordRow[] = [
  sample('furnace repair near me', 3, 145, 2400, 'up'),
  sample('ac repair dayton', 5, 89, 1850, 'up'),
  sample('furnace tune up', 8, 67, 1420, 'down'),
  sample('heat pump installation', 12, 34, 980, 'other'),
  sample('new furnace cost', 15, 22, 1650, 'up'),
  sample('ductless mini split installer', 18, 12, 720, 'down'),
  sample('duct cleaning dayton', 24, 6, 540, 'other'),
  sample('24 hour hvac service', 7, 58, 1300, 'up'),
];

/** One page of the sample rows, searched and sorted like the real ones, as the list endpoint answers it. */
export function demoKeywordList(
  query: TKeywordQuery,
  site: { siteUrl: string | null; syncedAt: string | null } = { siteUrl: null, syncedAt: null },
): TKeywordList {
  const q = query.q?.toLowerCase();
  const all = DEMO_KEYWORDS.filter((k) => !q || k.keyword.includes(q));
  const dir = query.dir ?? (query.sort === 'position' || query.sort === 'keyword' ? 'asc' : 'desc');
  const key = query.sort;
  all.sort((a, b) => {
    const c = key === 'keyword' ? a.keyword.localeCompare(b.keyword) : a[key] - b[key];
    return dir === 'asc' ? c : -c;
  });
  const start = (query.page - 1) * query.pageSize;
  return {
    keywords: all.slice(start, start + query.pageSize),
    total: all.length,
    page: query.page,
    pageSize: query.pageSize,
    meta: { source: 'demo', ...site },
  };
}
