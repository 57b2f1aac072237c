import {
  DEFAULT_REQUEST_SETTINGS,
  REQUEST_COOLDOWN_DAYS,
  type TEmailStatus,
  type TRequestFunnel,
  type TRequestSettings,
  type TRequestTrigger,
  type TReviewRequest,
  type TReviewRequestList,
  type TSmsStatus,
  SMS_STATUSES,
} from '#shared/schemas/review-requests.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { reviewRequestMail } from '#server/mail/templates.ts';
import { SmsError, TWILIO_OPTED_OUT, sendSms } from '#server/integrations/twilio/twilio-messages.ts';
import { clickCounts, createTrackedLink } from '#server/modules/links/links.service.ts';
import { mailBrand } from '#server/modules/settings/branding.service.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { smsSender } from '#server/modules/settings/sms-sender.service.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createOutbound, type Outbound } from '#server/security/ssrf-guard.ts';
import type { AppServices } from '#server/services.ts';
import { firstNameOf, inSendWindow, nextSendTime, requestSms, toE164, writeReviewUrl } from './review-request-rules.ts';
import * as repo from './review-requests.repo.ts';
import { unsubscribeUrl } from './review-unsubscribe.ts';
import { findBusiness } from './reviews.repo.ts';

/**
 * Review requests after a job: a converted lead (or Request a review) becomes a request, sent
 * by a job after the business's delay, inside 9 am – 8 pm in its time zone, by text (Twilio,
 * Settings → SMS) and/or email, with a tracked link to its Google review page. One request per
 * customer per 90 days; a number that replied STOP is never texted, and an address that
 * unsubscribed (the email's link or List-Unsubscribe) is never mailed.
 */
export interface RequestDeps {
  db: Db;
  box: SecretBox;
  outbound: Outbound;
  twilioBaseUrl: string;
  mailer: Mailer;
  jobs: Pick<Jobs, 'enqueue'>;
  appUrl: string;
}

export function requestDeps(services: AppServices): RequestDeps {
  return {
    db: services.database.db,
    box: services.secretBox,
    outbound: createOutbound({ allow: services.config.outboundAllow }),
    twilioBaseUrl: services.config.twilioBaseUrl,
    mailer: services.mailer,
    jobs: services.jobs,
    // Read when used: main.ts puts the real port into appUrl only after listening.
    get appUrl() {
      return services.config.appUrl;
    },
  };
}

export const LEAD_CONVERTED_JOB = 'reviews.lead-converted';
export const SEND_REQUEST_JOB = 'reviews.send-request';
export const SWEEP_STUCK_JOB = 'reviews.sweep-stuck-requests';
/** The send job's expireInSeconds (reviews.jobs.ts): one run texts and mails well within it. */
export const SEND_JOB_EXPIRE_S = 300;
/** A request still "sending" after this was interrupted (twice the job's expiry, so a slow run is never cut off). */
export const STALE_SENDING_MS = 2 * SEND_JOB_EXPIRE_S * 1000;
/** What the owner reads on an interrupted send: it may have gone out, so it is never sent again blindly. */
export const INTERRUPTED_REASON =
  'Sending was interrupted, so we cannot tell whether the text or email reached the customer. Check with them before asking again; to send a new request, use Request a review.';
const COOLDOWN_MS = REQUEST_COOLDOWN_DAYS * 86_400_000;
const LIST_MAX = 50;

export interface ConvertedLead {
  tenantId: string;
  leadId: string;
  name: string;
  phone: string | null;
  email: string | null;
}

/** The leads area calls this when a lead is marked converted: the rest happens in the background. */
export async function afterLeadConverted(jobs: Pick<Jobs, 'enqueue'>, lead: ConvertedLead): Promise<void> {
  await jobs.enqueue(LEAD_CONVERTED_JOB, lead);
}

