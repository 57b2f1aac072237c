import { PROVIDER_NAMES, needsReconnect, type TProblemCode, type TProvider } from '#shared/schemas/connections.ts';
import { safeText } from './http-helpers.ts';

/**
 * The one HTTP helper for the owner's account providers (Google, Meta, X, LinkedIn): OAuth
 * endpoints (through openid-client's custom fetch) and APIs alike. Timeouts, retries on 429 and
 * 5xx honouring Retry-After, and every failure as a typed ConnectionProblem in plain English.
 * Provider hosts come from config (*_BASE_URL), never from what a user typed, so no SSRF guard.
 * Nothing here logs: callers log the problem code, never a URL with a token or a body.
 */

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ProviderHttpOptions {
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  /** Extra attempts after a 429, 5xx or network failure; default 2. */
  retries?: number;
  /** Longest Retry-After we wait for inside one call; a longer one is a rate_limited problem. Default 10 s. */
  maxWaitMs?: number;
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
}

const REASONS: Record<TProblemCode, string> = {
  expired: 'the sign-in expired',
  revoked: 'the access was revoked',
  missing_permission: 'a permission is missing',
  rate_limited: 'it is limiting requests for now',
  provider_down: 'it is not answering',
};

/** A refused call whose needed permissions we know (provider-scopes.ts). */
export interface Lacking {
  needs: readonly string[];
  what: string;
}

function messageFor(provider: TProvider, code: TProblemCode, lacking?: Lacking): string {
  const name = PROVIDER_NAMES[provider];
  // Reconnecting helps only because the connect flow asks for every permission a call needs.
  if (code === 'missing_permission' && lacking?.needs.length) {
    const list = lacking.needs.map((n) => `“${n}”`).join(' and ');
    const plural = lacking.needs.length > 1 ? 'permissions' : 'permission';
    return `${name} does not let Fieldwise ${lacking.what}: it needs the ${list} ${plural}, which Fieldwise now asks for. Reconnect ${name} and allow everything it asks for.`;
  }
  switch (code) {
    case 'expired':
      return `The sign-in to ${name} expired and could not be renewed. Reconnect ${name} to pick up where you left off.`;
    case 'revoked':
      return `${name} no longer lets Fieldwise in: the access was revoked (a changed password or a removed app does this). Reconnect ${name} to restore it.`;
    case 'missing_permission':
      return `${name} refused a request because a permission is missing. Reconnect ${name} and allow everything it asks for.`;
    case 'rate_limited':
      return `${name} is limiting how often Fieldwise may call it. Nothing is lost; we will try again later.`;
    case 'provider_down':
      return `${name} is not answering right now. Nothing is lost; we will try again later.`;
  }
}

/** A provider call that failed, as the owner is told. `detail` is for logs: no tokens, bounded. */
export class ConnectionProblem extends Error {
  readonly reason: string;
  constructor(
    readonly provider: TProvider,
    readonly code: TProblemCode,
    readonly detail = '',
    readonly retryAfterSeconds?: number,
    readonly missing?: Lacking,
  ) {
    super(messageFor(provider, code, missing));
    this.name = 'ConnectionProblem';
    this.reason = REASONS[code];
  }

  /** Reconnecting fixes it (versus waiting and checking again). */
  get needsReconnect(): boolean {
    return needsReconnect(this.code);
  }

  /** A missing_permission refusal of a call whose needed permissions we know, told by name. */
  lacking(call: Lacking): ConnectionProblem {
    if (this.code !== 'missing_permission') return this;
    return new ConnectionProblem(this.provider, this.code, this.detail, this.retryAfterSeconds, call);
  }
}

export const problemReason = (code: TProblemCode) => REASONS[code];
export const problemMessage = messageFor;

