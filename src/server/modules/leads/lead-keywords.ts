import { leadSourceOf } from '#shared/schemas/lead-sources.ts';
import type { TKeywordRevenue, TKeywordRevenueList } from '#shared/schemas/leads.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { leadOutcomes, type LeadsDeps } from './leads.service.ts';

/**
 * Revenue attributed to the search keyword that brought an organic lead (issue 35, decision 032).
 * Lead intake stores the keyword on the lead (`search_keyword`); here the organic leads are
 * grouped by it, the way Revenue by source counts: leads created in the window, and jobs closed as
 * converted in it with their value. Leads with no keyword stay one honest group (keyword null).
 */

/** Where a lead's keyword came from: the visit's utm_term, the engine's query, the page's tracked keyword. */
export interface LeadKeyword {
  keyword: string;
  from: 'tag' | 'search' | 'page';
}

/** A lead as keywordFigures counts it; `value` is what its job was worth, as the caller counts it. */
export interface KeywordFact {
  source: string | null;
  utm: Record<string, string> | null;
  searchKeyword?: string | null;
  status: string;
  createdAt: Date;
  closedAt: Date | null;
  value: number | null;
}

/** Organic leads by keyword, highest revenue first; the "not provided" group last among equals. */
export function keywordFigures(outcomes: KeywordFact[], since: Date): TKeywordRevenue[] {
  const groups = new Map<string | null, TKeywordRevenue>();
  for (const l of outcomes) {
    if (leadSourceOf(l.source, l.utm) !== 'organic_search') continue;
    const keyword = l.searchKeyword ?? l.utm?.utm_term?.trim().toLowerCase() ?? null;
    let g = groups.get(keyword);
    if (!g) groups.set(keyword, (g = { keyword, leads: 0, converted: 0, revenue: 0 }));
    if (l.createdAt >= since) g.leads += 1;
    if (l.status === 'converted' && l.closedAt && l.closedAt >= since) {
      g.converted += 1;
      g.revenue += l.value ?? 0;
    }
  }
  return [...groups.values()]
    .filter((g) => g.leads > 0 || g.converted > 0)
    .map((g) => ({ ...g, revenue: Math.round(g.revenue * 100) / 100 }))
    .sort(
      (a, b) =>
        b.revenue - a.revenue ||
        b.leads - a.leads ||
        Number(a.keyword === null) - Number(b.keyword === null) ||
        (a.keyword ?? '').localeCompare(b.keyword ?? ''),
    );
}

/** GET /api/leads/keyword-revenue: organic search revenue per keyword over the last `days`. */
export async function keywordRevenue(
  deps: Pick<LeadsDeps, 'db'>,
  auth: AuthContext,
  days: number,
  now = new Date(),
): Promise<TKeywordRevenueList> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const outcomes = await leadOutcomes(deps, auth.tenantId, since);
  // Valued as Revenue by source values them: the job's value, else the predicted value.
  const facts = outcomes.map((l) => ({ ...l, value: l.jobValue ?? l.predictedValue }));
  return { days, keywords: keywordFigures(facts, since) };
}