export async function requestSettings(deps: Pick<RequestDeps, 'db'>, tenantId: string): Promise<TRequestSettings> {
  const row = await repo.findSettings(deps.db, tenantId);
  return row ? { autoSend: row.autoSend, delayHours: row.delayHours, channel: row.channel } : DEFAULT_REQUEST_SETTINGS;
}

export async function saveRequestSettings(
  deps: Pick<RequestDeps, 'db'>,
  auth: AuthContext,
  input: TRequestSettings,
): Promise<TRequestSettings> {
  await repo.saveSettings(deps.db, auth.tenantId, input);
  return requestSettings(deps, auth.tenantId);
}

const dayOf = (d: Date, timeZone: string) =>
  d.toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });

interface Customer {
  leadId: string | null;
  customerName: string;
  phone: string | null;
  email: string | null;
}

/** Why no request may go to this customer now, in the owner's words; null when one may. */
async function refusal(
  deps: Pick<RequestDeps, 'db'>,
  tenantId: string,
  who: Customer,
  timeZone: string,
  now: Date,
  exceptId?: string,
): Promise<string | null> {
  const business = await findBusiness(deps.db, tenantId);
  if (!business || business.placeId.startsWith('demo-'))
    return 'Choose your business on the Reviews page first, so the request can link to your Google reviews.';
  if (!who.phone && !who.email) return 'There is no phone number or email address to send it to.';
  if (who.phone && (await repo.isOptedOut(deps.db, tenantId, who.phone)))
    return `${who.customerName} replied STOP to a text from you, so no review request is sent.`;
  if (!who.phone && who.email && (await repo.isEmailOptedOut(deps.db, tenantId, who.email)))
    return `${who.customerName} unsubscribed from your review request emails, so no review request is sent.`;
  const recent = await repo.recentRequestTo(deps.db, tenantId, who, new Date(now.getTime() - COOLDOWN_MS), exceptId);
  if (recent) {
    const when = dayOf(recent.sentAt ?? recent.scheduledFor, timeZone);
    return `${who.customerName} was already asked for a review (${when}); one request per customer every ${REQUEST_COOLDOWN_DAYS} days.`;
  }
  return null;
}

/** Records a request (scheduled, or skipped with the reason) and enqueues its sending. */
export async function scheduleRequest(
  deps: Pick<RequestDeps, 'db' | 'jobs'>,
  tenantId: string,
  input: Customer & { trigger: TRequestTrigger; delayHours: number },
  now = new Date(),
): Promise<repo.RequestRow> {
  const timeZone = await tenantTimezone(deps, tenantId);
  const who: Customer = {
    leadId: input.leadId,
    customerName: input.customerName,
    phone: toE164(input.phone),
    email: input.email?.trim().toLowerCase() || null,
  };
  const scheduledFor = nextSendTime(new Date(now.getTime() + input.delayHours * 3_600_000), timeZone);
  const reason = await refusal(deps, tenantId, who, timeZone, now);
  const row = await repo.insertRequest(deps.db, tenantId, {
    ...who,
    trigger: input.trigger,
    status: reason ? 'skipped' : 'scheduled',
    reason,
    scheduledFor,
  });
  if (!reason) await enqueueSend(deps, tenantId, row.id, scheduledFor);
  return row;
}

async function enqueueSend(deps: Pick<RequestDeps, 'jobs'>, tenantId: string, requestId: string, at: Date) {
  await deps.jobs.enqueue(
    SEND_REQUEST_JOB,
    { tenantId, requestId },
    { key: `${requestId}:${at.toISOString()}`, startAfter: at },
  );
}

/** The job after a conversion: a request when the business sends them automatically. */
export async function requestAfterConversion(deps: RequestDeps, lead: ConvertedLead, now = new Date()) {
  const settings = await requestSettings(deps, lead.tenantId);
  if (!settings.autoSend) return undefined;
  return scheduleRequest(
    deps,
    lead.tenantId,
    {
      leadId: lead.leadId,
      customerName: lead.name,
      phone: lead.phone,
      email: lead.email,
      trigger: 'auto',
      delayHours: settings.delayHours,
    },
    now,
  );
}

