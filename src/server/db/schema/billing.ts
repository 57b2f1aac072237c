import { boolean, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './accounts.ts';
import { id, textList, timestamps, tstz } from './columns.ts';

// Global catalogue (not tenant-owned).
export const subscriptionPlans = pgTable('subscription_plans', {
  id: id(),
  planId: text('plan_id').notNull().unique(), // starter | professional | enterprise …
  name: text('name').notNull(),
  description: text('description'),
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  currency: text('currency').notNull().default('usd'),
  interval: text('interval').notNull(), // month | year
  intervalCount: integer('interval_count').notNull().default(1),
  features: textList('features'),
  maxLeads: integer('max_leads'), // NULL = unlimited
  maxSocialPosts: integer('max_social_posts'),
  maxEmailCampaigns: integer('max_email_campaigns'),
  // The Stripe Price that Checkout charges for this plan.
  stripePriceId: text('stripe_price_id'),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps(),
});

export const payments = pgTable(
  'payments',
  {
    id: id(),
    // Payment records are kept for accounting when a user or tenant is deleted.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Billing is per tenant (tenants.plan); the payment belongs to the tenant it paid for.
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique(),
    stripeInvoiceId: text('stripe_invoice_id'),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    description: text('description'),
    paymentType: text('payment_type'),
    metadata: jsonb('metadata'),
    ...timestamps(),
  },
  (t) => [
    index('payments_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst()),
    index('payments_user_id_idx').on(t.userId),
  ],
);

// Stripe webhook deliveries; the unique event id makes processing idempotent.
export const webhookEvents = pgTable('webhook_events', {
  id: id(),
  stripeEventId: text('stripe_event_id').notNull().unique(),
  eventType: text('event_type').notNull(),
  processed: boolean('processed').notNull().default(false),
  data: jsonb('data'),
  // When processing finished, and the last failure if it did not.
  processedAt: tstz('processed_at'),
  errorMessage: text('error_message'),
  ...timestamps(),
});
