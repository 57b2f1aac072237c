import { z } from 'zod';
import { GRACE_PERIOD_DAYS, isPlanKey, type PlanId } from '#shared/plans.ts';
import { AppError } from '#server/errors.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { paymentFailedMail, trialEndingMail } from '#server/mail/templates.ts';
import type { BillingDeps } from './billing.service.ts';
import * as businessBilling from '#server/modules/auth/business-billing.service.ts';
import * as repo from './billing.repo.ts';
import { businessAdmins } from '#server/modules/auth/accounts.service.ts';
import { mailBrand } from '#server/modules/settings/branding.service.ts';

// Stripe webhooks: verify, store once, then apply to the tenant. Storing and applying are
// separate steps so the job system can apply (and retry) what the route stored.

const DAY = 86_400_000;
const SIGNATURE_REFUSED = 'The webhook signature could not be verified.';

/**
 * Verifies the signature (Stripe's SDK: HMAC over the raw body, timestamps older than 5 minutes
 * refused) and stores the event once. Answers whether it still needs processing: false for a
 * replay of an event already applied.
 */
export async function receiveWebhook(
  deps: BillingDeps,
  rawBody: Buffer | string,
  signature: string | undefined,
): Promise<{ eventId: string; needsProcessing: boolean }> {
  const secret = deps.config.stripe?.webhookSecret;
  if (!deps.stripe || !secret) throw new AppError('not_found', 'Billing webhooks are not configured on this server.');
  if (!signature) throw new AppError('bad_request', SIGNATURE_REFUSED);
  let signed: unknown;
  try {
    signed = deps.stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (err) {
    deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'stripe webhook refused');
    throw new AppError('bad_request', SIGNATURE_REFUSED);
  }
  // A signed body is still checked before anything is stored: an event we could not apply
  // would otherwise be kept half-done (stored, failed) and answered with a 500.
  const event = checkedEvent(signed);
  const { row, isNew } = await repo.storeWebhookEvent(deps.db, { id: event.id, type: event.type, data: event.data });
  return { eventId: row.stripeEventId, needsProcessing: isNew || !row.processed };
}

/** Applies one stored event to its tenant, once (the row is locked and marked processed). */
export async function processWebhookEvent(deps: BillingDeps, stripeEventId: string): Promise<void> {
  const outbox: MailMessage[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      const row = await repo.lockWebhookEvent(tx, stripeEventId);
      if (!row || row.processed) return;
      await apply({ ...deps, db: tx }, row.eventType, row.data, outbox);
      await repo.markEventProcessed(tx, stripeEventId);
    });
  } catch (err) {
    await repo.markEventFailed(deps.db, stripeEventId, err instanceof Error ? err.message : String(err));
    throw err;
  }
  // After the commit: a mail must not go out for a change that was rolled back.
  for (const message of outbox) await deps.mailer.send(message);
}

// Event payloads, read loosely: only the fields we use, whatever the API version adds. Their
// bounds are what our columns hold, so a well-formed event always applies.

// A NUL anywhere in the payload is refused as a whole (checkedEvent): jsonb cannot store it.
const ZText = (max: number) => z.string().max(max);
// Unix seconds up to the year 9999.
const ZTimestamp = z.number().int().min(0).max(253_402_300_799);
// Cents that fit payments.amount, numeric(10, 2).
const ZCents = z.number().int().min(0).max(9_999_999_999);

const ZCustomerRef = z.union([ZText(255), z.object({ id: ZText(255) }).transform((c) => c.id)]);
const ZPrice = z.object({
  id: ZText(255),
  lookup_key: ZText(255).nullish(),
  recurring: z.object({ interval: ZText(32) }).nullish(),
});
const ZSubscription = z.object({
  id: ZText(255),
  customer: ZCustomerRef,
  status: ZText(64),
  trial_end: ZTimestamp.nullish(),
  current_period_end: ZTimestamp.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  items: z.object({
    data: z.array(z.object({ price: ZPrice, current_period_end: ZTimestamp.nullish() })),
  }),
});
const ZInvoice = z.object({
  id: ZText(255),
  customer: ZCustomerRef.nullish(),
  amount_paid: ZCents.default(0),
  amount_due: ZCents.default(0),
  currency: ZText(16).default('usd'),
  number: ZText(255).nullish(),
});
const ZEventData = <T extends z.ZodType>(object: T) => z.object({ object });

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
]);
const INVOICE_EVENTS = new Set(['invoice.payment_failed', 'invoice.paid']);

