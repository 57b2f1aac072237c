import { PROVIDER_NAMES, type TProvider } from '#shared/schemas/connections.ts';
import { safeText } from './http-helpers.ts';
import {
  ConnectionProblem,
  fetchWithRetry,
  problemFromResponse,
  retryAfterSeconds,
  type ProviderHttpOptions,
} from './provider-http.ts';

/**
 * What the social networks' post clients (meta/, x/, linkedin/) share: one call that answers the
 * parsed body and headers, and the two kinds of failure a post can have — a ConnectionProblem
 * (token, rate limit, outage: from provider-http) or a RejectedPost (the network refused this
 * content; trying again will not help, so it is shown to the owner as the network said it).
 */
export interface PublishedPost {
  externalId: string;
  url: string | null;
}

export interface PostText {
  text: string;
  imageUrl?: string | null;
}

export class RejectedPost extends Error {
  constructor(
    readonly provider: TProvider,
    detail: string,
  ) {
    super(`${PROVIDER_NAMES[provider]} refused this post: ${safeText(detail, 300) || 'no reason given'}.`);
    this.name = 'RejectedPost';
  }
}

/**
 * A post sent without an answer (timeout, connection dropped): the network may have it. Sending
 * it again could post it twice, so this is never retried blind; the owner is asked to check.
 */
export class UncertainPost extends Error {
  constructor(
    readonly provider: TProvider,
    readonly detail: string,
  ) {
    super(`${PROVIDER_NAMES[provider]} did not answer`);
    this.name = 'UncertainPost';
  }
}

/**
 * A POST: 429 and 5xx answers (the network refused it, nothing was made) are tried again here;
 * no answer at all is an UncertainPost, never sent again.
 */
async function sendOnce(provider: TProvider, url: string, init: RequestInit, http: ProviderHttpOptions) {
  const retries = http.retries ?? 2;
  const sleep = http.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetchWithRetry(provider, url, init, { ...http, retries: 0 });
    } catch (err) {
      if (err instanceof ConnectionProblem) throw new UncertainPost(provider, err.detail);
      throw err;
    }
    if ((response.status !== 429 && response.status < 500) || attempt >= retries) return response;
    const waitMs = (retryAfterSeconds(response.headers) ?? 0.25 * 2 ** attempt) * 1000;
    if (waitMs > (http.maxWaitMs ?? 10_000)) return response;
    await response.body?.cancel();
    await sleep(waitMs);
  }
}

export interface PostCall {
  method?: 'GET' | 'POST';
  url: string;
  token: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

type Json = Record<string, unknown>;
export const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
export const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * One API call. A refusal of the content (decided by `rejection`, which reads the network's error
 * body) is a RejectedPost; any other failure is a ConnectionProblem from provider-http.
 */
export async function postCall(
  provider: TProvider,
  call: PostCall,
  http: ProviderHttpOptions,
  rejection: (status: number, body: Json) => string | null,
): Promise<{ body: Json; headers: Headers }> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${call.token}`,
    ...call.headers,
  };
  let body: string | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  }
  const method = call.method ?? 'POST';
  const init = { method, headers, ...(body === undefined ? {} : { body }) };
  const response =
    method === 'POST'
      ? await sendOnce(provider, call.url, init, http)
      : await fetchWithRetry(provider, call.url, init, http);
  const text = await response.text();
  let parsed: Json = {};
  try {
    parsed = text ? obj(JSON.parse(text)) : {};
  } catch {
    parsed = { message: text };
  }
  if (response.ok) return { body: parsed, headers: response.headers };
  const refused = response.status === 429 || response.status >= 500 ? null : rejection(response.status, parsed);
  if (refused !== null) throw new RejectedPost(provider, refused);
  throw problemFromResponse(provider, response.status, parsed, retryAfterSeconds(response.headers));
}
