import { z } from 'zod';
import { PLAN_KEYS } from '../plans.ts';
import { ZRole } from './auth.ts';
import { zString } from './string.ts';

/** POST /api/businesses: the new business's name. */
export const ZCreateBusinessRequest = z.object({
  name: zString({ error: 'Business name is required' })
    .trim()
    .min(2, 'Business name must be at least 2 characters')
    .max(100, 'Business name must be at most 100 characters'),
});
export type TCreateBusinessRequest = z.input<typeof ZCreateBusinessRequest>;

/** One business the signed-in person belongs to, with the numbers an agency compares. */
export const ZBusiness = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: ZRole,
  plan: z.enum(PLAN_KEYS),
  /** The business this session works in. */
  current: z.boolean(),
  leadsThisMonth: z.number().int(),
  leadsLastMonth: z.number().int(),
  totalLeads: z.number().int(),
  convertedLeads: z.number().int(),
  /** Leads still in the 'new' status. */
  newLeads: z.number().int(),
  openTasks: z.number().int(),
});
export type TBusiness = z.infer<typeof ZBusiness>;

/** GET /api/businesses. `canCreate` is false (with the reason) when the plan lacks agency mode. */
export const ZBusinessList = z.object({
  businesses: z.array(ZBusiness),
  canCreate: z.boolean(),
  createBlockedReason: z.string().nullable(),
});
export type TBusinessList = z.infer<typeof ZBusinessList>;
