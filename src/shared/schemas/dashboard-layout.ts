import { z } from 'zod';

/** The dashboard's cards, in their default order. */
export const DASHBOARD_CARD_IDS = [
  'stats',
  'next-steps',
  'recent-activity',
  'upcoming-tasks',
  'quick-actions',
] as const;
export type TDashboardCardId = (typeof DASHBOARD_CARD_IDS)[number];

const card = z.enum(DASHBOARD_CARD_IDS, { error: 'That is not a dashboard card' });

/**
 * GET / PUT /api/dashboard/layout: which cards this user shows and in what order, kept per user.
 * `order` lists every card once; `hidden` names the ones switched off.
 */
export const ZDashboardLayout = z.object({
  order: z
    .array(card)
    .max(DASHBOARD_CARD_IDS.length)
    .refine((ids) => new Set(ids).size === ids.length, 'Each card can appear only once'),
  hidden: z.array(card).max(DASHBOARD_CARD_IDS.length),
});
export type TDashboardLayout = z.infer<typeof ZDashboardLayout>;

export const DEFAULT_DASHBOARD_LAYOUT: TDashboardLayout = { order: [...DASHBOARD_CARD_IDS], hidden: [] };

/** A stored or sent layout made whole: unknown ids dropped, missing cards appended in default order. */
export function completeLayout(layout: { order?: unknown; hidden?: unknown } | null | undefined): TDashboardLayout {
  const isCard = (v: unknown): v is TDashboardCardId => DASHBOARD_CARD_IDS.includes(v as TDashboardCardId);
  const order = Array.isArray(layout?.order) ? [...new Set(layout.order.filter(isCard))] : [];
  const hidden = Array.isArray(layout?.hidden) ? [...new Set(layout.hidden.filter(isCard))] : [];
  return { order: [...order, ...DASHBOARD_CARD_IDS.filter((id) => !order.includes(id))], hidden };
}
