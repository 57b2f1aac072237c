import { z } from 'zod';
import { zString } from './string.ts';
import { PLAN_KEYS } from '../plans.ts';

/**
 * Billing (issue 20). GET /api/billing: any member (limits are shown to everyone before they are
 * hit). Checkout, the Customer Portal, invoices and the local plan: admin only (docs/roles.md).
 * The zod-free texts (BILLING_MESSAGES) live in shared/billing.ts.
 */
export * from '../billing.ts';

export const ZPlanKey = z.enum(PLAN_KEYS);
export const ZPaidPlan = z.enum(['starter', 'professional', 'enterprise'], {
  error: 'Choose Starter, Professional or Enterprise.',
});
export const ZInterval = z.enum(['month', 'year'], { error: 'Choose monthly or yearly billing.' });
export type TInterval = z.infer<typeof ZInterval>;

export const ZSubscriptionStatus = z.enum([
  'none',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'local',
]);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

export const ZBilling = z.object({
  /** 'stripe' when STRIPE_SECRET_KEY is set; 'local' = the admin picks the plan, nothing is charged. */
  mode: z.enum(['stripe', 'local']),
  /** The plan whose limits apply now (free after a cancellation or an expired grace period). */
  plan: ZPlanKey,
  planName: zString(),
  /** The plan subscribed to, even while its grace period runs. */
  subscribedPlan: ZPlanKey,
  status: ZSubscriptionStatus,
  interval: ZInterval.nullable(),
  trialEndsAt: zString().nullable(),
  currentPeriodEnd: zString().nullable(),
  /** Set after a failed payment: the plan keeps working until then. */
  graceEndsAt: zString().nullable(),
  /** A Stripe customer exists, so the Customer Portal can open. */
  canManage: z.boolean(),
  limits: z.object({
    aiPostsPerMonth: z.number().int().nullable(),
    teamMembers: z.number().int().nullable(),
    features: z.array(zString()),
  }),
  usage: z.object({ aiPosts: z.number().int(), teamMembers: z.number().int() }),
});
export type TBilling = z.infer<typeof ZBilling>;

export const ZCheckoutRequest = z.object({ plan: ZPaidPlan, interval: ZInterval.default('month') });
export type TCheckoutRequest = z.input<typeof ZCheckoutRequest>;
export const ZRedirect = z.object({ url: zString() });
export type TRedirect = z.infer<typeof ZRedirect>;

/** PUT /api/billing/plan: without Stripe the admin picks the plan. */
export const ZLocalPlanRequest = z.object({ plan: ZPlanKey });

export const ZInvoice = z.object({
  id: zString(),
  number: zString().nullable(),
  date: zString(),
  /** In the currency's major unit (dollars). */
  amount: z.number(),
  currency: zString(),
  status: zString(),
  hostedUrl: zString().nullable(),
  pdfUrl: zString().nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;
export const ZInvoices = z.object({ invoices: z.array(ZInvoice) });
export type TInvoices = z.infer<typeof ZInvoices>;