/** Request a review (by hand): no delay, the same rules and window. */
export async function requestReview(
  deps: RequestDeps,
  auth: AuthContext,
  input: { customerName: string; phone: string | null; email: string | null },
): Promise<TReviewRequest> {
  const row = await scheduleRequest(deps, auth.tenantId, { ...input, leadId: null, trigger: 'manual', delayHours: 0 });
  return toRequest(row, 0);
}

// Sending ------------------------------------------------------------------------------------

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
    targetUrl: writeReviewUrl(business!.placeId),
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
    try {
      const sent = await sendSms(deps.outbound, deps.twilioBaseUrl, sender, {
        to: row.phone!,
        from: sender.phoneNumber,
        body: requestSms({ customerName: row.customerName, businessName: business!.name, url: link.url }),
        statusCallback: `${deps.appUrl}/api/reviews/requests/${row.id}/sms-status`,
      });
      outcome.sms = { sid: sent.sid, status: smsStatusOf(sent.status) };
    } catch (err) {
      if (!(err instanceof SmsError)) throw err;
      if (err.code === TWILIO_OPTED_OUT) await repo.addOptOut(deps.db, tenantId, row.phone!, 'twilio_21610');
      outcome.sms = { error: err.message, transient: err.transient };
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

// The screen and the funnel --------------------------------------------------------------------

function toRequest(row: repo.RequestRow, clicks: number): TReviewRequest {
  return {
    id: row.id,
    customerName: row.customerName,
    phone: row.phone,
    email: row.email,
    trigger: row.trigger,
    status: row.status,
    reason: row.reason,
    scheduledFor: row.scheduledFor.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    smsStatus: row.smsStatus,
    emailStatus: row.emailStatus,
    clicks,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Requests sent → clicked (opened the review link at least once) → new reviews, over the last `days` days. */
export async function requestFunnel(
  deps: Pick<RequestDeps, 'db'>,
  tenantId: string,
  days: number,
  now = new Date(),
): Promise<TRequestFunnel> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const [sentIds, clicks, google] = await Promise.all([
    repo.sentSince(deps.db, tenantId, since),
    clickCounts(deps, tenantId, { source: 'review_request', since }),
    repo.countReviewsSince(deps.db, tenantId, 'google', new Date(0)),
  ]);
  const clickedIds = new Set(clicks.filter((c) => c.clicks > 0).map((c) => c.sourceId));
  // The synced Business Profile holds every review; without it, the reviews Places gave.
  const platform = google > 0 ? 'google' : 'google_places';
  return {
    days,
    sent: sentIds.length,
    clicked: sentIds.filter((id) => clickedIds.has(id)).length,
    newReviews: await repo.countReviewsSince(deps.db, tenantId, platform, since),
  };
}

export async function listRequestsView(
  deps: RequestDeps,
  auth: AuthContext,
  days: number,
): Promise<TReviewRequestList> {
  const [rows, clicks, funnel, settings, business, sender, timezone] = await Promise.all([
    repo.listRequests(deps.db, auth.tenantId, LIST_MAX),
    clickCounts(deps, auth.tenantId, { source: 'review_request' }),
    requestFunnel(deps, auth.tenantId, days),
    requestSettings(deps, auth.tenantId),
    findBusiness(deps.db, auth.tenantId),
    smsSender(deps, auth.tenantId),
    tenantTimezone(deps, auth.tenantId),
  ]);
  const byRequest = new Map(clicks.map((c) => [c.sourceId, c.clicks]));
  return {
    requests: rows.map((r) => toRequest(r, byRequest.get(r.id) ?? 0)),
    funnel,
    settings,
    ready: { reviewLink: !!business && !business.placeId.startsWith('demo-'), sms: sender !== null },
    timezone,
  };
}
