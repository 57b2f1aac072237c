import { z } from 'zod';
import { INSIGHT_PRIORITIES, INSIGHT_TYPES } from '#shared/schemas/coach.ts';
import { zString } from '#shared/schemas/string.ts';
import type { CoachSummary } from './coach-summary.ts';

// Insights from the summary: the schema and prompt the AI layer answers to, and the check that
// its figures come from the summary. The rule-based engine (coach-offline.ts) makes the same
// shape. Either way every insight cites figures from the summary and carries one action, a path
// inside the app.

/** The only places an insight may send the owner. */
export const ACTION_PATHS = [
  '/leads',
  '/leads?status=new',
  '/social',
  '/reviews',
  '/website',
  '/keywords',
  '/analytics',
  '/ai-coach?tab=goals',
  '/ai-coach?tab=revenue',
  '/settings?tab=connections',
] as const;

export const ZDraftInsight = z.object({
  insightType: z.enum(INSIGHT_TYPES),
  title: zString().trim().min(1).max(120),
  message: zString().trim().min(1).max(600),
  priority: z.enum(INSIGHT_PRIORITIES),
  category: z.enum(['leads', 'content', 'reviews', 'revenue', 'goals', 'engagement', 'search']),
  figures: z
    .array(z.object({ label: zString().trim().min(1).max(80), value: zString().trim().min(1).max(40) }))
    .min(1)
    .max(4),
  action: z.object({ label: zString().trim().min(1).max(40), href: z.enum(ACTION_PATHS) }),
});
export type DraftInsight = z.infer<typeof ZDraftInsight>;
export const ZDraftInsights = z.object({ insights: z.array(ZDraftInsight).min(1).max(6) });

/** Every number in the summary, unsigned (a figure may show a change as "+12%" or "fell 12%"). */
function summaryNumbers(value: unknown, into = new Set<number>()): Set<number> {
  if (typeof value === 'number') into.add(Math.abs(value));
  else if (Array.isArray(value)) for (const v of value) summaryNumbers(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) summaryNumbers(v, into);
  return into;
}

/**
 * The model's insights whose figures cite only numbers of the summary ("$1,350", "42.9%", "3");
 * one with a number the summary does not hold is dropped, so no invented figure reaches the owner.
 */
export function citedFromSummary(insights: DraftInsight[], s: CoachSummary): DraftInsight[] {
  const known = summaryNumbers(s);
  const cites = (value: string) =>
    (value.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).every((n) => known.has(Number(n.replaceAll(',', ''))));
  return insights.filter((i) => i.figures.every((f) => cites(f.value)));
}

export const COACH_SYSTEM =
  'You are a marketing and sales coach for a small home-service business (HVAC, plumbing, electrical, roofing). ' +
  'You only state figures that appear in the summary you are given, and you never invent numbers.';

export function coachPrompt(s: CoachSummary): string {
  return [
    'Write 3 to 5 insights for the owner from this summary of the business (JSON).',
    'Each insight: a short title, one or two plain sentences, 1 to 4 figures copied exactly from the summary ' +
      '(label and value), and one action whose href is one of: ' +
      ACTION_PATHS.join(', ') +
      '.',
    `Areas without data (say less about them, or suggest connecting them): ${s.missing.join(', ') || 'none'}.`,
    'items30 is revenue per social post and landing page over the last 30 days (leads, jobs, job value, clicks on ' +
      'its tracked links); name the best-earning one and any with clicks but no jobs, quoting those figures.',
    JSON.stringify(s),
  ].join('\n');
}
