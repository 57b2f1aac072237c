import type { TMessageChannel, TMessageKind, TMessageStatus } from '#shared/conversations.ts';
import type { Db } from '#server/db/client.ts';
import * as repo from './conversations.repo.ts';
import { publishInboxEvent } from './inbox-events.ts';

// The thread record other areas write to: our automatic messages (speed-to-lead, review
// requests), landing-page form messages, and the delivery statuses Twilio reports for them.
// It imports no other area, so the areas that send (reviews, website) can call it.

/** Where Twilio posts the delivery statuses of every text a thread records. */
export const SMS_STATUS_PATH = '/api/webhooks/twilio/sms/status';

export interface Customer {
  name: string;
  /** E.164. */
  phone: string | null;
  email: string | null;
  leadId: string | null;
}

/** The customer's thread: by number, then email, then lead; a new one when none matches. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23503';
}

export async function threadFor(db: Db, tenantId: string, who: Customer): Promise<repo.ConversationRow> {
  const found =
    (who.phone ? await repo.findByPhone(db, tenantId, who.phone) : undefined) ??
    (who.email ? await repo.findByEmail(db, tenantId, who.email) : undefined) ??
    (who.leadId ? await repo.findByLead(db, tenantId, who.leadId) : undefined);
  if (!found) {
    const thread = {
      name: who.name.trim().slice(0, 120) || who.phone || who.email || 'Customer',
      phone: who.phone,
      email: who.email,
      leadId: who.leadId,
    };
    try {
      return await repo.insertConversation(db, tenantId, thread);
    } catch (err) {
      // The lead was deleted before its job ran: the thread still holds what was sent, unlinked.
      if (!who.leadId || !isForeignKeyViolation(err)) throw err;
      return repo.insertConversation(db, tenantId, { ...thread, leadId: null });
    }
  }
  // Fill in what the thread did not know yet (a texter who later gave an email on the form).
  const fill: Partial<repo.ConversationRow> = {};
  if (!found.phone && who.phone) fill.phone = who.phone;
  if (!found.email && who.email) fill.email = who.email.toLowerCase();
  if (!found.leadId && who.leadId) fill.leadId = who.leadId;
  if (Object.keys(fill).length === 0) return found;
  try {
    return (await repo.updateConversation(db, tenantId, found.id, fill)) ?? found;
  } catch {
    return found; // that number already has its own thread: this one keeps what it had
  }
}

export interface LoggedMessage {
  direction: 'in' | 'out';
  channel: TMessageChannel;
  kind: TMessageKind;
  body: string;
  status: TMessageStatus;
  providerSid?: string | null;
  error?: string | null;
  mediaUrls?: string[];
  authorId?: string | null;
}

/** Adds a message to the customer's thread and tells the open inboxes; undefined when the SID was already stored. */
export async function logMessage(
  db: Db,
  tenantId: string,
  who: Customer,
  message: LoggedMessage,
): Promise<{ conversation: repo.ConversationRow; message: repo.MessageRow | undefined }> {
  const conversation = await threadFor(db, tenantId, who);
  return { conversation, message: await logToThread(db, conversation, message) };
}

/** Adds a message to this thread (an email's reply address named it) and tells the open inboxes. */
export async function logToThread(
  db: Db,
  conversation: repo.ConversationRow,
  message: LoggedMessage,
): Promise<repo.MessageRow | undefined> {
  const { tenantId } = conversation;
  const row = await repo.insertMessage(db, tenantId, conversation.id, {
    direction: message.direction,
    channel: message.channel,
    kind: message.kind,
    body: message.body,
    status: message.status,
    providerSid: message.providerSid ?? null,
    error: message.error ?? null,
    mediaUrls: message.mediaUrls ?? [],
    authorId: message.authorId ?? null,
  });
  if (row) await publishInboxEvent(db, tenantId, { conversationId: conversation.id, kind: 'message' });
  return row;
}

// Statuses only move forward; a late "sent" never overwrites "delivered".
const RANK: Partial<Record<TMessageStatus, number>> = {
  scheduled: 0,
  pending: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
};
const TWILIO_STATUSES: Record<string, TMessageStatus> = {
  accepted: 'queued',
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

/** Twilio's delivery-time error codes owners meet, in words (others are named by number). */
const CARRIER_REASONS: Record<number, string> = {
  21610: 'The customer replied STOP to your number.',
  30003: 'The phone is switched off or out of coverage.',
  30004: 'The customer blocked messages from your number.',
  30005: 'The number does not exist.',
  30006: 'The number cannot receive texts (a landline?).',
  30007: 'The carrier filtered the message as spam.',
  30008: 'The carrier could not deliver it (unknown error).',
  30034: 'Your number is not registered for US business texting (A2P 10DLC).',
};
export const carrierReason = (code: number) =>
  CARRIER_REASONS[code] ?? `The carrier could not deliver the text (Twilio error ${code}).`;

/**
 * A delivery status of a message we sent, by its SID (already checked against the business's
 * token). Answers the message's tenant when it was recorded, for the STOP list.
 */
export async function recordDeliveryStatus(
  db: Db,
  row: repo.MessageRow,
  twilioStatus: string,
  errorCode: number | null,
): Promise<boolean> {
  const next = TWILIO_STATUSES[twilioStatus];
  if (!next || row.direction !== 'out') return false;
  if ((RANK[next] ?? 0) < (RANK[row.status] ?? 0)) return false;
  const moved = await repo.moveMessage(db, row.tenantId, row.id, [row.status], {
    status: next,
    ...(errorCode ? { error: carrierReason(errorCode) } : {}),
  });
  if (moved) await publishInboxEvent(db, row.tenantId, { conversationId: row.conversationId, kind: 'status' });
  return moved !== undefined;
}

/** The message a review request or speed-to-lead text is stored as, found by its SID (the request's own callback). */
export async function deliveryStatusBySid(
  db: Db,
  tenantId: string,
  sid: string,
  status: string,
  errorCode: number | null,
) {
  const row = await repo.findMessageBySidAnyTenant(db, sid);
  if (!row || row.tenantId !== tenantId) return;
  await recordDeliveryStatus(db, row, status, errorCode);
}
