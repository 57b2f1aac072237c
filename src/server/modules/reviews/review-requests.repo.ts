import { and, count, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TRequestChannelPref, TRequestStatus } from '#shared/schemas/review-requests.ts';
import type { Db } from '#server/db/client.ts';
import { reviewEmailOptOuts, reviewRequestSettings, reviewRequests, reviews } from '#server/db/schema/index.ts';

// SQL for review requests and their settings (the STOP list is conversations/sms-opt-outs.ts). Every query is scoped by tenant_id,
// except `findRequestAnyTenant`: a Twilio status callback names only the request, and its
// signature is then checked with that request's own business's token; and `failStuckSending`,
// the sweep over every business's interrupted sends.

export type RequestRow = typeof reviewRequests.$inferSelect;
export type NewRequest = Omit<typeof reviewRequests.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;
export type RequestChanges = Partial<NewRequest>;

export async function findSettings(db: Db, tenantId: string) {
  const [row] = await db.select().from(reviewRequestSettings).where(eq(reviewRequestSettings.tenantId, tenantId));
  return row;
}

export async function saveSettings(
  db: Db,
  tenantId: string,
  values: { autoSend: boolean; delayHours: number; channel: TRequestChannelPref },
) {
  await db
    .insert(reviewRequestSettings)
    .values({ ...values, tenantId })
    .onConflictDoUpdate({ target: reviewRequestSettings.tenantId, set: { ...values, updatedAt: new Date() } });
}

export async function insertRequest(db: Db, tenantId: string, values: NewRequest): Promise<RequestRow> {
  const [row] = await db
    .insert(reviewRequests)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function findRequest(db: Db, tenantId: string, id: string): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(reviewRequests)
    .where(and(eq(reviewRequests.tenantId, tenantId), eq(reviewRequests.id, id)));
  return row;
}

export async function findRequestAnyTenant(db: Db, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(reviewRequests).where(eq(reviewRequests.id, id));
  return row;
}

/** Moves a request from one status to another; undefined when it was no longer in `from` (someone else took it). */
export async function moveRequest(
  db: Db,
  tenantId: string,
  id: string,
  from: TRequestStatus,
  changes: RequestChanges,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .update(reviewRequests)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(reviewRequests.tenantId, tenantId), eq(reviewRequests.id, id), eq(reviewRequests.status, from)))
    .returning();
  return row;
}

export async function updateRequest(db: Db, tenantId: string, id: string, changes: RequestChanges): Promise<void> {
  await db
    .update(reviewRequests)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(reviewRequests.tenantId, tenantId), eq(reviewRequests.id, id)));
}

/**
 * A request to the same customer (same phone, email or lead) since `since` that is sent or on its
 * way — the one-per-90-days rule. `exceptId` leaves out the request being checked.
 */
export async function recentRequestTo(
  db: Db,
  tenantId: string,
  who: { phone: string | null; email: string | null; leadId: string | null },
  since: Date,
  exceptId?: string,
): Promise<RequestRow | undefined> {
  const same: SQL[] = [];
  if (who.phone) same.push(eq(reviewRequests.phone, who.phone));
  if (who.email) same.push(sql`lower(${reviewRequests.email}) = lower(${who.email})`);
  if (who.leadId) same.push(eq(reviewRequests.leadId, who.leadId));
  if (same.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.tenantId, tenantId),
        or(...same),
        inArray(reviewRequests.status, ['scheduled', 'sending', 'sent']),
        gte(sql`coalesce(${reviewRequests.sentAt}, ${reviewRequests.scheduledFor})`, since),
        exceptId ? ne(reviewRequests.id, exceptId) : undefined,
      ),
    )
    .orderBy(desc(reviewRequests.createdAt))
    .limit(1);
  return row;
}

export async function listRequests(db: Db, tenantId: string, limit: number): Promise<RequestRow[]> {
  return db
    .select()
    .from(reviewRequests)
    .where(eq(reviewRequests.tenantId, tenantId))
    .orderBy(desc(reviewRequests.createdAt))
    .limit(limit);
}

/** Ids of the requests sent since `since` (the funnel's first step). */
export async function sentSince(db: Db, tenantId: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ id: reviewRequests.id })
    .from(reviewRequests)
    .where(
      and(eq(reviewRequests.tenantId, tenantId), eq(reviewRequests.status, 'sent'), gte(reviewRequests.sentAt, since)),
    );
  return rows.map((r) => r.id);
}

/** Reviews written since `since` on one platform (the funnel's last step). */
export async function countReviewsSince(db: Db, tenantId: string, platform: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(
      and(
        eq(reviews.tenantId, tenantId),
        eq(reviews.platform, platform),
        gte(sql`coalesce(${reviews.reviewedAt}, ${reviews.createdAt})`, since),
      ),
    );
  return row?.n ?? 0;
}

/** Whether this address unsubscribed from the business's review-request emails. */
export async function isEmailOptedOut(db: Db, tenantId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reviewEmailOptOuts.id })
    .from(reviewEmailOptOuts)
    .where(and(eq(reviewEmailOptOuts.tenantId, tenantId), eq(reviewEmailOptOuts.email, email.trim().toLowerCase())));
  return row !== undefined;
}

export async function addEmailOptOut(db: Db, tenantId: string, email: string, source: string): Promise<void> {
  await db
    .insert(reviewEmailOptOuts)
    .values({ tenantId, email: email.trim().toLowerCase(), source })
    .onConflictDoNothing();
}

/**
 * Requests left in "sending" since before `olderThan` (their send job died mid-send), of every
 * business: marked failed with the reason, never sent again. Answers which were marked.
 */
export async function failStuckSending(
  db: Db,
  olderThan: Date,
  reason: string,
): Promise<{ id: string; tenantId: string }[]> {
  return db
    .update(reviewRequests)
    .set({ status: 'failed', reason, updatedAt: new Date() })
    .where(and(eq(reviewRequests.status, 'sending'), lt(reviewRequests.updatedAt, olderThan)))
    .returning({ id: reviewRequests.id, tenantId: reviewRequests.tenantId });
}
