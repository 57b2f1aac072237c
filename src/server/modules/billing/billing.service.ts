import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import {
  cheapestPlanFor,
  cheapestPlanWith,
  FEATURE_LABELS,
  findPlan,
  isPlanKey,
  limitsOf,
  PLAN_LIMITS,
  type PlanFeature,
  type PlanKey,
  type PlanLimits,
} from '#shared/plans.ts';
import {
  BILLING_MESSAGES,
  type TBilling,
  type TCheckoutRequest,
  type TInvoices,
  type TRedirect,
  type TSubscriptionStatus,
} from '#shared/schemas/billing.ts';
import type { AppServices } from '#server/services.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { createStripeClient } from '#server/integrations/stripe/stripe-client.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { addAiPost, aiPostsIn, usageMonth } from '#server/ai/usage.repo.ts';
import * as businessBilling from '#server/modules/auth/business-billing.service.ts';

export interface BillingDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Undefined without STRIPE_SECRET_KEY: local plans. */
  stripe: Stripe | undefined;
}

const clients = new WeakMap<object, Stripe>();

/** The deps of this area from the app's services; one Stripe client per configuration. */
export function billingDeps(services: Pick<AppServices, 'config' | 'database' | 'mailer'>, log: FastifyBaseLogger) {
  const { config } = services;
  let stripe: Stripe | undefined;
  if (config.stripe) {
    stripe = clients.get(config.stripe) ?? createStripeClient(config.stripe);
    clients.set(config.stripe, stripe);
  }
  return { db: services.database.db, config, mailer: services.mailer, log, stripe } satisfies BillingDeps;
}

// Plans and limits -----------------------------------------------------------------------

// 'none' with a paid plan is the admin's local choice (no Stripe); Stripe's states follow webhooks.
const ACTIVE = new Set(['none', 'trialing', 'active', 'past_due']);

/**
 * The plan whose limits apply now: the subscribed plan while the subscription is live or in
 * its grace period after a failed payment; free otherwise. Data is never removed, only limits.
 */
export function effectivePlan(row: businessBilling.TenantBilling, now = new Date()): PlanKey {
  const plan = isPlanKey(row.plan) ? row.plan : 'free';
  if (plan === 'free') return 'free';
  if (!ACTIVE.has(row.subscriptionStatus)) return 'free';
  if (row.subscriptionStatus === 'past_due' && row.graceEndsAt && row.graceEndsAt <= now) return 'free';
  return plan;
}

async function tenantBilling(db: Db, tenantId: string): Promise<businessBilling.TenantBilling> {
  const row = await businessBilling.findTenantBilling(db, tenantId);
  if (!row) throw new AppError('not_found', 'This business was not found.');
  return row;
}

export async function planOf(db: Db, tenantId: string): Promise<{ plan: PlanKey; limits: PlanLimits }> {
  const plan = effectivePlan(await tenantBilling(db, tenantId));
  return { plan, limits: PLAN_LIMITS[plan] };
}

function upgradeMessage(current: PlanLimits, what: string, target: PlanKey): string {
  return `Your ${current.name} plan includes ${what}. Upgrade to ${limitsOf(target).name} in Settings → Billing for more.`;
}

/**
 * Refuses (402) when `seatsInUse + adding` people would pass the plan's team size. Members and
 * pending invitations both count, so an invitation can always be accepted.
 */
export async function assertSeats(db: Db, tenantId: string, seatsInUse: number, adding = 1): Promise<void> {
  const { limits } = await planOf(db, tenantId);
  if (limits.teamMembers === null || seatsInUse + adding <= limits.teamMembers) return;
  const target = cheapestPlanFor({ members: seatsInUse + adding });
  throw new AppError('payment_required', upgradeMessage(limits, `${limits.teamMembers} team members`, target));
}

/**
 * Counts one AI-written post against this month's allowance, or refuses (402) once it is used
 * up. The social area calls this before it generates a post.
 */
