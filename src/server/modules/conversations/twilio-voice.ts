import { DEFAULT_MISSED_CALL_MESSAGE } from '#shared/conversations.ts';
import { isoToZoned } from '#shared/zoned-time.ts';
import { validTwilioSignature } from '#server/integrations/twilio/twilio-messages.ts';
import { businessName } from '#server/modules/auth/accounts.service.ts';
import { createInboundLead, leadByContact } from '#server/modules/leads/leads.service.ts';
import { toE164 } from '#server/modules/reviews/review-request-rules.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { smsSendersOfAccount } from '#server/modules/settings/sms-sender.service.ts';
import { logMessage } from './conversation-log.ts';
import { queueAutomaticText, quietHoursEnd, withinWindow } from './automatic-texts.ts';
import type { ConversationsDeps } from './conversations.service.ts';
import * as repo from './conversations.repo.ts';
import { notifyInboundMessage } from './inbound-notice.ts';
import { refused, signedSenders, type TwilioWebhook } from './twilio-inbound.ts';

// Missed-call text-back. A call to the business's number is forwarded to the owner's phone with
// screening: the owner hears "press any key to take it"; a voicemail that picks up presses no
// key, so it counts as missed (Twilio alone would call such a call answered). When the forward
// ends without the key, the caller gets the business's text (within the owner's hours) in a thread.

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const CALL_SID = /^CA[0-9a-f]{32}$/i;
const answeredSid = (callSid: string) => `call:${callSid}:answered`;

const withinHours = (now: Date, timeZone: string, start: string, end: string) =>
  withinWindow(isoToZoned(now.toISOString(), timeZone).time, start, end);

/** The first webhook of a call: forward it, screened; without a forward number it counts as missed at once. */
export async function incomingCall(deps: ConversationsDeps, hook: TwilioWebhook): Promise<string> {
  const [sender] = await signedSenders(deps, hook);
  const settings = await repo.findSettings(deps.db, sender!.tenantId);
  const callSid = hook.params.CallSid ?? '';
  if (!settings?.forwardTo || !CALL_SID.test(callSid)) return missed(deps, sender!.tenantId, hook);
  const base = `${deps.appUrl}/api/webhooks/twilio/voice`;
  return xml(
    `<Dial action="${esc(`${base}/done`)}" timeout="20"><Number url="${esc(`${base}/screen?${legQuery(callSid, hook.params.From)}`)}">${esc(settings.forwardTo)}</Number></Dial>`,
  );
}

/** The owner's leg, signed by the account (its To is the owner's phone, not the business number). */
async function signedByAccount(deps: ConversationsDeps, hook: TwilioWebhook) {
  const senders = hook.params.AccountSid ? await smsSendersOfAccount(deps, hook.params.AccountSid) : [];
  const sender = senders.find((s) => validTwilioSignature(s.authToken, hook.url, hook.params, hook.signature));
  if (!sender) throw refused();
  return sender;
}
/** The caller's call and number, carried on the owner's leg (whose own From and CallSid are not the caller's). */
const legQuery = (callSid: string, from: string | undefined) =>
  new URLSearchParams({ call: callSid, from: from ?? '' }).toString();
const legOf = (hook: TwilioWebhook) => {
  const q = new URL(hook.url).searchParams;
  return { parent: q.get('call') ?? '', caller: toE164(q.get('from')) };
};

/** What the owner hears when they pick up: press any key to take the call. */
export async function screenCall(deps: ConversationsDeps, hook: TwilioWebhook): Promise<string> {
  const sender = await signedByAccount(deps, hook);
  const name = (await businessName(deps.db, sender.tenantId)) ?? 'your business';
  const leg = legOf(hook);
  const accept = `${deps.appUrl}/api/webhooks/twilio/voice/accept?${legQuery(leg.parent, leg.caller ?? '')}`;
  return xml(
    `<Gather numDigits="1" timeout="8" action="${esc(accept)}"><Say>Call for ${esc(name)}. Press any key to take it.</Say></Gather><Hangup/>`,
  );
}

/** The owner pressed a key: the call is theirs (recorded, so its end is not counted as missed). */
export async function screenAccepted(deps: ConversationsDeps, hook: TwilioWebhook): Promise<string> {
  const sender = await signedByAccount(deps, hook);
  const { parent, caller } = legOf(hook);
  if (CALL_SID.test(parent) && caller)
    await logMessage(
      deps.db,
      sender.tenantId,
      { name: caller, phone: caller, email: null, leadId: null },
      {
        direction: 'in',
        channel: 'call',
        kind: 'customer',
        body: 'Call answered',
        status: 'received',
        providerSid: answeredSid(parent),
      },
    );
  return xml('');
}

/** The forward ended: taken (the key was pressed) or missed. */
export async function dialEnded(deps: ConversationsDeps, hook: TwilioWebhook): Promise<string> {
  const [sender] = await signedSenders(deps, hook);
  const callSid = hook.params.CallSid ?? '';
  const taken = CALL_SID.test(callSid) && (await repo.findMessageBySidAnyTenant(deps.db, answeredSid(callSid)));
  if (taken && hook.params.DialCallStatus === 'completed') return xml('');
  return missed(deps, sender!.tenantId, hook);
}

async function missed(deps: ConversationsDeps, tenantId: string, hook: TwilioWebhook): Promise<string> {
  const caller = toE164(hook.params.From);
  const callSid = hook.params.CallSid ?? '';
  if (!caller || !CALL_SID.test(callSid)) return xml('<Hangup/>');
  const [settings, timeZone] = await Promise.all([
    repo.findSettings(deps.db, tenantId),
    tenantTimezone(deps, tenantId),
  ]);
  const textBack = settings?.missedCallText ?? true;
  const inHours = withinHours(new Date(), timeZone, settings?.hoursStart ?? '08:00', settings?.hoursEnd ?? '18:00');
  const lead =
    (await leadByContact(deps, tenantId, { phone: caller, email: null })) ??
    (await repo
      .findByPhone(deps.db, tenantId, caller)
      .then((t) => (t?.leadId ? { id: t.leadId, name: t.name } : undefined))) ??
    (await createInboundLead(deps, tenantId, {
      name: caller,
      service: 'Missed call',
      location: 'Not given',
      email: null,
      phone: caller,
      source: 'text',
      sourceLabel: 'a missed call to your number',
      utm: {},
    }));
  const who = { name: lead.name, phone: caller, email: null, leadId: lead.id };
  const willText = textBack && inHours;
  const call = await logMessage(deps.db, tenantId, who, {
    direction: 'in',
    channel: 'call',
    kind: 'customer',
    body: willText ? 'Missed call' : textBack ? 'Missed call (outside your hours: no text sent)' : 'Missed call',
    status: 'received',
    providerSid: `call:${callSid}:missed`,
  });
  if (!call.message) return xml('<Hangup/>'); // Twilio's retry of a call already handled
  await notifyInboundMessage(deps, {
    tenantId,
    conversationId: call.conversation.id,
    messageId: call.message.id,
    customerName: call.conversation.name,
    channel: 'call',
    preview: 'Missed call',
  });
  if (!willText) return xml('<Hangup/>');
  const body = settings?.missedCallMessage?.trim() || DEFAULT_MISSED_CALL_MESSAGE;
  // Hours that overlap the quiet hours hold the text until they end (decision 031).
  const at = await quietHoursEnd(deps.db, tenantId);
  await queueAutomaticText(deps, tenantId, who, { kind: 'missed_call', body, at });
  return xml('<Say>Sorry we missed your call. We will text you shortly.</Say><Hangup/>');
}
