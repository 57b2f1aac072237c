import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { leadAutoReplies, leadAutoReplyDays, leadFormStamps } from '#server/db/schema/index.ts';

// SQL of the lead form's guard (lead-guard.ts): used form stamps, and auto-replies per business and day.

/** Records a form stamp as used; false when it already was. */
export async function useStamp(
  db: Db,
  tenantId: string,
  values: { pageId: string; stamp: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(leadFormStamps)
    .values({ tenantId, ...values })
    .onConflictDoNothing()
    .returning({ stamp: leadFormStamps.stamp });
  return rows.length > 0;
}

/**
 * Claims the day's automatic reply to these recipients, in one transaction: answers the ones not
 * yet answered that day (none: nothing is counted), or 'limit' when the day's replies are used up
 * (then nothing is claimed and the day notes when the limit was reached).
 */
export async function claimAutoReply(
  db: Db,
  tenantId: string,
  day: string,
  recipients: readonly string[],
  limit: number,
): Promise<string[] | 'limit'> {
  if (recipients.length === 0) return [];
  return db.transaction(async (tx) => {
    const fresh = (
      await tx
        .insert(leadAutoReplies)
        .values(recipients.map((recipient) => ({ tenantId, day, recipient })))
        .onConflictDoNothing()
        .returning({ recipient: leadAutoReplies.recipient })
    ).map((r) => r.recipient);
    if (fresh.length === 0) return [];
    // Counted only below the limit: the row lock of ON CONFLICT keeps concurrent claims exact.
    const counted = await tx
      .insert(leadAutoReplyDays)
      .values({ tenantId, day, sent: 1 })
      .onConflictDoUpdate({
        target: [leadAutoReplyDays.tenantId, leadAutoReplyDays.day],
        set: { sent: sql`${leadAutoReplyDays.sent} + 1` },
        setWhere: lt(leadAutoReplyDays.sent, limit),
      })
      .returning({ sent: leadAutoReplyDays.sent });
    if (counted.length > 0) return fresh;
    const today = and(eq(leadAutoReplies.tenantId, tenantId), eq(leadAutoReplies.day, day));
    await tx.delete(leadAutoReplies).where(and(today, inArray(leadAutoReplies.recipient, fresh)));
    await tx
      .update(leadAutoReplyDays)
      .set({ limitReachedAt: sql`coalesce(${leadAutoReplyDays.limitReachedAt}, now())` })
      .where(and(eq(leadAutoReplyDays.tenantId, tenantId), eq(leadAutoReplyDays.day, day)));
    return 'limit';
  });
}

/** True once per business and day whose limit was reached: the caller tells the owner. */
export async function markOwnerTold(db: Db, tenantId: string, day: string): Promise<boolean> {
  const rows = await db
    .update(leadAutoReplyDays)
    .set({ ownerToldAt: sql`now()` })
    .where(
      and(
        eq(leadAutoReplyDays.tenantId, tenantId),
        eq(leadAutoReplyDays.day, day),
        isNotNull(leadAutoReplyDays.limitReachedAt),
        isNull(leadAutoReplyDays.ownerToldAt),
      ),
    )
    .returning({ day: leadAutoReplyDays.day });
  return rows.length > 0;
}

export async function dayOf(
  db: Db,
  tenantId: string,
  day: string,
): Promise<{ sent: number; limitReachedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ sent: leadAutoReplyDays.sent, limitReachedAt: leadAutoReplyDays.limitReachedAt })
    .from(leadAutoReplyDays)
    .where(and(eq(leadAutoReplyDays.tenantId, tenantId), eq(leadAutoReplyDays.day, day)));
  return row;
}

/** Forgets stamps that can no longer be used and days before `beforeDay` (every business: a clean-up job). */
export async function forgetOld(db: Db, now: Date, beforeDay: string): Promise<number> {
  const stamps = await db
    .delete(leadFormStamps)
    .where(lt(leadFormStamps.expiresAt, now))
    .returning({ s: leadFormStamps.stamp });
  const replies = await db
    .delete(leadAutoReplies)
    .where(lt(leadAutoReplies.day, beforeDay))
    .returning({ r: leadAutoReplies.recipient });
  const days = await db
    .delete(leadAutoReplyDays)
    .where(lt(leadAutoReplyDays.day, beforeDay))
    .returning({ d: leadAutoReplyDays.day });
  return stamps.length + replies.length + days.length;
}
