import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { payments, webhookEvents } from '#server/db/schema/index.ts';

// SQL for billing: Stripe webhook events and payments. tenantId is in every WHERE except the
// lookup webhooks need (by event id), which carries no session. The plan and subscription state
// are columns of the business's row, the auth area's (auth/business-billing.service.ts); the AI
// posts are counted in ai/usage.repo.ts.

// Webhook events -------------------------------------------------------------------------

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** Stores an event once; answers the stored row (the earlier one on a replay) and whether it is new. */
export async function storeWebhookEvent(
  db: Db,
  event: { id: string; type: string; data: unknown },
): Promise<{ row: WebhookEventRow; isNew: boolean }> {
  const inserted = await db
    .insert(webhookEvents)
    .values({ stripeEventId: event.id, eventType: event.type, data: event.data })
    .onConflictDoNothing({ target: webhookEvents.stripeEventId })
    .returning();
  if (inserted[0]) return { row: inserted[0], isNew: true };
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.stripeEventId, event.id));
  if (!row) throw new Error('webhook event vanished');
  return { row, isNew: false };
}

/** The event, locked until the transaction ends (one processor at a time). */
export async function lockWebhookEvent(db: Db, stripeEventId: string): Promise<WebhookEventRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.stripeEventId, stripeEventId))
    .for('update');
  return row;
}

export async function markEventProcessed(db: Db, stripeEventId: string): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ processed: true, processedAt: sql`now()`, errorMessage: null })
    .where(eq(webhookEvents.stripeEventId, stripeEventId));
}

export async function markEventFailed(db: Db, stripeEventId: string, message: string): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ errorMessage: message.slice(0, 500) })
    .where(and(eq(webhookEvents.stripeEventId, stripeEventId), eq(webhookEvents.processed, false)));
}

/** Events stored but not processed (a crash between storing and processing), oldest first. */
export async function unprocessedEvents(db: Db, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: webhookEvents.stripeEventId })
    .from(webhookEvents)
    .where(or(eq(webhookEvents.processed, false)))
    .orderBy(webhookEvents.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

// Payments -------------------------------------------------------------------------------

export async function insertPayment(
  db: Db,
  values: {
    tenantId: string;
    stripeInvoiceId: string;
    amount: string;
    currency: string;
    status: string;
    description: string | null;
  },
): Promise<void> {
  await db.insert(payments).values({ ...values, paymentType: 'subscription' });
}
