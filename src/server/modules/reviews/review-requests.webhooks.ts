import { SMS_STATUSES, type TSmsStatus } from '#shared/schemas/review-requests.ts';
import { AppError } from '#server/errors.ts';
import { TWILIO_OPTED_OUT, validTwilioSignature } from '#server/integrations/twilio/twilio-messages.ts';
import { deliveryStatusBySid } from '#server/modules/conversations/conversation-log.ts';
import { addTextOptOut } from '#server/modules/conversations/sms-opt-outs.ts';
import { smsSender } from '#server/modules/settings/sms-sender.service.ts';
import * as repo from './review-requests.repo.ts';
import type { RequestDeps } from './review-requests.service.ts';
import { isUuid } from './reviews.service.ts';

/**
 * Twilio's status callback of a review request's text, checked against X-Twilio-Signature with
 * the business's own auth token: the delivery is recorded on the request and on its message in
 * the customer's thread. Inbound texts (STOP, START) go to conversations/twilio-inbound.ts.
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
  if (code === TWILIO_OPTED_OUT && row.phone) await addTextOptOut(deps.db, row.tenantId, row.phone, 'twilio_21610');
  // The same status on the request's message in the customer's thread.
  await deliveryStatusBySid(deps.db, row.tenantId, row.smsSid, next, code);
  await repo.updateRequest(deps.db, row.tenantId, row.id, {
    smsStatus: next,
    ...(code ? { smsError: `Twilio could not deliver the text (error ${code}).` } : {}),
  });
}
