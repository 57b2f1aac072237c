import type { AddressObject, ParsedMail } from 'mailparser';
import { AppError } from '#server/errors.ts';
import { validMailgunSignature } from '#server/integrations/mailgun/mailgun-inbound.ts';
import { businessBySlug } from '#server/modules/auth/accounts.service.ts';
import { createInboundLead, leadByContact } from '#server/modules/leads/leads.service.ts';
import { logMessage, logToThread } from './conversation-log.ts';
import type { ConversationsDeps } from './conversations.service.ts';
import * as repo from './conversations.repo.ts';
import { notifyInboundMessage } from './inbound-notice.ts';
import { replyTokenOf, stripQuotedReply } from './reply-address.ts';

/**
 * An email into the inbox, as Mailgun's raw-MIME route posts it (signed with the webhook signing
 * key). Addressed to a thread's reply address it lands in that thread; addressed to a business's
 * own address ({slug}@INBOUND_EMAIL_DOMAIN) it lands in the sender's thread, matched by address
 * to a lead or with a new lead (source "email"). Auto-replies (out of office, bounces, lists) are
 * dropped, so two robots cannot mail each other through a thread.
 */
export type InboundEmailOutcome = 'stored' | 'duplicate' | 'ignored';

const BODY_MAX = 10_000;
export const emailRefused = () => new AppError('forbidden', 'The Mailgun signature does not match.');

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

function isAutomatic(mail: ParsedMail): boolean {
  const auto = String(mail.headers.get('auto-submitted') ?? 'no').toLowerCase();
  const precedence = String(mail.headers.get('precedence') ?? '').toLowerCase();
  return auto !== 'no' || ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence) || mail.headers.has('list-id');
}

/** The words the customer wrote: the reply above the quoted history, and what else came with it. */
function bodyOf(mail: ParsedMail): string {
  const text = stripQuotedReply(mail.text ?? '').slice(0, BODY_MAX);
  const files = mail.attachments.filter((a) => a.contentDisposition !== 'inline').length;
  const extra = files ? `\n\n(${files === 1 ? '1 attachment' : `${files} attachments`} not shown here)` : '';
  return (text || mail.subject?.trim() || '(no text)') + extra;
}

async function customerThread(deps: ConversationsDeps, tenantId: string, email: string, name: string) {
  const byThread = await repo.findByEmail(deps.db, tenantId, email);
  if (byThread) return { name: byThread.name, phone: byThread.phone, email, leadId: byThread.leadId };
  const lead =
    (await leadByContact(deps, tenantId, { phone: null, email })) ??
    (await createInboundLead(deps, tenantId, {
      name: name || email,
      service: 'Email',
      location: 'Not given',
      email,
      phone: null,
      source: 'email',
      sourceLabel: 'an email to your inbox address',
      utm: {},
    }));
  return { name: lead.name, phone: null, email, leadId: lead.id };
}

export async function inboundEmail(
  deps: ConversationsDeps,
  fields: Record<string, string>,
): Promise<InboundEmailOutcome> {
  const config = deps.inboundEmail;
  if (!config || !validMailgunSignature(config.signingKey, fields)) throw emailRefused();
  const raw = fields['body-mime'];
  if (!raw) return 'ignored';
  // Loaded on the first mail, not at start (with its decoders, a sixth of a second of CPU).
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipTextToHtml: true, skipTextLinks: true });
  const sender = mail.from?.value[0];
  const from = sender?.address?.trim().toLowerCase();
  if (!from || isAutomatic(mail)) return 'ignored';

  const recipients = [...(fields.recipient ?? '').split(','), ...addressesOf(mail.to), ...addressesOf(mail.cc)]
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  const token = recipients.map((a) => replyTokenOf(a, config.domain)).find(Boolean);
  const message = {
    direction: 'in',
    channel: 'email',
    kind: 'customer',
    body: bodyOf(mail),
    status: 'received',
    // Mailgun retries a post it got no 200 for: the message is stored once.
    providerSid: `email:${(mail.messageId ?? fields.token ?? '').slice(0, 300)}`,
  } as const;

  let logged: { conversation: repo.ConversationRow; message: repo.MessageRow | undefined } | undefined;
  const thread = token ? await repo.findByReplyTokenAnyTenant(deps.db, token) : undefined;
  if (thread) {
    logged = { conversation: thread, message: await logToThread(deps.db, thread, message) };
  } else {
    const ours = recipients.find((a) => a.endsWith(`@${config.domain}`) && !replyTokenOf(a, config.domain));
    const tenantId = ours ? (await businessBySlug(deps.db, ours.split('@')[0]!))?.tenantId : undefined;
    if (!tenantId) return 'ignored'; // an address no business has, or a reply token that is not ours
    const who = await customerThread(deps, tenantId, from, sender?.name?.trim() ?? '');
    logged = await logMessage(deps.db, tenantId, who, message);
  }
  if (!logged.message) return 'duplicate';
  await notifyInboundMessage(deps, {
    tenantId: logged.conversation.tenantId,
    conversationId: logged.conversation.id,
    messageId: logged.message.id,
    customerName: logged.conversation.name,
    channel: 'email',
    preview: logged.message.body.slice(0, 120),
  });
  return 'stored';
}