export async function recordAiPost(db: Db, tenantId: string, now = new Date()): Promise<void> {
  const { limits } = await planOf(db, tenantId);
  if (await addAiPost(db, tenantId, usageMonth(now), limits.aiPostsPerMonth)) return;
  const target = cheapestPlanFor({ aiPosts: (limits.aiPostsPerMonth ?? 0) + 1 });
  throw new AppError('payment_required', upgradeMessage(limits, `${limits.aiPostsPerMonth} AI posts a month`, target));
}

/** Refuses (402) a feature the business's plan does not have. */
export async function requireFeature(db: Db, tenantId: string, feature: PlanFeature): Promise<void> {
  const { limits } = await planOf(db, tenantId);
  if (limits.features.includes(feature)) return;
  const target = cheapestPlanWith(feature);
  throw new AppError(
    'payment_required',
    `${FEATURE_LABELS[feature]} is part of the ${limitsOf(target).name} plan. Upgrade in Settings → Billing.`,
  );
}

// The billing screen ---------------------------------------------------------------------

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function getBilling(deps: BillingDeps, auth: AuthContext, teamMembers: number): Promise<TBilling> {
  const row = await tenantBilling(deps.db, auth.tenantId);
  const plan = effectivePlan(row);
  const limits = PLAN_LIMITS[plan];
  const subscribed = isPlanKey(row.plan) ? row.plan : 'free';
  const status = (deps.stripe ? row.subscriptionStatus : 'local') as TSubscriptionStatus;
  return {
    mode: deps.stripe ? 'stripe' : 'local',
    plan,
    planName: limits.name,
    subscribedPlan: subscribed,
    status,
    interval: row.billingInterval === 'month' || row.billingInterval === 'year' ? row.billingInterval : null,
    trialEndsAt: row.subscriptionStatus === 'trialing' ? iso(row.trialEndsAt) : null,
    currentPeriodEnd: iso(row.currentPeriodEnd),
    graceEndsAt: row.subscriptionStatus === 'past_due' ? iso(row.graceEndsAt) : null,
    canManage: Boolean(deps.stripe && row.stripeCustomerId),
    limits: {
      aiPostsPerMonth: limits.aiPostsPerMonth,
      teamMembers: limits.teamMembers,
      features: [...limits.features],
    },
    usage: { aiPosts: await aiPostsIn(deps.db, auth.tenantId, usageMonth()), teamMembers },
  };
}

/** Without Stripe the admin picks the plan; nothing is charged. */
export async function setLocalPlan(deps: BillingDeps, auth: AuthContext, plan: PlanKey): Promise<void> {
  if (deps.stripe) throw new AppError('conflict', BILLING_MESSAGES.localOnly);
  await businessBilling.updateTenantBilling(deps.db, auth.tenantId, {
    plan,
    subscriptionStatus: 'none',
    graceEndsAt: null,
  });
}

// Stripe: Checkout, portal, invoices ----------------------------------------------------

function stripeOf(deps: BillingDeps): Stripe {
  if (!deps.stripe) throw new AppError('conflict', BILLING_MESSAGES.notConnected);
  return deps.stripe;
}

/** Runs a Stripe call; its failures become a readable 503 (the log keeps Stripe's answer). */
async function callStripe<T>(deps: BillingDeps, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.log.error({ err }, `stripe: ${what} failed`);
    throw new AppError('unavailable', BILLING_MESSAGES.stripeDown);
  }
}

const UNUSABLE_ANSWER = 'The payment provider sent an answer we could not use. Please try again in a minute.';

const lookupKey = (plan: string, interval: string) => `fieldwise_${plan}_${interval}`;

async function priceId(deps: BillingDeps, input: Required<TCheckoutRequest>): Promise<string> {
  const configured = deps.config.stripe?.prices[input.plan][input.interval];
  if (configured) return configured;
  const stripe = stripeOf(deps);
  const key = lookupKey(input.plan, input.interval);
  const prices = await callStripe(deps, 'price lookup', () =>
    stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }),
  );
  const found = prices.data[0]?.id;
  if (!found) {
    deps.log.error({ lookupKey: key }, 'stripe: no price for this plan');
    throw new AppError(
      'unavailable',
      `The ${findPlan(input.plan).name} plan is not set up for payment yet. Please contact support.`,
    );
  }
  return found;
}

