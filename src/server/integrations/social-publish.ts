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
  /** When the network says it went out (a post found there by a look-up). */
  publishedAt?: Date;
}

export interface PostText {
  text: string;
  imageUrl?: string | null;
}

/** An image we hold, for the networks that take the bytes rather than a link (X, LinkedIn). */
export interface PostImage {
  data: Buffer;
  mimeType: string;
  filename: string;
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
 * A post sent without a clear answer (timeout, connection dropped, a 5xx): the network may have
 * made it. Sending it again could post it twice, so it is never sent again blind: the network is
 * asked first (the find* look-ups), or the owner is asked to check.
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
 * A POST that makes a post: a 429 (refused, nothing made) is tried again here; a 5xx or no answer
 * at all is an UncertainPost, never sent again here.
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
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new UncertainPost(provider, `${response.status} from ${new URL(url).host}`);
    }
    if (response.status !== 429 || attempt >= retries) return response;
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
  /** Sending it twice makes no second post (an Instagram media container): retried like a read. */
  repeatable?: boolean;
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
    method === 'POST' && !call.repeatable
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

/**
 * The same post as we sent it, as a network lists it back: links are shortened or added (X's
 * t.co, its image link), little text is escaped (LinkedIn), & < > are entities (X). So the texts
 * are compared without links, escapes, entities and spacing.
 */
export function sameText(ours: string, listed: string): boolean {
  const plain = (t: string) =>
    t
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\\([\\|{}@[\]()<>#*_~])/g, '$1')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return plain(ours) === plain(listed);
}