// Every Stripe event carries an object in data.object, whatever its type.
const ZEnvelope = z.object({
  id: ZText(255).min(1),
  type: ZText(255).min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** The event when its envelope, and the payload of the types we apply, are well-formed; else a 400. */
function checkedEvent(signed: unknown): z.infer<typeof ZEnvelope> {
  const envelope = ZEnvelope.safeParse(signed);
  if (!envelope.success) throw malformed(envelope.error);
  const { type, data } = envelope.data;
  const payload = SUBSCRIPTION_EVENTS.has(type)
    ? ZEventData(ZSubscription).safeParse(data)
    : INVOICE_EVENTS.has(type)
      ? ZEventData(ZInvoice).safeParse(data)
      : undefined;
  if (payload && !payload.success) throw malformed(payload.error, ['data']);
  // PostgreSQL's jsonb cannot hold a NUL character anywhere in the stored payload.
  if (JSON.stringify(data).includes('\\u0000')) {
    throw new AppError('bad_request', 'The webhook event is malformed: it contains a NUL character.');
  }
  return envelope.data;
}

function malformed(error: z.ZodError, under: PropertyKey[] = []): AppError {
  const issue = error.issues[0];
  const path = [...under, ...(issue?.path ?? [])].map(String);
  const where = path.length ? path.join('.') : 'the body';
  return new AppError('bad_request', `The webhook event is malformed: ${where}: ${issue?.message ?? 'unreadable'}.`);
}

type Tx = BillingDeps;

async function apply(deps: Tx, type: string, data: unknown, outbox: MailMessage[]): Promise<void> {
  // Checked on receipt (checkedEvent), so the payloads parse. Other events are stored (for the
  // record) and need nothing.
  if (SUBSCRIPTION_EVENTS.has(type)) {
    const sub = ZEventData(ZSubscription).parse(data).object;
    const tenant = await tenantFor(deps, sub.customer, sub.metadata?.tenantId);
    if (!tenant) return;
    if (type === 'customer.subscription.trial_will_end') {
      if (sub.trial_end) await mailAdmins(deps, tenant, outbox, 'trial_ending', sub.trial_end);
      return;
    }
    await applySubscription(deps, tenant, sub, type === 'customer.subscription.deleted');
  } else if (INVOICE_EVENTS.has(type)) {
    const invoice = ZEventData(ZInvoice).parse(data).object;
    if (!invoice.customer) return;
    const tenant = await businessBilling.findTenantByCustomer(deps.db, invoice.customer);
    if (!tenant) return;
    await applyInvoice(deps, tenant, invoice, type === 'invoice.paid', outbox);
  }
}

async function tenantFor(deps: Tx, customerId: string, tenantId: string | undefined) {
  const byCustomer = await businessBilling.findTenantByCustomer(deps.db, customerId);
  if (byCustomer) return byCustomer;
  if (!tenantId || !z.uuid().safeParse(tenantId).success) {
    deps.log.warn({ customerId }, 'stripe event for a customer no business has');
    return undefined;
  }
  const byMetadata = await businessBilling.findTenantBilling(deps.db, tenantId);
  if (byMetadata && !byMetadata.stripeCustomerId) {
    await businessBilling.updateTenantBilling(deps.db, tenantId, { stripeCustomerId: customerId });
    return byMetadata;
  }
  return undefined;
}

/** Which of our plans a Stripe price is: configured ids, then lookup_key, then the metadata. */
function planOfPrice(
  deps: Tx,
  price: z.infer<typeof ZPrice> | undefined,
  metadataPlan: string | undefined,
): PlanId | undefined {
  const prices = deps.config.stripe?.prices;
  if (price && prices) {
    for (const [plan, ids] of Object.entries(prices)) {
      if (ids.month === price.id || ids.year === price.id) return plan as PlanId;
    }
  }
  const fromKey = /^fieldwise_(starter|professional|enterprise)_(month|year)$/.exec(price?.lookup_key ?? '')?.[1];
  if (fromKey) return fromKey as PlanId;
  if (metadataPlan && isPlanKey(metadataPlan) && metadataPlan !== 'free') return metadataPlan;
  return undefined;
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

async function applySubscription(
  deps: Tx,
  tenant: businessBilling.TenantBilling,
  sub: z.infer<typeof ZSubscription>,
  deleted: boolean,
): Promise<void> {
  // An event about an older subscription must not undo the current one.
  if (tenant.stripeSubscriptionId && tenant.stripeSubscriptionId !== sub.id && !LIVE.has(sub.status)) return;
  const item = sub.items.data[0];
  const plan = planOfPrice(deps, item?.price, sub.metadata?.plan);
  const status = deleted ? 'canceled' : sub.status;
  const interval = item?.price.recurring?.interval;
  await businessBilling.updateTenantBilling(deps.db, tenant.id, {
    stripeSubscriptionId: sub.id,
    subscriptionStatus: status,
    // A cancelled subscription leaves the business on the free limits; its data stays.
    plan: deleted || !LIVE.has(status) ? 'free' : (plan ?? tenant.plan),
    billingInterval: interval === 'month' || interval === 'year' ? interval : tenant.billingInterval,
    trialEndsAt: toDate(sub.trial_end) ?? tenant.trialEndsAt,
    currentPeriodEnd: toDate(item?.current_period_end ?? sub.current_period_end),
    graceEndsAt: status === 'past_due' ? (tenant.graceEndsAt ?? graceEnd()) : null,
  });
}

const LIVE = new Set(['trialing', 'active', 'past_due']);
const graceEnd = () => new Date(Date.now() + GRACE_PERIOD_DAYS * DAY);

async function applyInvoice(
  deps: Tx,
  tenant: businessBilling.TenantBilling,
  invoice: z.infer<typeof ZInvoice>,
  paid: boolean,
  outbox: MailMessage[],
): Promise<void> {
  await repo.insertPayment(deps.db, {
    tenantId: tenant.id,
    stripeInvoiceId: invoice.id,
    amount: ((paid ? invoice.amount_paid : invoice.amount_due) / 100).toFixed(2),
    currency: invoice.currency,
    status: paid ? 'succeeded' : 'failed',
    description: invoice.number ?? null,
  });
  if (paid) {
    if (tenant.subscriptionStatus === 'past_due' || tenant.graceEndsAt) {
      await businessBilling.updateTenantBilling(deps.db, tenant.id, {
        subscriptionStatus: 'active',
        graceEndsAt: null,
      });
    }
    return;
  }
  // The first failure starts the grace period; Stripe's retries do not extend it.
  const graceEndsAt = tenant.graceEndsAt ?? graceEnd();
  await businessBilling.updateTenantBilling(deps.db, tenant.id, { subscriptionStatus: 'past_due', graceEndsAt });
  await mailAdmins(deps, { ...tenant, graceEndsAt }, outbox, 'payment_failed');
}

async function mailAdmins(
  deps: Tx,
  tenant: businessBilling.TenantBilling,
  outbox: MailMessage[],
  kind: 'payment_failed' | 'trial_ending',
  trialEnd?: number,
): Promise<void> {
  const url = `${deps.config.appUrl}/settings?tab=billing`;
  const brand = await mailBrand(deps, tenant.id);
  const rendered =
    kind === 'payment_failed'
      ? paymentFailedMail({ businessName: tenant.name, graceEndsAt: tenant.graceEndsAt ?? graceEnd(), url }, brand)
      : trialEndingMail({ businessName: tenant.name, trialEndsAt: toDate(trialEnd) ?? new Date(), url }, brand);
  for (const admin of await businessAdmins(deps.db, tenant.id)) {
    outbox.push({ to: admin.email, type: kind, userId: admin.userId, tenantId: tenant.id, ...rendered });
  }
}
