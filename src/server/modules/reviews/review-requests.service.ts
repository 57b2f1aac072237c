import {
  DEFAULT_REQUEST_SETTINGS,
  REQUEST_COOLDOWN_DAYS,
  type TRequestFunnel,
  type TRequestSettings,
  type TRequestTrigger,
  type TReviewRequest,
  type TReviewRequestList,
} from '#shared/schemas/review-requests.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { clickCounts } from '#server/modules/links/links.service.ts';
import { isTextOptedOut } from '#server/modules/conversations/sms-opt-outs.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { smsSender } from '#server/modules/settings/sms-sender.service.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createOutbound, type Outbound } from '#server/security/ssrf-guard.ts';
import type { AppServices } from '#server/services.ts';
import { nextSendTime, toE164 } from './review-request-rules.ts';
import * as repo from './review-requests.repo.ts';
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
export async function refusal(
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
  if (who.phone && (await isTextOptedOut(deps.db, tenantId, who.phone)))
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

/** Records a request (scheduled, or skipped with the reason) and enqueues its sending (review-request-send.service.ts). */
export async function scheduleRequest(
  deps: Pick<RequestDeps, 'db' | 'jobs'>,
  tenantId: string,
  input: Customer & { trigger: TRequestTrigger; delayHours: number; landingUrl?: string },
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
    landingUrl: input.landingUrl ?? null,
  });
  if (!reason) await enqueueSend(deps, tenantId, row.id, scheduledFor);
  return row;
}

export async function enqueueSend(deps: Pick<RequestDeps, 'jobs'>, tenantId: string, requestId: string, at: Date) {
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