/** Seconds from a Retry-After header (delta seconds or an HTTP date), or X's x-rate-limit-reset (unix seconds). */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (value) {
    if (/^\d+$/.test(value.trim())) return Number(value.trim());
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  const reset = headers.get('x-rate-limit-reset');
  if (reset && /^\d+$/.test(reset)) return Math.max(0, Number(reset) - Math.floor(now / 1000));
  return undefined;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * fetch with a timeout per attempt and retries on 429/5xx/network failure (exponential backoff,
 * or Retry-After when the provider says). Answers the last response, whatever its status;
 * throws a ConnectionProblem only when no response came at all or the wait would be too long.
 */
export async function fetchWithRetry(
  provider: TProvider,
  url: string,
  init: RequestInit,
  options: ProviderHttpOptions = {},
): Promise<Response> {
  const { timeoutMs = 10_000, retries = 2, maxWaitMs = 10_000, sleep = defaultSleep } = options;
  const doFetch = options.fetch ?? ((u: string, i: RequestInit) => fetch(u, i));
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      const signal = init.signal
        ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs);
      response = await doFetch(url, { ...init, signal });
    } catch (err) {
      if (attempt >= retries) {
        const what = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'network failure';
        throw new ConnectionProblem(provider, 'provider_down', `${what} calling ${new URL(url).host}`);
      }
      await sleep(backoff(attempt));
      continue;
    }
    if (response.status !== 429 && response.status < 500) return response;
    if (attempt >= retries) return response;
    const wait = retryAfterSeconds(response.headers);
    const waitMs = wait === undefined ? backoff(attempt) : wait * 1000;
    if (waitMs > maxWaitMs) return response;
    await response.body?.cancel();
    await sleep(waitMs);
  }
}

/** 250 ms, 500 ms, 1 s … with a little jitter. */
const backoff = (attempt: number) => 250 * 2 ** attempt + Math.floor(Math.random() * 100);

export interface ProviderCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Sent as `Authorization: Bearer …`, never in the URL. */
  token?: string;
  headers?: Record<string, string>;
  json?: unknown;
}

/** A provider API call answering its parsed JSON (or null for an empty body); any failure is a ConnectionProblem. */
export async function providerCall<T = unknown>(
  provider: TProvider,
  call: ProviderCall,
  options: ProviderHttpOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: string | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  const response = await fetchWithRetry(
    provider,
    call.url,
    { method: call.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) },
    options,
  );
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (response.ok) return parsed as T;
  throw problemFromResponse(provider, response.status, parsed, retryAfterSeconds(response.headers));
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Maps each provider's error envelope (EXTERNAL-APIS.md) to one of the five problems. */
export function problemFromResponse(
  provider: TProvider,
  status: number,
  body: unknown,
  retryAfter?: number,
): ConnectionProblem {
  const b = obj(body);
  const err = obj(b.error);
  // Google {error:{status,message}}, Meta {error:{code,error_subcode,message}}, LinkedIn {code,message},
  // X {title,detail}, OAuth {error:"invalid_grant", error_description}.
  const marker = [str(err.status), str(b.code), str(b.error), str(b.title)].join(' ');
  const detail = safeText(
    `${status} ${marker} ${str(err.message) || str(b.message) || str(b.detail) || str(b.error_description)}`.trim(),
    200,
  );
  const make = (code: TProblemCode) => new ConnectionProblem(provider, code, detail, retryAfter);

  if (provider === 'meta' && typeof err.code === 'number') {
    const code = err.code;
    const sub = typeof err.error_subcode === 'number' ? err.error_subcode : 0;
    if (code === 190) return make(sub === 463 ? 'expired' : 'revoked');
    // 9: Instagram's publishing limit (subcode 2207042, 50 posts in 24 hours), answered as a 400.
    if ([4, 9, 17, 32, 613, 80001].includes(code)) return make('rate_limited');
    if (code === 10 || (code >= 200 && code <= 299)) return make('missing_permission');
  }
  if (/invalid_grant|REVOKED_ACCESS_TOKEN/.test(marker)) return make('revoked');
  if (/EXPIRED_ACCESS_TOKEN/.test(marker)) return make('expired');
  if (status === 401) return make('expired');
  if (status === 403) return make('missing_permission');
  if (status === 429) return make('rate_limited');
  return make('provider_down');
}
