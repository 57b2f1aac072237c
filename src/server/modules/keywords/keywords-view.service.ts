import type {
  TContentRecommendation,
  TKeywordInsights,
  TKeywordList,
  TKeywordQuery,
  TKeywordRow,
  TKeywordSummary,
  TQuickWin,
} from '#shared/schemas/keywords.ts';
import { z } from 'zod';
import { DEMO_KEYWORDS, demoKeywordList } from '#shared/keywords-demo.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { KeywordsAppDeps } from './keywords.deps.ts';
import * as repo from './keywords.repo.ts';
import { findSite } from './keywords-sync.repo.ts';
import { WINDOW_DAYS } from './keywords-sync.service.ts';
import { estimateDifficulty, estimateVolume, expectedCtr, isoDay, round1, trendOf } from './keyword-math.ts';
import { keywordSource } from './keywords.service.ts';

const SPARK_WEEKS = 12;
const trendText = (t: 'up' | 'down' | 'flat') => (t === 'flat' ? 'other' : t);

/** GET /api/analytics/keywords: one page of rows; sample rows (source 'demo') before a sync. */
export async function listKeywordRows(
  deps: Pick<KeywordsAppDeps, 'db'>,
  auth: AuthContext,
  query: TKeywordQuery,
): Promise<TKeywordList> {
  const [source, site] = await Promise.all([keywordSource(deps, auth.tenantId), findSite(deps.db, auth.tenantId)]);
  const synced = { siteUrl: site?.siteUrl ?? null, syncedAt: site?.syncedAt?.toISOString() ?? null };
  if (source === 'demo') return demoKeywordList(query, synced);
  const meta = { source, ...synced };
  const { rows, total } = await repo.listKeywords(deps.db, auth.tenantId, query);
  const last = (await repo.lastSyncedDay(deps.db, auth.tenantId)) ?? isoDay(new Date(), -1);
  const spark = await repo.weeklyClicks(
    deps.db,
    auth.tenantId,
    rows.map((r) => r.keyword),
    last,
    SPARK_WEEKS,
  );
  const keywords = rows.map((r): TKeywordRow => {
    const position = round1(r.position ?? 0);
    return {
      keyword: r.keyword,
      position,
      clicks: r.clicks,
      impressions: r.impressions,
      ctr: round1(r.ctr),
      searchVolume: estimateVolume(r.impressions, position, WINDOW_DAYS),
      difficulty: estimateDifficulty(position),
      trend: trendText(trendOf(r.position ?? 0, r.previousPosition ?? undefined)),
      sparkline: spark.get(r.keyword) ?? [],
      page: r.page,
    };
  });
  return { keywords, total, page: query.page, pageSize: query.pageSize, meta };
}

const figure = (value: number, previous: number | null) => ({
  value: round1(value),
  previous: previous === null ? null : round1(previous),
});

/** The four cards: this 28-day window against the 28 days before (the demo rows: no comparison). */
export async function keywordSummary(deps: Pick<KeywordsAppDeps, 'db'>, auth: AuthContext): Promise<TKeywordSummary> {
  const last = await repo.lastSyncedDay(deps.db, auth.tenantId);
  if (!last || (await keywordSource(deps, auth.tenantId)) === 'demo') {
    const n = DEMO_KEYWORDS.length;
    const sum = (f: (k: (typeof DEMO_KEYWORDS)[number]) => number) => DEMO_KEYWORDS.reduce((a, k) => a + f(k), 0);
    return {
      source: 'demo',
      period: null,
      totalClicks: figure(
        sum((k) => k.clicks),
        null,
      ),
      totalImpressions: figure(
        sum((k) => k.impressions),
        null,
      ),
      averageCtr: figure(sum((k) => k.ctr) / n, null),
      averagePosition: figure(sum((k) => k.position) / n, null),
    };
  }
  const end = new Date(`${last}T00:00:00Z`);
  const from = isoDay(end, -(WINDOW_DAYS - 1));
  const previousFrom = isoDay(end, -(2 * WINDOW_DAYS - 1));
  const [cur, prev] = await Promise.all([
    repo.periodFigures(deps.db, auth.tenantId, from, last),
    repo.periodFigures(deps.db, auth.tenantId, previousFrom, isoDay(end, -WINDOW_DAYS)),
  ]);
  const had = prev.n > 0;
  return {
    source: 'search_console',
    period: { from, to: last, previousFrom },
    totalClicks: figure(cur.clicks, had ? prev.clicks : null),
    totalImpressions: figure(cur.impressions, had ? prev.impressions : null),
    averageCtr: figure(cur.ctr, had ? prev.ctr : null),
    averagePosition: figure(cur.position, had ? prev.position : null),
  };
}

