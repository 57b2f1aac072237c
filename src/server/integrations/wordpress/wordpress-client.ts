import type { TConnectionTestResult } from '#shared/schemas/settings.ts';
import { OutboundError, type Outbound, type OutboundResponse } from '#server/security/ssrf-guard.ts';
import { basicAuth, safeText, unreachable } from '../http-helpers.ts';
import { trimTrailing } from '#shared/strings.ts';

/**
 * WordPress REST API with an application password. The site URL is typed
 * by the user, so every call goes through the SSRF guard (`outbound`).
 */
export interface WordpressCredentials {
  siteUrl: string;
  username: string;
  appPassword: string;
}

export const WORDPRESS_MESSAGES = {
  wrongCredentials: 'Wrong username or application password.',
  httpHint: ' WordPress accepts application passwords only over https:// (except on a local development site).',
  appPasswordsOff: 'Application passwords are turned off on this site (a security plugin or the host can do this).',
  restDisabled:
    "The site's REST API is turned off or blocked (often by a security plugin), so Fieldwise can't publish to it.",
  notWordpress: "This doesn't look like a WordPress site: it has no WordPress REST API. Check the site address.",
  forbidden:
    'This WordPress user may not edit content through the REST API. Use an Author, Editor or Administrator account.',
  movedTo: (origin: string) =>
    `The site sends visitors on to ${origin}. Fieldwise sends the application password only to the exact address you saved, so enter ${origin} as the site address if WordPress is there.`,
  serverError: (status: number) => `The site answered with an error (HTTP ${status}). Try again later.`,
  unexpected: (code: string) => `WordPress refused the request (${code}).`,
  connected: (name: string) => `Connected as ${name}`,
  draftsOnly: (name: string) => `Connected as ${name}, but this user can only save drafts (their role can't publish).`,
} as const;

export const WRONG_CREDENTIALS = new Set([
  'incorrect_password',
  'invalid_username',
  'invalid_email',
  'rest_not_logged_in',
  'authentication_failed',
]);
export const REST_DISABLED = new Set([
  'rest_disabled',
  'rest_cannot_access',
  'rest_login_required',
  'rest_no_route',
  'rest_api_disabled',
]);
export const FORBIDDEN = new Set([
  'rest_forbidden_context',
  'rest_forbidden',
  'rest_cannot_view',
  'rest_user_cannot_view',
]);

interface WpError {
  code: string;
}
interface WpUser {
  id: number;
  name?: string;
  username?: string;
  capabilities?: Record<string, boolean>;
}

/**
 * A REST route on the site. Pretty permalinks give /wp-json/…; without them only
 * /?rest_route=/… answers, so that form is the fallback.
 */
export function restUrls(siteUrl: string, route: string, query: string): [string, string] {
  const base = trimTrailing(siteUrl, '/');
  return [`${base}/wp-json${route}?${query}`, `${base}/?rest_route=${encodeURIComponent(route)}&${query}`];
}

/**
 * The origin the site redirected to when it is not the saved one (the guard sent no password
 * there, so its answer says nothing about the password), else null.
 */
export function movedOrigin(res: OutboundResponse, siteUrl: string): string | null {
  const saved = URL.parse(siteUrl)?.origin;
  const reached = URL.parse(res.url)?.origin;
  return saved && reached && saved !== reached ? reached : null;
}

export const isWpError = (v: unknown): v is WpError =>
  typeof v === 'object' && v !== null && typeof (v as WpError).code === 'string';
const isWpUser = (v: unknown): v is WpUser =>
  typeof v === 'object' && v !== null && typeof (v as WpUser).id === 'number';
/** WordPress announces its REST API in a Link header on every page, and its pages load /wp-content/. */
export const looksLikeWordpress = (res: OutboundResponse) =>
  String(res.headers.link ?? '').includes('api.w.org') || /\/wp-(content|includes)\//.test(res.body);

/** GET /wp/v2/users/me?context=edit with the stored application password, answered in plain English. */
export async function testWordpressConnection(
  outbound: Outbound,
  creds: WordpressCredentials,
): Promise<TConnectionTestResult> {
  const headers = { authorization: basicAuth(creds.username, creds.appPassword) };
  const [pretty, plain] = restUrls(creds.siteUrl, '/wp/v2/users/me', 'context=edit');
  try {
    const first = await outbound.fetch(pretty, { headers });
    const answers = [first];
    if (first.json() === undefined && first.status < 500) answers.push(await outbound.fetch(plain, { headers }));
    const res = answers.find((r) => r.json() !== undefined);
    if (res) return judge(res, creds);
    const last = answers.at(-1) as OutboundResponse;
    if (last.status >= 500) return fail(WORDPRESS_MESSAGES.serverError(last.status));
    if (answers.some(looksLikeWordpress)) return fail(WORDPRESS_MESSAGES.restDisabled);
    // A page with neither sign may still be a WordPress with its REST API removed: look at the home page.
    const home = await outbound.fetch(creds.siteUrl, { headers: { accept: 'text/html' } });
    return fail(looksLikeWordpress(home) ? WORDPRESS_MESSAGES.restDisabled : WORDPRESS_MESSAGES.notWordpress);
  } catch (err) {
    if (err instanceof OutboundError) return fail(unreachable(err));
    throw err;
  }
}

function judge(res: OutboundResponse, creds: WordpressCredentials): TConnectionTestResult {
  const body = res.json();
  if (res.status === 200 && isWpUser(body)) {
    const name = safeText(body.name || body.username || creds.username);
    const canPublish = body.capabilities?.publish_posts !== false;
    return { ok: true, message: canPublish ? WORDPRESS_MESSAGES.connected(name) : WORDPRESS_MESSAGES.draftsOnly(name) };
  }
  const moved = movedOrigin(res, creds.siteUrl);
  if (moved) return fail(WORDPRESS_MESSAGES.movedTo(moved));
  const code = isWpError(body) ? body.code : '';
  if (WRONG_CREDENTIALS.has(code)) {
    const overHttp = creds.siteUrl.startsWith('http://');
    return fail(WORDPRESS_MESSAGES.wrongCredentials + (overHttp ? WORDPRESS_MESSAGES.httpHint : ''));
  }
  if (code === 'application_passwords_disabled') return fail(WORDPRESS_MESSAGES.appPasswordsOff);
  if (REST_DISABLED.has(code)) return fail(WORDPRESS_MESSAGES.restDisabled);
  if (FORBIDDEN.has(code)) return fail(WORDPRESS_MESSAGES.forbidden);
  if (res.status >= 500) return fail(WORDPRESS_MESSAGES.serverError(res.status));
  if (!isWpError(body)) return fail(WORDPRESS_MESSAGES.notWordpress);
  return fail(WORDPRESS_MESSAGES.unexpected(safeText(code, 60)));
}

const fail = (message: string): TConnectionTestResult => ({ ok: false, message });
