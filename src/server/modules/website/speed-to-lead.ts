import { LEAD_FORM_MESSAGES } from '#shared/website.ts';
import type { Db } from '#server/db/client.ts';
import { SmsError, TWILIO_OPTED_OUT, sendSms } from '#server/integrations/twilio/twilio-messages.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { businessAdmins } from '#server/modules/auth/accounts.service.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { queueAutomaticText, quietHoursEnd } from '#server/modules/conversations/automatic-texts.ts';
import { logMessage, SMS_STATUS_PATH, threadFor } from '#server/modules/conversations/conversation-log.ts';
import { replyAddress } from '#server/modules/conversations/reply-address.ts';
import { addTextOptOut, isTextOptedOut } from '#server/modules/conversations/sms-opt-outs.ts';
import { toE164 } from '#server/modules/reviews/review-request-rules.ts';
import { smsSender } from '#server/modules/settings/sms-sender.service.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import type { Outbound } from '#server/security/ssrf-guard.ts';
import { esc } from './landing-template.ts';
import type { SpeedToLead } from './lead-intake.service.ts';
import { ownerToBeTold, type AutoReplyHeld } from './lead-guard.ts';

export interface SpeedToLeadDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** For the text reply: the business's Twilio sender (Settings → SMS) and the way out to Twilio. */
  box: SecretBox;
  outbound: Outbound;
  twilioBaseUrl: string;
  /** A text due in the business's quiet hours is queued for their end (conversations' send job). */
  jobs: Pick<Jobs, 'enqueue'>;
  /** The reply address domain (INBOUND_EMAIL_DOMAIN): the emailed answer comes back into the thread. */
  inboundEmailDomain: string | undefined;
  /** The clock quiet hours are read against (tests pin it). */
  now?: () => Date;
}

/** What happened to the text reply: sent, or why not (the email reply and the owner's notice go on regardless). */
export type SmsReply =
  | 'sent'
  | 'no_phone'
  | 'sms_not_set_up'
  | 'held'
  | 'opted_out'
  | { quietUntil: Date }
  | { failed: string; transient: boolean };

/**
 * The customer's first name when it is plainly a name (letters, an apostrophe or a hyphen), else
 * "there": nothing a visitor typed that could be a link or markup goes back out in our reply.
 */
