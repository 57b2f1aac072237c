import { and, desc, eq, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TConversationStatus, TMessageStatus } from '#shared/conversations.ts';
import type { Db } from '#server/db/client.ts';
import { conversationMessages, conversationSettings, conversations } from '#server/db/schema/index.ts';

// SQL for threads, their messages and the business's missed-call choices. Every query is scoped
// by tenant_id, except `findMessageBySidAnyTenant`: a Twilio status callback names only the
// message SID, and its signature is then checked with that message's own business's token.

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;
export type NewMessage = Omit<typeof conversationMessages.$inferInsert, 'id' | 'tenantId' | 'conversationId'>;
export type SettingsRow = typeof conversationSettings.$inferSelect;

export async function findConversation(db: Db, tenantId: string, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, id)));
  return row;
}

export async function findByPhone(db: Db, tenantId: string, phone: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.phone, phone)));
  return row;
}

export async function findByEmail(db: Db, tenantId: string, email: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.email, email.toLowerCase())))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(1);
  return row;
}

export async function findByLead(db: Db, tenantId: string, leadId: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.leadId, leadId)))
    .limit(1);
  return row;
}

/** A new thread; when another request made the same number's thread first, answers that one. */
export async function insertConversation(
  db: Db,
  tenantId: string,
  values: { name: string; phone: string | null; email: string | null; leadId: string | null },
): Promise<ConversationRow> {
  const [row] = await db
    .insert(conversations)
    .values({ ...values, email: values.email?.toLowerCase() ?? null, tenantId })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const existing = values.phone ? await findByPhone(db, tenantId, values.phone) : undefined;
  if (!existing) throw new Error('conversation insert returned no row');
  return existing;
}

/** The thread an inbound email's reply address names (the token is unique across businesses). */
export async function findByReplyTokenAnyTenant(db: Db, token: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.replyToken, token));
  return row;
}

/** Gives the thread its reply token unless it has one (a concurrent send may have given it first). */
export async function setReplyToken(db: Db, tenantId: string, id: string, token: string): Promise<void> {
  await db
    .update(conversations)
    .set({ replyToken: token })
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, id), isNull(conversations.replyToken)));
}

export async function updateConversation(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<Omit<ConversationRow, 'id' | 'tenantId' | 'createdAt'>>,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, id)))
    .returning();
  return row;
}

/** A message in a thread, and the thread's last activity; an inbound one counts as unread and reopens the thread. */
export async function insertMessage(
  db: Db,
  tenantId: string,
  conversationId: string,
  values: NewMessage,
): Promise<MessageRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversationMessages)
      .values({ ...values, tenantId, conversationId })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    const inbound = row.direction === 'in';
    await tx
      .update(conversations)
      .set({
        lastMessageAt: row.createdAt,
        lastMessagePreview: (row.body || (row.mediaUrls.length ? '📷 Photo' : '')).slice(0, 140),
        lastChannel: row.channel,
        updatedAt: new Date(),
        ...(inbound ? { unread: sql`${conversations.unread} + 1`, status: 'open' as const } : {}),
      })
      .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, conversationId)));
    return row;
  });
}

export async function findMessage(db: Db, tenantId: string, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.tenantId, tenantId), eq(conversationMessages.id, id)));
  return row;
}

export async function findMessageBySidAnyTenant(db: Db, sid: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(conversationMessages).where(eq(conversationMessages.providerSid, sid));
  return row;
}

/** Moves a message from one status to another; undefined when it was no longer in `from`. */
export async function moveMessage(
  db: Db,
  tenantId: string,
  id: string,
  from: TMessageStatus[],
  changes: Partial<Pick<MessageRow, 'status' | 'error' | 'providerSid'>>,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(conversationMessages)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(conversationMessages.tenantId, tenantId),
        eq(conversationMessages.id, id),
        or(...from.map((s) => eq(conversationMessages.status, s))),
      ),
    )
    .returning();
  return row;
}

export async function threadMessages(db: Db, tenantId: string, conversationId: string, limit = 300) {
  const rows = await db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.tenantId, tenantId), eq(conversationMessages.conversationId, conversationId)))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(limit);
  return rows.reverse();
}

export interface ListFilter {
  tenantId: string;
  status: TConversationStatus | 'all';
  /** A member's id, or null for threads nobody has. */
  assigneeId?: string | null;
  /** An ILIKE pattern (already escaped). */
  pattern?: string;
  after?: { at: Date; id: string };
  limit: number;
}

export async function listConversations(db: Db, f: ListFilter): Promise<ConversationRow[]> {
  const where: (SQL | undefined)[] = [eq(conversations.tenantId, f.tenantId)];
  if (f.status !== 'all') where.push(eq(conversations.status, f.status));
  if (f.assigneeId !== undefined)
    where.push(f.assigneeId === null ? isNull(conversations.assigneeId) : eq(conversations.assigneeId, f.assigneeId));
  if (f.pattern)
    where.push(
      or(
        ilike(conversations.name, f.pattern),
        ilike(conversations.phone, f.pattern),
        ilike(conversations.email, f.pattern),
        ilike(conversations.lastMessagePreview, f.pattern),
      ),
    );
  if (f.after)
    where.push(
      or(
        lt(conversations.lastMessageAt, f.after.at),
        and(eq(conversations.lastMessageAt, f.after.at), lt(conversations.id, f.after.id)),
      ),
    );
  return db
    .select()
    .from(conversations)
    .where(and(...where))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(f.limit);
}

/** Threads with an unread customer message (the navigation's badge). */
export async function countUnread(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), sql`${conversations.unread} > 0`));
  return row?.n ?? 0;
}

export async function findSettings(db: Db, tenantId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(conversationSettings).where(eq(conversationSettings.tenantId, tenantId));
  return row;
}

export async function saveSettings(
  db: Db,
  tenantId: string,
  values: Omit<typeof conversationSettings.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(conversationSettings)
    .values({ ...values, tenantId })
    .onConflictDoUpdate({ target: conversationSettings.tenantId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