async function ensureCustomer(
  deps: BillingDeps,
  auth: AuthContext,
  row: businessBilling.TenantBilling,
): Promise<string> {
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const stripe = stripeOf(deps);
  const customer = await callStripe(deps, 'customer create', () =>
    stripe.customers.create({ email: auth.email, name: row.name, metadata: { tenantId: auth.tenantId } }),
  );
  // Two clicks at once: the first stored customer wins.
  return (await businessBilling.claimCustomerId(deps.db, auth.tenantId, customer.id)) ?? customer.id;
}

const LIVE_SUBSCRIPTION = new Set(['trialing', 'active', 'past_due']);

export async function startCheckout(
  deps: BillingDeps,
  auth: AuthContext,
  input: Required<TCheckoutRequest>,
): Promise<TRedirect> {
  const stripe = stripeOf(deps);
  const row = await tenantBilling(deps.db, auth.tenantId);
  if (row.stripeSubscriptionId && LIVE_SUBSCRIPTION.has(row.subscriptionStatus)) {
    throw new AppError(
      'conflict',
      'This business already has a subscription. Change the plan in the billing portal (the change is prorated).',
    );
  }
  const price = await priceId(deps, input);
  const customer = await ensureCustomer(deps, auth, row);
  const back = `${deps.config.appUrl}/settings?tab=billing`;
  const session = await callStripe(deps, 'checkout session', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: auth.tenantId,
      line_items: [{ price, quantity: 1 }],
      // 14 days free without a card; a business gets one trial.
      payment_method_collection: 'if_required',
      subscription_data: {
        ...(row.trialEndsAt ? {} : { trial_period_days: 14 }),
        metadata: { tenantId: auth.tenantId, plan: input.plan },
      },
      metadata: { tenantId: auth.tenantId, plan: input.plan },
      success_url: `${back}&checkout=success`,
      cancel_url: `${back}&checkout=cancelled`,
    }),
  );
  if (!session.url) throw new AppError('unavailable', BILLING_MESSAGES.stripeDown);
  return { url: session.url };
}

export async function openPortal(deps: BillingDeps, auth: AuthContext): Promise<TRedirect> {
  const stripe = stripeOf(deps);
  const row = await tenantBilling(deps.db, auth.tenantId);
  if (!row.stripeCustomerId) throw new AppError('conflict', BILLING_MESSAGES.noCustomer);
  const customer = row.stripeCustomerId;
  const session = await callStripe(deps, 'portal session', () =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${deps.config.appUrl}/settings?tab=billing` }),
  );
  if (typeof session.url !== 'string' || !session.url) {
    deps.log.error({ sessionId: session.id }, 'stripe: portal session without a url');
    throw new AppError('bad_gateway', UNUSABLE_ANSWER);
  }
  return { url: session.url };
}

export async function listInvoices(deps: BillingDeps, auth: AuthContext): Promise<TInvoices> {
  const row = await tenantBilling(deps.db, auth.tenantId);
  if (!deps.stripe || !row.stripeCustomerId) return { invoices: [] };
  const stripe = deps.stripe;
  const customer = row.stripeCustomerId;
  const list = await callStripe(deps, 'invoice list', () => stripe.invoices.list({ customer, limit: 24 }));
  return {
    invoices: list.data.map((inv) => ({
      id: inv.id ?? '',
      number: inv.number ?? null,
      date: new Date(inv.created * 1000).toISOString(),
      amount: (inv.status === 'paid' ? inv.amount_paid : inv.amount_due) / 100,
      currency: inv.currency,
      status: inv.status ?? 'draft',
      hostedUrl: inv.hosted_invoice_url ?? null,
      pdfUrl: inv.invoice_pdf ?? null,
    })),
  };
}