export function greeting(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return /^\p{L}[\p{L}\p{M}'’-]{0,29}$/u.test(first) ? first : LEAD_FORM_MESSAGES.noName;
}

/** The text a customer gets: short, in the business's name, with the way to stop texts that carriers expect. */
export function autoReplySms(lead: Pick<SpeedToLead, 'name' | 'businessName'>): string {
  return LEAD_FORM_MESSAGES.autoReplySms(greeting(lead.name), lead.businessName);
}

const HELD_MESSAGES: Record<Exclude<AutoReplyHeld, 'daily_limit'>, string> = {
  used_form: LEAD_FORM_MESSAGES.usedForm,
  repeat_recipient: LEAD_FORM_MESSAGES.repeatRecipient,
  challenge_unavailable: LEAD_FORM_MESSAGES.challengeUnavailable,
};
const heldMessage = ({ held, limit }: SpeedToLead['reply']) =>
  held === 'daily_limit' ? LEAD_FORM_MESSAGES.dailyLimit(limit) : held ? HELD_MESSAGES[held] : null;

async function textReply(deps: SpeedToLeadDeps, lead: SpeedToLead): Promise<SmsReply> {
  const to = toE164(lead.phone);
  if (!to) return 'no_phone';
  const sender = await smsSender(deps, lead.tenantId);
  if (!sender) return 'sms_not_set_up';
  if (!lead.reply.sms) return 'held';
  const customer = { name: lead.name, phone: to, email: lead.email, leadId: lead.leadId };
  const body = autoReplySms(lead);
  const logged = { direction: 'out', channel: 'sms', kind: 'speed_to_lead', body } as const;
  // The business's STOP list (conversations) holds for every text, automatic or typed.
  if (await isTextOptedOut(deps.db, lead.tenantId, to)) {
    await logMessage(deps.db, lead.tenantId, customer, { ...logged, status: 'opted_out' });
    return 'opted_out';
  }
  // Quiet hours (decision 031): the text waits in the thread and the send job texts it when they end.
  const at = await quietHoursEnd(deps.db, lead.tenantId, deps.now?.() ?? new Date());
  if (at) {
    await queueAutomaticText(deps, lead.tenantId, customer, { kind: 'speed_to_lead', body, at });
    return { quietUntil: at };
  }
  try {
    const sent = await sendSms(deps.outbound, deps.twilioBaseUrl, sender, {
      to,
      from: sender.phoneNumber,
      body,
      statusCallback: `${deps.appUrl}${SMS_STATUS_PATH}`,
    });
    await logMessage(deps.db, lead.tenantId, customer, { ...logged, status: 'queued', providerSid: sent.sid });
    return 'sent';
  } catch (err) {
    if (!(err instanceof SmsError)) throw err;
    // Twilio keeps the STOP list per sender too; a customer who opted out is simply not texted.
    if (err.code === TWILIO_OPTED_OUT) {
      await addTextOptOut(deps.db, lead.tenantId, to, 'twilio_21610');
      await logMessage(deps.db, lead.tenantId, customer, { ...logged, status: 'opted_out', error: err.message });
      return 'opted_out';
    }
    if (!err.transient)
      await logMessage(deps.db, lead.tenantId, customer, { ...logged, status: 'failed', error: err.message });
    return { failed: err.message, transient: err.transient };
  }
}

/** The form's message in the customer's thread, before our reply. */
async function logFormMessage(deps: SpeedToLeadDeps, lead: SpeedToLead) {
  const customer = { name: lead.name, phone: toE164(lead.phone), email: lead.email, leadId: lead.leadId };
  if (!customer.phone && !customer.email) return;
  await logMessage(deps.db, lead.tenantId, customer, {
    direction: 'in',
    channel: 'form',
    kind: 'form',
    body: `Asked about ${lead.service} in ${lead.location} on your page "${lead.pageTitle}".`,
    status: 'received',
    // One form message per lead, however often the job is retried.
    providerSid: `form:${lead.leadId}`,
  });
}

/** The emailed answer, recorded in the customer's thread, with the thread's reply address when inbound email is set up. */
async function emailReply(deps: SpeedToLeadDeps, lead: SpeedToLead, to: string): Promise<boolean> {
  const customer = { name: lead.name, phone: toE164(lead.phone), email: to, leadId: lead.leadId };
  const thread = deps.inboundEmailDomain ? await threadFor(deps.db, lead.tenantId, customer) : undefined;
  const replyTo = thread ? await replyAddress(deps.db, thread, deps.inboundEmailDomain!) : undefined;
  const hi = greeting(lead.name);
  const body = LEAD_FORM_MESSAGES.autoReplyEmail(lead.businessName);
  const sent = await deps.mailer.send({
    to,
    ...(replyTo ? { replyTo } : {}),
    subject: LEAD_FORM_MESSAGES.autoReplySubject(lead.businessName),
    text: `Hi ${hi},\n\n${body}\n\n${lead.businessName}`,
    html: `<p>Hi ${esc(hi)},</p><p>${esc(body)}</p><p>${esc(lead.businessName)}</p>`,
    type: 'lead_auto_reply',
    tenantId: lead.tenantId,
  });
  const emailed = sent.delivered || deps.mailer.mode === 'outbox';
  await logMessage(deps.db, lead.tenantId, customer, {
    direction: 'out',
    channel: 'email',
    kind: 'speed_to_lead',
    body: `Hi ${hi}, ${body}`,
    status: emailed ? 'sent' : 'failed',
    ...(emailed ? {} : { error: 'The email could not be sent.' }),
    // One per lead, however often the job is retried.
    providerSid: `auto-email:${lead.leadId}`,
  });
  return emailed;
}

/**
 * Speed to lead: the customer's auto-reply in the business's name, by text when they gave a
 * mobile number and the business has Twilio (Settings → SMS) and by email when they gave one,
 * then the owners' notification (which says how the customer was answered). Sent by the job
 * the form enqueues; answers the milliseconds from the form's submission until the reply had gone out.
 */
export async function sendSpeedToLead(
  deps: SpeedToLeadDeps,
  lead: SpeedToLead,
): Promise<{ replied: boolean; sms: SmsReply; notified: number; elapsedMs: number }> {
  await logFormMessage(deps, lead);
  const sms = await textReply(deps, lead);
  // Twilio busy or unreachable and no email to fall back on: the job retries (nothing has gone out yet).
  if (typeof sms === 'object' && 'failed' in sms && sms.transient && !lead.email)
    throw new Error(`Twilio unavailable: ${sms.failed}`);
  const emailed = lead.email && lead.reply.email ? await emailReply(deps, lead, lead.email) : false;
  // The customer's answer is out (or could not be sent): the owner's notice is not part of the figure.
  const elapsedMs = Date.now() - lead.submittedAt;
  const answered = [sms === 'sent' ? 'by text' : null, emailed ? 'by email' : null].filter(Boolean).join(' and ');
  const held = heldMessage(lead.reply);
  const quiet = typeof sms === 'object' && 'quietUntil' in sms ? sms.quietUntil : null;
  const howAnswered = answered
    ? `We answered them ${answered} in your business's name.${quiet ? ' Their text waits for your quiet hours to end.' : ''}`
    : held
      ? held
      : quiet
        ? 'It is within your quiet hours for texts: we text them your answer when they end.'
        : typeof sms === 'object' && 'failed' in sms
          ? `We could not text them an answer: ${sms.failed}`
          : sms === 'sms_not_set_up' && !lead.email
            ? 'They left only a phone number; set up texting in Settings → SMS so they get an answer at once.'
            : 'They have not been answered yet.';
  const reach = [lead.phone, lead.email].filter(Boolean).join(', ');
  const link = `${deps.appUrl}/leads`;
  const admins = await businessAdmins(deps.db, lead.tenantId);
  for (const admin of admins) {
    await deps.mailer.send({
      to: admin.email,
      subject: `New lead: ${lead.name} (${lead.service})`,
      text: `${lead.name} asked about ${lead.service} in ${lead.location} on your page "${lead.pageTitle}". Reach them at ${reach}.\n${howAnswered}\n\nOpen your leads: ${link}`,
      html: `<p>${esc(lead.name)} asked about ${esc(lead.service)} in ${esc(lead.location)} on your page “${esc(lead.pageTitle)}”. Reach them at ${esc(reach)}.</p><p>${esc(howAnswered)}</p><p><a href="${esc(link)}">Open your leads</a></p>`,
      type: 'lead_notification',
      userId: admin.userId,
      tenantId: lead.tenantId,
    });
  }
  if (lead.reply.held === 'daily_limit' && (await ownerToBeTold(deps, lead.tenantId, lead.reply.day)))
    await tellLimitReached(deps, lead, admins);
  return { replied: sms === 'sent' || emailed, sms, notified: admins.length, elapsedMs };
}

/** Once a day at most: the owners hear that the day's automatic replies are used up. */
async function tellLimitReached(deps: SpeedToLeadDeps, lead: SpeedToLead, admins: { userId: string; email: string }[]) {
  const link = `${deps.appUrl}/settings?tab=lead-form`;
  const text = LEAD_FORM_MESSAGES.limitBody(lead.reply.limit, link);
  for (const admin of admins)
    await deps.mailer.send({
      to: admin.email,
      subject: LEAD_FORM_MESSAGES.limitSubject,
      text,
      html: `<p>${esc(text)}</p>`,
      type: 'lead_auto_reply_limit',
      userId: admin.userId,
      tenantId: lead.tenantId,
    });
}
