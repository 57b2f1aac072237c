import { OutboundError, type Outbound } from '#server/security/ssrf-guard.ts';

/**
 * Cloudflare Turnstile, the lead form's optional challenge. The widget script and siteverify share
 * one host (TURNSTILE_BASE_URL), so a test's fake serves both.
 */
export const TURNSTILE_SCRIPT_PATH = '/turnstile/v0/api.js';
const SITEVERIFY_PATH = '/turnstile/v0/siteverify';
/** The form field the widget fills with its token. */
export const TURNSTILE_RESPONSE_FIELD = 'cf-turnstile-response';

/** passed / failed (Turnstile said no: a bot, a stale or reused token, a wrong key) / unavailable (no answer). */
export type ChallengeOutcome = 'passed' | 'failed' | 'unavailable';

interface Siteverify {
  success?: unknown;
  'error-codes'?: unknown;
}

/**
 * POST {base}/turnstile/v0/siteverify with the secret, the widget's token and the visitor's
 * address (form-encoded), answered `{ success, error-codes, challenge_ts, hostname, … }`.
 */
export async function verifyTurnstile(
  outbound: Outbound,
  baseUrl: string,
  input: { secret: string; response: string; remoteip: string },
): Promise<{ outcome: ChallengeOutcome; errorCodes: string[] }> {
  let body: Siteverify | undefined;
  try {
    const res = await outbound.fetch(`${baseUrl}${SITEVERIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(input).toString(),
    });
    body = res.json() as Siteverify | undefined;
  } catch (err) {
    if (err instanceof OutboundError) return { outcome: 'unavailable', errorCodes: [err.kind] };
    throw err;
  }
  const errorCodes = Array.isArray(body?.['error-codes'])
    ? body['error-codes'].filter((c): c is string => typeof c === 'string').slice(0, 5)
    : [];
  if (body?.success === true) return { outcome: 'passed', errorCodes };
  // Turnstile's own trouble is not the visitor's fault: the form goes through without an auto-reply.
  if (typeof body?.success !== 'boolean' || errorCodes.includes('internal-error'))
    return { outcome: 'unavailable', errorCodes };
  return { outcome: 'failed', errorCodes };
}
