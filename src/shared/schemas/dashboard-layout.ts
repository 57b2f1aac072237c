import { z } from 'zod';
import { DASHBOARD_CARD_IDS, type TDashboardLayout } from '../dashboard-layout.ts';

export * from '../dashboard-layout.ts';

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
}) satisfies z.ZodType<TDashboardLayout>;
