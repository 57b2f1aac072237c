import { LEAD_SOURCES, leadSourceOf, type TLeadSource } from '#shared/schemas/lead-sources.ts';

/** What grouping by source needs of a lead (the coach's lead facts, a report's lead outcomes). */
export interface SourceFact {
  source: string | null;
  utm: Record<string, string> | null;
  status: string;
  createdAt: Date;
  closedAt: Date | null;
  value: number | null;
}

export interface SourceFigures {
  source: TLeadSource;
  leads: number;
  converted: number;
  revenue: number;
}

/**
 * Leads by source since `since`: leads created in the window, and jobs closed as converted in it
 * with their value; highest revenue first, then most leads, then the sources' own order.
 */
export function figuresBySource(leads: readonly SourceFact[], since: Date): SourceFigures[] {
  const sources = new Map<TLeadSource, SourceFigures>();
  const entry = (l: SourceFact) => {
    const source = leadSourceOf(l.source, l.utm);
    let e = sources.get(source);
    if (!e) sources.set(source, (e = { source, leads: 0, converted: 0, revenue: 0 }));
    return e;
  };
  for (const l of leads) {
    if (l.createdAt >= since) entry(l).leads += 1;
    if (l.status === 'converted' && l.closedAt && l.closedAt >= since) {
      const e = entry(l);
      e.converted += 1;
      e.revenue += l.value ?? 0;
    }
  }
  return [...sources.values()]
    .map((e) => ({ ...e, revenue: Math.round(e.revenue * 100) / 100 }))
    .sort(
      (a, b) =>
        b.revenue - a.revenue || b.leads - a.leads || LEAD_SOURCES.indexOf(a.source) - LEAD_SOURCES.indexOf(b.source),
    );
}
