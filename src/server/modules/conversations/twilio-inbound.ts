import { AppError } from '#server/errors.ts';
import { TWILIO_OPTED_OUT, validTwilioSignature } from '#server/integrations/twilio/twilio-messages.ts';
import { createInboundLead, leadByContact } from '#server/modules/leads/leads.service.ts';
import { optKeyword, toE164 } from '#server/modules/reviews/review-request-rules.ts';
import { smsSender, smsSendersOfAccount, type SmsSender } from '#server/modules/settings/sms-sender.service.ts';
import { logMessage } from './conversation-log.ts';
import { recordDeliveryStatus } from './conversation-log.ts';
import type { ConversationsDeps } from './conversations.service.ts';
import * as repo from './conversations.repo.ts';
import { notifyInboundMessage } from './inbound-notice.ts';
import { addTextOptOut, removeTextOptOut } from './sms-opt-outs.ts';

/**
 * Twilio's webhooks for the business's number, each checked against X-Twilio-Signature with the
 * business's own auth token: an inbound text (into the customer's thread; STOP / START / HELP
 * kept on the STOP list) and the delivery status of a text a thread records. A wrong signature
 * and an unknown number get the same 403, and nothing is stored.
 */
export interface TwilioWebhook {
  /** The full URL Twilio called (our public address + the path and query), which the signature covers. */
  url: string;
  params: Record<string, string>;
  signature: string | undefined;
}

export const refused = () => new AppError('forbidden', 'The Twilio signature does not match.');

/** The businesses whose number `To` is and whose token signed the webhook (normally one). */
export async function signedSenders(deps: Pick<ConversationsDeps, 'db' | 'box'>, hook: TwilioWebhook) {
  const accountSid = hook.params.AccountSid ?? '';
  const to = toE164(hook.params.To);
  const senders = accountSid && to ? await smsSendersOfAccount(deps, accountSid) : [];
  const ours = senders.filter(
    (s) => toE164(s.phoneNumber) === to && validTwilioSignature(s.authToken, hook.url, hook.params, hook.signature),
  );
  if (ours.length === 0) throw refused();
  return ours;
}

/** MediaUrl0..N of an MMS (Twilio-hosted https images). */
function mediaOf(params: Record<string, string>): string[] {
  const n = Math.min(Number(params.NumMedia) || 0, 10);
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const url = params[`MediaUrl${i}`];
    if (url && /^https:\/\//.test(url)) urls.push(url);
  }
  return urls;
}

const HELP_WORDS = new Set(['HELP', 'INFO']);

/** The customer behind a number: the thread's, else the newest lead at it, else a new lead (source "text"). */
async function customerAt(deps: ConversationsDeps, tenantId: string, phone: string, makeLead: boolean) {
  const thread = await repo.findByPhone(deps.db, tenantId, phone);
  if (thread) return { name: thread.name, phone, email: thread.email, leadId: thread.leadId };
  const lead = await leadByContact(deps, tenantId, { phone, email: null });
  if (lead) return { name: lead.name, phone, email: null, leadId: lead.id };
  if (!makeLead) return { name: phone, phone, email: null, leadId: null };
  const created = await createInboundLead(deps, tenantId, {
    name: phone,
    service: 'Text message',
    location: 'Not given',
    email: null,
    phone,
    source: 'text',
    sourceLabel: 'a text message to your number',
    utm: {},
  });
  return { name: created.name, phone, email: null, leadId: created.id };
}

async function inboundFor(deps: ConversationsDeps, sender: SmsSender, hook: TwilioWebhook, from: string) {
  const { tenantId } = sender;
  const body = (hook.params.Body ?? '').slice(0, 1600);
  const keyword = optKeyword(body);
  const help = HELP_WORDS.has(body.trim().toUpperCase());
  const who = await customerAt(deps, tenantId, from, keyword === null && !help);
  const logged = await logMessage(deps.db, tenantId, who, {
    direction: 'in',
    channel: 'sms',
    kind: 'customer',
    body,
    status: 'received',
    providerSid: hook.params.MessageSid || null,
    mediaUrls: mediaOf(hook.params),
  });
  const now = new Date();
  if (keyword === 'stop') {
    await addTextOptOut(deps.db, tenantId, from, 'sms_stop');
    await repo.updateConversation(deps.db, tenantId, logged.conversation.id, { optedOutAt: now });
  } else if (keyword === 'start') {
    await removeTextOptOut(deps.db, tenantId, from);
    await repo.updateConversation(deps.db, tenantId, logged.conversation.id, { optedInAt: now });
  }
  if (!logged.message) return; // Twilio's retry of a text already stored
  await notifyInboundMessage(deps, {
    tenantId,
    conversationId: logged.conversation.id,
    messageId: logged.message.id,
    customerName: logged.conversation.name,
    channel: 'sms',
    preview: body.slice(0, 120),
  });
}

/** An inbound text (Twilio's own Advanced Opt-Out answers STOP, START and HELP; we add no reply). */
export async function inboundSms(deps: ConversationsDeps, hook: TwilioWebhook): Promise<void> {
  const ours = await signedSenders(deps, hook);
  const from = toE164(hook.params.From);
  if (!from) return;
  for (const sender of ours) await inboundFor(deps, sender, hook, from);
}

/** A delivery status (queued, sent, delivered, undelivered, failed with ErrorCode) of a text a thread records. */
export async function smsStatus(deps: Pick<ConversationsDeps, 'db' | 'box'>, hook: TwilioWebhook): Promise<void> {
  const sid = hook.params.MessageSid ?? hook.params.SmsSid ?? '';
  const row = sid ? await repo.findMessageBySidAnyTenant(deps.db, sid) : undefined;
  const sender = row ? await smsSender(deps, row.tenantId) : null;
  // An unknown SID is refused like a bad signature: the answer tells nothing about which exist.
  if (!row || !sender || !validTwilioSignature(sender.authToken, hook.url, hook.params, hook.signature))
    throw refused();
  const code = Number(hook.params.ErrorCode) || null;
  await recordDeliveryStatus(deps.db, row, hook.params.MessageStatus ?? hook.params.SmsStatus ?? '', code);
  if (code === TWILIO_OPTED_OUT) {
    const thread = await repo.findConversation(deps.db, row.tenantId, row.conversationId);
    if (thread?.phone) await addTextOptOut(deps.db, row.tenantId, thread.phone, 'twilio_21610');
  }
}
