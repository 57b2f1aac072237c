import { SMS_STATUSES, type TEmailStatus, type TSmsStatus } from '#shared/schemas/review-requests.ts';
import { reviewRequestMail } from '#server/mail/templates.ts';
import { SmsError, TWILIO_OPTED_OUT, sendSms } from '#server/integrations/twilio/twilio-messages.ts';
import { logMessage } from '#server/modules/conversations/conversation-log.ts';
import { addTextOptOut } from '#server/modules/conversations/sms-opt-outs.ts';
import { createTrackedLink } from '#server/modules/links/links.service.ts';
import { mailBrand } from '#server/modules/settings/branding.service.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { smsSender } from '#server/modules/settings/sms-sender.service.ts';
import { firstNameOf, inSendWindow, nextSendTime, requestSms, writeReviewUrl } from './review-request-rules.ts';
import * as repo from './review-requests.repo.ts';
import {
  enqueueSend,
  INTERRUPTED_REASON,
  refusal,
  requestSettings,
  STALE_SENDING_MS,
  type RequestDeps,
} from './review-requests.service.ts';
import { unsubscribeUrl } from './review-unsubscribe.ts';
import { findBusiness } from './reviews.repo.ts';

// Sending a review request (the send job) and the sweep of sends that were cut off. The request
// itself, its rules and its schedule are in review-requests.service.ts.

type Outcome = {
  sms: { sid: string; status: TSmsStatus } | { error: string; transient: boolean } | null;
  email: TEmailStatus | null;
};

const smsStatusOf = (s: string): TSmsStatus =>
  (SMS_STATUSES as readonly string[]).includes(s) ? (s as TSmsStatus) : 'queued';