/** Striking distance: positions 4–20 with the most impressions; low CTR: under half the curve. */
export function quickWinsFrom(rows: repo.KeywordRow[], limit = 5): TQuickWin[] {
  const wins: TQuickWin[] = [];
  const base = (r: repo.KeywordRow) => ({
    keyword: r.keyword,
    page: r.page,
    position: round1(r.position ?? 0),
    impressions: r.impressions,
    ctr: round1(r.ctr),
    expectedCtr: expectedCtr(r.position ?? 0),
  });
  const striking = rows.filter((r) => (r.position ?? 0) >= 4 && (r.position ?? 0) <= 20 && r.impressions >= 100);
  for (const r of striking.slice(0, limit)) {
    wins.push({
      kind: 'striking_distance',
      ...base(r),
      reason: `Position ${round1(r.position ?? 0)} with ${r.impressions.toLocaleString('en-US')} impressions: moving onto the top 3 would bring far more clicks.`,
    });
  }
  const low = rows.filter((r) => r.impressions >= 100 && r.ctr < expectedCtr(r.position ?? 0) / 2);
  for (const r of low.slice(0, limit)) {
    const exp = expectedCtr(r.position ?? 0);
    wins.push({
      kind: 'low_ctr',
      ...base(r),
      reason: `CTR ${round1(r.ctr)}% where about ${exp}% is usual at position ${Math.round(r.position ?? 0)}: rewrite the title and description of ${r.page ?? 'the page'}.`,
    });
  }
  return wins;
}

const ZRecommendations = z.object({
  recommendations: z
    .array(
      z.object({
        title: z.string().min(3).max(140),
        reason: z.string().max(300),
        keywords: z.array(z.string()).max(5),
      }),
    )
    .max(4),
});

/** Offline recommendations: one article per striking-distance keyword, grounded on its row. */
function offlineRecommendations(wins: TQuickWin[]): TContentRecommendation[] {
  return wins
    .filter((w) => w.kind === 'striking_distance')
    .slice(0, 3)
    .map((w) => ({
      title: `A complete guide to ${w.keyword}`,
      reason: `"${w.keyword}" is at position ${w.position} with ${w.impressions.toLocaleString('en-US')} impressions; a dedicated article can lift it onto page 1's top spots.`,
      keywords: [w.keyword],
    }));
}

/** Quick wins from the rows, and article ideas from the AI layer grounded on those same rows. */
export async function keywordInsights(deps: KeywordsAppDeps, auth: AuthContext): Promise<TKeywordInsights> {
  if ((await keywordSource(deps, auth.tenantId)) === 'demo')
    return { source: 'demo', quickWins: [], recommendations: [], recommendationSource: 'offline' };
  const quickWins = quickWinsFrom(await repo.quickWinCandidates(deps.db, auth.tenantId, 500));
  if (quickWins.length === 0)
    return { source: 'search_console', quickWins, recommendations: [], recommendationSource: 'offline' };
  const facts = quickWins
    .map(
      (w) =>
        `- "${w.keyword}": position ${w.position}, ${w.impressions} impressions, CTR ${w.ctr}% (usual ${w.expectedCtr}%)`,
    )
    .join('\n');
  const result = await deps.ai.object(
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      schema: ZRecommendations,
      system:
        'You suggest blog articles for a small field-service business website. Use only the keywords given; do not invent figures.',
      prompt: `Search Console rows for the last 28 days:\n${facts}\n\nSuggest up to 3 blog articles, each targeting one or two of these keywords, with a one-sentence reason citing the row.`,
      offline: () => ({ recommendations: offlineRecommendations(quickWins) }),
    },
  );
  return {
    source: 'search_console',
    quickWins,
    recommendations: result.value.recommendations.slice(0, 3),
    recommendationSource: result.source,
  };
}
