import type { TConnectionTestResult } from '#shared/schemas/settings.ts';
import { OutboundError, type Outbound } from '#server/security/ssrf-guard.ts';
import { basicAuth, safeText, unreachable } from '../http-helpers.ts';

/** Twilio REST API; base URL from TWILIO_API_BASE_URL so tests can use a fake. */
export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

export const TWILIO_MESSAGES = {
  connected: (name: string) => `Connected to Twilio account ${name}`,
  inactive: (status: string) =>
    `This Twilio account is ${status}. Reactivate it in the Twilio console to send messages.`,
  wrongCredentials: 'Wrong Account SID or Auth Token.',
  testCredentials:
    "Twilio refused the account lookup. Test credentials can't be checked this way; use your live Account SID and Auth Token.",
  notFound: 'Twilio has no account with this Account SID.',
  busy: 'Twilio is busy right now (too many requests). Try again in a minute.',
  failed: (status: number) => `Twilio answered with an error (HTTP ${status}). Try again later.`,
} as const;

interface TwilioAccount {
  sid: string;
  friendly_name?: string;
  status?: string;
}

/** GET /2010-04-01/Accounts/{Sid}.json. The answer also holds the auth token: it is read for the name and status only. */
export async function testTwilioConnection(
  outbound: Outbound,
  baseUrl: string,
  creds: TwilioCredentials,
): Promise<TConnectionTestResult> {
  try {
    const res = await outbound.fetch(`${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}.json`, {
      headers: { authorization: basicAuth(creds.accountSid, creds.authToken) },
    });
    const body = res.json() as Partial<TwilioAccount> | undefined;
    if (res.status === 200 && typeof body?.sid === 'string') {
      const status = body.status ?? 'active';
      if (status !== 'active') return { ok: false, message: TWILIO_MESSAGES.inactive(safeText(status, 20)) };
      return { ok: true, message: TWILIO_MESSAGES.connected(safeText(body.friendly_name || body.sid)) };
    }
    if (res.status === 401) return { ok: false, message: TWILIO_MESSAGES.wrongCredentials };
    if (res.status === 403) return { ok: false, message: TWILIO_MESSAGES.testCredentials };
    if (res.status === 404) return { ok: false, message: TWILIO_MESSAGES.notFound };
    if (res.status === 429) return { ok: false, message: TWILIO_MESSAGES.busy };
    return { ok: false, message: TWILIO_MESSAGES.failed(res.status) };
  } catch (err) {
    if (err instanceof OutboundError) return { ok: false, message: unreachable(err, 'Twilio') };
    throw err;
  }
}
