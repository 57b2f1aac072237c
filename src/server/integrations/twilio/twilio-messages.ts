import { createHmac, timingSafeEqual } from 'node:crypto';
import { OutboundError, type Outbound } from '#server/security/ssrf-guard.ts';
import { basicAuth, safeText, unreachable } from '../http-helpers.ts';
import type { TwilioCredentials } from './twilio-client.ts';

/**
 * Twilio Messages API: POST /2010-04-01/Accounts/{Sid}/Messages.json (form-encoded To, From,
 * Body, StatusCallback) → 201 { sid, status }, and the signature Twilio puts on its webhooks.
 */
export interface SmsMessage {
  to: string;
  from: string;
  body: string;
  /** Where Twilio posts the message's later statuses (sent, delivered, undelivered, failed). */
  statusCallback?: string;
}

/** Twilio's error code when the recipient replied STOP to this sender. */
export const TWILIO_OPTED_OUT = 21610;

/** A message Twilio did not accept; `message` is plain English for the owner. */
export class SmsError extends Error {
  constructor(
    message: string,
    /** Twilio's error code (21211 invalid To, 21610 opted out, …), when it gave one. */
    public readonly code: number | null,
    /** A retry may succeed (busy, unreachable, 5xx). */
    public readonly transient: boolean,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

const KNOWN: Record<number, string> = {
  20003: 'Twilio refused the Account SID or Auth Token. Check Settings → SMS.',
  21211: 'The phone number is not a valid mobile number.',
  21212: 'The Twilio phone number in Settings → SMS is not valid.',
  21606: 'The Twilio phone number in Settings → SMS cannot send text messages.',
  21608: 'This Twilio trial account can only text verified numbers.',
  21610: 'This customer replied STOP, so they cannot be texted.',
  21614: 'The phone number is not a mobile number, so it cannot receive texts.',
};

export async function sendSms(
  outbound: Outbound,
  baseUrl: string,
  creds: TwilioCredentials,
  message: SmsMessage,
): Promise<{ sid: string; status: string }> {
  const form = new URLSearchParams({ To: message.to, From: message.from, Body: message.body });
  if (message.statusCallback) form.set('StatusCallback', message.statusCallback);
  let res;
  try {
    res = await outbound.fetch(`${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: basicAuth(creds.accountSid, creds.authToken),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    });
  } catch (err) {
    if (err instanceof OutboundError) throw new SmsError(unreachable(err, 'Twilio'), null, true);
    throw err;
  }
  const body = res.json() as { sid?: unknown; status?: unknown; code?: unknown; message?: unknown } | undefined;
  if ((res.status === 200 || res.status === 201) && typeof body?.sid === 'string') {
    return { sid: body.sid, status: typeof body.status === 'string' ? body.status : 'queued' };
  }
  const code = typeof body?.code === 'number' ? body.code : null;
  const transient = res.status === 429 || res.status >= 500;
  const text =
    (code !== null ? KNOWN[code] : undefined) ??
    (transient
      ? `Twilio is busy or unavailable (HTTP ${res.status}); it will be tried again.`
      : `Twilio refused the message${typeof body?.message === 'string' ? `: ${safeText(body.message, 160)}` : ` (HTTP ${res.status})`}.`);
  throw new SmsError(text, code, transient);
}

/**
 * X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, of the full URL Twilio
 * called followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
