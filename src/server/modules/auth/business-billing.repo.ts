import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tenants } from '#server/db/schema/index.ts';

// SQL for the billing columns of a business's row (plan, subscription state, Stripe ids), as the
// billing area reads and writes them. tenantId is in every WHERE except the lookup webhooks need
// (by Stripe customer id), which carries no session.

export interface TenantBilling {
  id: string;
  name: string;
  plan: string;
  subscriptionStatus: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  billingInterval: string | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  graceEndsAt: Date | null;
}

const billingColumns = {
  id: tenants.id,
  name: tenants.name,
  plan: tenants.plan,
  subscriptionStatus: tenants.subscriptionStatus,
  stripeCustomerId: tenants.stripeCustomerId,
  stripeSubscriptionId: tenants.stripeSubscriptionId,
  billingInterval: tenants.billingInterval,
  trialEndsAt: tenants.trialEndsAt,
  currentPeriodEnd: tenants.currentPeriodEnd,
  graceEndsAt: tenants.graceEndsAt,
};

export async function findTenantBilling(db: Db, tenantId: string): Promise<TenantBilling | undefined> {
  const [row] = await db.select(billingColumns).from(tenants).where(eq(tenants.id, tenantId));
  return row;
}

export async function findTenantByCustomer(db: Db, customerId: string): Promise<TenantBilling | undefined> {
  const [row] = await db.select(billingColumns).from(tenants).where(eq(tenants.stripeCustomerId, customerId));
  return row;
}

export type SubscriptionState = Partial<
  Pick<
    typeof tenants.$inferInsert,
    | 'plan'
    | 'subscriptionStatus'
    | 'stripeSubscriptionId'
    | 'billingInterval'
    | 'trialEndsAt'
    | 'currentPeriodEnd'
    | 'graceEndsAt'
    | 'stripeCustomerId'
  >
>;

export async function updateTenantBilling(db: Db, tenantId: string, values: SubscriptionState): Promise<void> {
  await db.update(tenants).set(values).where(eq(tenants.id, tenantId));
}

/** Sets the customer only when none is stored yet; answers the customer the tenant ends up with. */
export async function claimCustomerId(db: Db, tenantId: string, customerId: string): Promise<string | null> {
  await db
    .update(tenants)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(tenants.id, tenantId), isNull(tenants.stripeCustomerId)));
  const row = await findTenantBilling(db, tenantId);
  return row?.stripeCustomerId ?? null;
}
