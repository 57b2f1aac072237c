// The dashboard layout's cards and defaults without zod, so the dashboard loads no schema code;
// schemas/dashboard-layout.ts re-exports them beside the schema that checks a sent layout.

/** The dashboard's cards, in their default order. */
export const DASHBOARD_CARD_IDS = [
  'stats',
  'next-steps',
  'recent-activity',
  'upcoming-tasks',
  'quick-actions',
] as const;
export type TDashboardCardId = (typeof DASHBOARD_CARD_IDS)[number];

/** Which cards a user shows and in what order: `order` lists every card once, `hidden` the ones off. */
export interface TDashboardLayout {
  order: TDashboardCardId[];
  hidden: TDashboardCardId[];
}

export const DEFAULT_DASHBOARD_LAYOUT: TDashboardLayout = { order: [...DASHBOARD_CARD_IDS], hidden: [] };

/** A stored or sent layout made whole: unknown ids dropped, missing cards appended in default order. */
export function completeLayout(layout: { order?: unknown; hidden?: unknown } | null | undefined): TDashboardLayout {
  const isCard = (v: unknown): v is TDashboardCardId => DASHBOARD_CARD_IDS.includes(v as TDashboardCardId);
  const order = Array.isArray(layout?.order) ? [...new Set(layout.order.filter(isCard))] : [];
  const hidden = Array.isArray(layout?.hidden) ? [...new Set(layout.hidden.filter(isCard))] : [];
  return { order: [...order, ...DASHBOARD_CARD_IDS.filter((id) => !order.includes(id))], hidden };
}