/** The send job: deferred to the next window start outside 9 am – 8 pm; rules checked again; then text and/or email. */
export async function sendRequest(
  deps: RequestDeps,
  tenantId: string,
  requestId: string,
  now = new Date(),
): Promise<void> {
  const row = await repo.findRequest(deps.db, tenantId, requestId);
  // A retry that finds its request still "sending" long after the claim: the run that claimed it
  // died mid-send. The text may have gone out, so it is marked failed, not sent again.
  if (row?.status === 'sending' && now.getTime() - row.updatedAt.getTime() > STALE_SENDING_MS) {
    await repo.moveRequest(deps.db, tenantId, row.id, 'sending', { status: 'failed', reason: INTERRUPTED_REASON });
    return;
  }
  if (row?.status !== 'scheduled') return;
  const timeZone = await tenantTimezone(deps, tenantId);
  if (!inSendWindow(now, timeZone)) {
    const next = nextSendTime(now, timeZone);
    await repo.updateRequest(deps.db, tenantId, row.id, { scheduledFor: next });
    await enqueueSend(deps, tenantId, row.id, next);
    return;
  }
  // One process sends it: the move to 'sending' is the claim (a crash afterwards never texts twice).
  const claimed = await repo.moveRequest(deps.db, tenantId, row.id, 'scheduled', { status: 'sending' });
  if (!claimed) return;
  const reason = await refusal(deps, tenantId, row, timeZone, now, row.id);
  if (reason) {
    await repo.updateRequest(deps.db, tenantId, row.id, { status: 'skipped', reason });
    return;
  }

  const [business, settings, sender] = await Promise.all([
    findBusiness(deps.db, tenantId),
    requestSettings(deps, tenantId),
    smsSender(deps, tenantId),
  ]);
  const link = await createTrackedLink(deps, tenantId, {
    // A finished job's request opens its own page (the consent question beside the review link).
    targetUrl: row.landingUrl ?? writeReviewUrl(business!.placeId),
    source: 'review_request',
    sourceId: row.id,
  });
  const pref = settings.channel;
  // An address that unsubscribed is never mailed, whatever the channel choice.
  const unsubscribed = row.email !== null && (await repo.isEmailOptedOut(deps.db, tenantId, row.email));
  const email = unsubscribed ? null : row.email;
  const textIt = pref !== 'email' && row.phone !== null && sender !== null;
  const mailIt = email !== null && (pref === 'email' || pref === 'both' || (pref === 'sms_then_email' && !textIt));
  const outcome: Outcome = { sms: null, email: null };

  if (textIt) {
    const body = requestSms({ customerName: row.customerName, businessName: business!.name, url: link.url });
    const customer = { name: row.customerName, phone: row.phone, email: row.email, leadId: row.leadId };
    const logged = { direction: 'out', channel: 'sms', kind: 'review_request', body } as const;
    try {
      const sent = await sendSms(deps.outbound, deps.twilioBaseUrl, sender, {
        to: row.phone!,
        from: sender.phoneNumber,
        body,
        statusCallback: `${deps.appUrl}/api/reviews/requests/${row.id}/sms-status`,
      });
      outcome.sms = { sid: sent.sid, status: smsStatusOf(sent.status) };
      const status = outcome.sms.status === 'accepted' ? 'queued' : outcome.sms.status;
      await logMessage(deps.db, tenantId, customer, { ...logged, status, providerSid: sent.sid });
    } catch (err) {
      if (!(err instanceof SmsError)) throw err;
      const optedOut = err.code === TWILIO_OPTED_OUT;
      if (optedOut) await addTextOptOut(deps.db, tenantId, row.phone!, 'twilio_21610');
      outcome.sms = { error: err.message, transient: err.transient };
      if (!err.transient)
        await logMessage(deps.db, tenantId, customer, {
          ...logged,
          status: optedOut ? 'opted_out' : 'failed',
          error: err.message,
        });
    }
  }
  if (mailIt) {
    const brand = { ...(await mailBrand(deps, tenantId)), name: business!.name };
    const unsubscribe = unsubscribeUrl(deps.appUrl, deps.box, tenantId, email);
    const mail = reviewRequestMail(
      {
        customerFirstName: firstNameOf(row.customerName),
        businessName: business!.name,
        url: link.url,
        unsubscribeUrl: unsubscribe,
      },
      brand,
    );
    const { delivered } = await deps.mailer.send({
      ...mail,
      to: email,
      type: 'review_request',
      tenantId,
      // RFC 2369 and RFC 8058: the mail client's own Unsubscribe button, one click, no page.
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    outcome.email = deps.mailer.mode === 'outbox' ? 'outbox' : delivered ? 'sent' : 'failed';
  }
  const plan = { textIt, mailIt, pref, hasPhone: row.phone !== null, unsubscribed };
  await record(deps, tenantId, row.id, link.id, outcome, plan, now);
}

async function record(
  deps: RequestDeps,
  tenantId: string,
  id: string,
  linkId: string,
  outcome: Outcome,
  plan: { textIt: boolean; mailIt: boolean; pref: string; hasPhone: boolean; unsubscribed: boolean },
  now: Date,
) {
  const sms = outcome.sms;
  const smsOk = sms !== null && 'sid' in sms;
  const emailOk = outcome.email === 'sent' || outcome.email === 'outbox';
  // Twilio busy or unreachable and nothing else went out: back to scheduled, and the job retries.
  if (sms && 'error' in sms && sms.transient && !emailOk) {
    await repo.updateRequest(deps.db, tenantId, id, { status: 'scheduled', smsError: sms.error });
    throw new Error(`Twilio unavailable: ${sms.error}`);
  }
  const why: string[] = [];
  if (sms && 'error' in sms) why.push(sms.error);
  if (outcome.email === 'failed') why.push('The email could not be sent.');
  if (!plan.textIt && !plan.mailIt)
    why.push(
      plan.unsubscribed
        ? 'This customer unsubscribed from your review request emails, and no text could be sent instead.'
        : plan.pref === 'email'
          ? 'There is no email address, and requests are set to email only.'
          : plan.hasPhone
            ? 'Text messages are not set up (Settings → SMS) and there is no email address.'
            : 'There is no mobile number, and requests are set to text message only.',
    );
  await repo.updateRequest(deps.db, tenantId, id, {
    status: smsOk || emailOk ? 'sent' : 'failed',
    reason: why.length ? why.join(' ') : null,
    sentAt: smsOk || emailOk ? now : null,
    linkId,
    smsSid: smsOk ? sms.sid : null,
    smsStatus: smsOk ? sms.status : sms ? 'failed' : null,
    smsError: sms && 'error' in sms ? sms.error : null,
    emailStatus: outcome.email,
  });
}

/** The periodic sweep: every request stuck in "sending" past STALE_SENDING_MS is marked failed with the reason. */
export async function failStuckRequests(deps: Pick<RequestDeps, 'db'>, now = new Date()) {
  return repo.failStuckSending(deps.db, new Date(now.getTime() - STALE_SENDING_MS), INTERRUPTED_REASON);
}
