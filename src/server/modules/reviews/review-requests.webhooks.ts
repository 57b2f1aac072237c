import { SMS_STATUSES, type TSmsStatus } from '#shared/schemas/review-requests.ts';
import { AppError } from '#server/errors.ts';
import { TWILIO_OPTED_OUT, validTwilioSignature } from '#server/integrations/twilio/twilio-messages.ts';
import { smsSender, smsSendersOfAccount } from '#server/modules/settings/sms-sender.service.ts';
import { optKeyword, toE164 } from './review-request-rules.ts';
import * as repo from './review-requests.repo.ts';
import type { RequestDeps } from './review-requests.service.ts';
import { isUuid } from './reviews.service.ts';

/**
 * Twilio's webhooks for review requests, each checked against X-Twilio-Signature with the
 * business's own auth token: a text's status callback (delivery recorded on the request) and
 * an inbound text (STOP records the opt-out, START lifts it).
 */
export interface TwilioWebhook {
  /** The full URL Twilio called (our public address + the path), which the signature covers. */
  url: string;
  params: Record<string, string>;
  signature: string | undefined;
}

const refused = () => new AppError('forbidden', 'The Twilio signature does not match.');
// Statuses only move forward; a late "sent" never overwrites "delivered".
const RANK: Record<TSmsStatus, number> = {
  queued: 0,
  accepted: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
};

export async function smsStatusCallback(deps: RequestDeps, requestId: string, hook: TwilioWebhook): Promise<void> {
  // A missing request is refused like a bad signature: the answer tells nothing about which exist.
  const row = isUuid(requestId) ? await repo.findRequestAnyTenant(deps.db, requestId) : undefined;
  const sender = row ? await smsSender(deps, row.tenantId) : null;
  if (!row || !sender || !validTwilioSignature(sender.authToken, hook.url, hook.params, hook.signature))
    throw refused();
  const status = hook.params.MessageStatus ?? hook.params.SmsStatus ?? '';
  if (hook.params.MessageSid !== row.smsSid || !(SMS_STATUSES as readonly string[]).includes(status)) return;
  const next = status as TSmsStatus;
  if (row.smsStatus && RANK[next] < RANK[row.smsStatus]) return;
  const code = Number(hook.params.ErrorCode) || null;
  if (code === TWILIO_OPTED_OUT && row.phone) await repo.addOptOut(deps.db, row.tenantId, row.phone, 'twilio_21610');
  await repo.updateRequest(deps.db, row.tenantId, row.id, {
    smsStatus: next,
    ...(code ? { smsError: `Twilio could not deliver the text (error ${code}).` } : {}),
  });
}

/** An inbound text: STOP (and Twilio's other opt-out words) records the number; START removes it. */
export async function inboundSms(
  deps: RequestDeps,
  hook: TwilioWebhook,
): Promise<{ optedOut: number; optedIn: number }> {
  const accountSid = hook.params.AccountSid ?? '';
  const to = toE164(hook.params.To);
  const from = toE164(hook.params.From);
  const senders = accountSid ? await smsSendersOfAccount(deps, accountSid) : [];
  const ours = senders.filter(
    (s) => toE164(s.phoneNumber) === to && validTwilioSignature(s.authToken, hook.url, hook.params, hook.signature),
  );
  if (ours.length === 0) throw refused();
  const keyword = optKeyword(hook.params.Body ?? '');
  if (!from || !keyword) return { optedOut: 0, optedIn: 0 };
  for (const s of ours) {
    if (keyword === 'stop') await repo.addOptOut(deps.db, s.tenantId, from, 'sms_stop');
    else await repo.removeOptOut(deps.db, s.tenantId, from);
  }
  return keyword === 'stop' ? { optedOut: ours.length, optedIn: 0 } : { optedOut: 0, optedIn: ours.length };
}
