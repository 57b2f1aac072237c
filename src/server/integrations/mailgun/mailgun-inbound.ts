import { createHmac, timingSafeEqual } from 'node:crypto';

// Mailgun's inbound routes (documentation.mailgun.com, "Receiving Messages via HTTP through a
// forward() action" and "Securing Webhooks"): a route whose forward() URL ends in "mime" posts the
// message as it arrived in `body-mime`, with `recipient`, `sender`, `from`, `subject` and the
// signature fields `timestamp` (Unix seconds), `token` (50 random characters) and `signature`
// (hex HMAC-SHA256 of timestamp + token, keyed by the domain's webhook signing key). The body is
// application/x-www-form-urlencoded, or multipart/form-data when the message has attachments.

/** The path's last part must be "mime" for Mailgun to post raw MIME instead of its parsed fields. */
export const MAILGUN_MIME_PATH = '/api/webhooks/mailgun/mime';

/** A signature older (or further ahead) than this is refused: a captured post cannot be replayed later. */
const MAX_SKEW_SECONDS = 15 * 60;

export function mailgunSignature(signingKey: string, timestamp: string, token: string): string {
  return createHmac('sha256', signingKey).update(`${timestamp}${token}`).digest('hex');
}

export function validMailgunSignature(
  signingKey: string,
  fields: { timestamp?: string; token?: string; signature?: string },
  now = Date.now(),
): boolean {
  const { timestamp, token, signature } = fields;
  if (!signingKey || !timestamp || !token || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  const expected = Buffer.from(mailgunSignature(signingKey, timestamp, token));
  const given = Buffer.from(signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
