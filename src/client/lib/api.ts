import type { QueryFunction } from '@tanstack/react-query';
import { forgetEarly, takeEarly } from './early-fetch';
import { noteAnswer, queueChange, type QueuedChange } from './offline';

/** Field name -> message, as the server's error handler sends for a validation error. */
export type FieldErrors = Record<string, string>;

/**
 * An error answer from our API; `message` is the server's `message` field when it sent one, and
 * `fields` its per-field messages (keys are body paths such as "email"), so a form can put
 * each message under its own input.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: FieldErrors;

  constructor(status: number, message: string, code?: string, fields: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The server's per-field messages of a failed call, or none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.fields : {};
}

/** The message to show for a failed call: the server's, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

interface ApiFetchOptions extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
  body?: unknown;
  /** Used as the error message when the server sends no `message` field. */
  fallbackMessage?: string;
  /**
   * A change that may wait: without a network it is kept on this device and sent when the
   * network is back (lib/offline.ts); the call then fails with the code `queued_offline`.
   * The text says what it does, in words.
   */
  queueOffline?: string;
}

/** The code of the ApiError of a change kept on this device to be sent once back online. */
export const QUEUED_OFFLINE = 'queued_offline';

/** The failure of a change kept on this device to be sent once back online (no error to show). */
export const isQueuedOffline = (error: unknown): boolean => error instanceof ApiError && error.code === QUEUED_OFFLINE;

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorBody(body: unknown): { message?: string; code?: string; fields: FieldErrors } {
  if (!body || typeof body !== 'object') return { fields: {} };
  const { message, code, fields } = body as { message?: unknown; code?: unknown; fields?: unknown };
  const strings: FieldErrors = {};
  if (fields && typeof fields === 'object') {
    for (const [key, value] of Object.entries(fields))
      if (typeof value === 'string' && value.trim()) strings[key] = value;
  }
  return {
    message: typeof message === 'string' && message.trim() ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
    fields: strings,
  };
}

/** How the server renderer answers the calls of a page it renders (entry-server.tsx); never set in a browser. */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let serverTransport: Transport | undefined;

/** For entry-server.tsx only: the page's calls go to the app in the same process, as the visitor. */
export function setServerTransport(transport: Transport): void {
  serverTransport = transport;
}

/**
 * The client's only call to fetch: our API, with the session cookie, asking for JSON. A plain
 * GET that the entry already started (lib/early-fetch) takes that answer instead, unless a change
 * to its area was sent since.
 */
function send(url: string, init: RequestInit): Promise<Response> {
  if (serverTransport) return serverTransport(url, init);
  const get = (init.method ?? 'GET') === 'GET';
  if (!get) forgetEarly(url);
  const early = get && init.body === undefined ? takeEarly(url) : undefined;
  if (early) return early;
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return fetch(url, { ...init, headers, credentials: 'include' });
}

/**
 * The one way features call our API, from their `<area>-api.ts` hooks (a query passes its
 * `signal`, so a superseded request is cancelled). Sends the session cookie, sends and reads
 * JSON, and throws an ApiError carrying the server's message (or `fallbackMessage`) on a
 * non-OK answer.
 */
export async function apiFetch<T = unknown>(url: string, options: ApiFetchOptions = {}): Promise<T> {
  const { body, fallbackMessage, headers, queueOffline, ...init } = options;
  const finalHeaders = new Headers(headers);
  if (body !== undefined) finalHeaders.set('Content-Type', 'application/json');

  let res: Response;
  try {
    res = await send(url, {
      ...init,
      headers: finalHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    if (queueOffline && (init.method === 'PATCH' || init.method === 'POST')) {
      queueChange({ url, method: init.method, body, label: queueOffline });
      throw new ApiError(
        0,
        "You're offline: this change is saved on this phone and sent when you're back online.",
        QUEUED_OFFLINE,
      );
    }
    throw new ApiError(0, fallbackMessage ?? 'Could not reach the server. Check your connection and try again.');
  }

  if (!serverTransport) noteAnswer(res);
  const data = await readJson(res);
  if (!res.ok) {
    const { message, code, fields } = errorBody(data);
    throw new ApiError(res.status, message ?? fallbackMessage ?? `Request failed (${res.status})`, code, fields);
  }
  return data as T;
}

/** Sends a change kept offline (lib/offline.ts#replayQueue), as apiFetch sent it. */
export function sendQueued(change: QueuedChange): Promise<Response> {
  return send(change.url, {
    method: change.method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(change.body),
  });
}

/**
 * A POST whose answer streams (NDJSON, see server/plugins/ndjson.ts): `onDelta` gets the text as
 * the server writes it, and the promise resolves with the final answer. Errors are ApiErrors as
 * with `apiFetch`; a server that answers plain JSON instead is read as the final answer.
 */
export async function apiStream<T>(
  url: string,
  options: { body: unknown; onDelta: (text: string) => void; fallbackMessage: string; signal?: AbortSignal },
): Promise<T> {
  let res: Response;
  try {
    res = await send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson, application/json' },
      body: JSON.stringify(options.body),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    throw new ApiError(0, options.fallbackMessage);
  }
  if (!res.ok) {
    const { message, code, fields } = errorBody(await readJson(res));
    throw new ApiError(res.status, message ?? options.fallbackMessage, code, fields);
  }
  if (!res.headers.get('content-type')?.includes('application/x-ndjson') || !res.body)
    return (await readJson(res)) as T;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (!line) continue;
      const msg = JSON.parse(line) as { type: string; text?: string; result?: T; message?: string };
      if (msg.type === 'delta' && msg.text) options.onDelta(msg.text);
      else if (msg.type === 'done') return msg.result as T;
      else if (msg.type === 'error') throw new ApiError(500, msg.message ?? options.fallbackMessage);
    }
    if (done) throw new ApiError(0, options.fallbackMessage);
  }
}

interface QueryFnOptions {
  /**
   * 'returnNull' answers null for a 401 instead of throwing, so "nobody is signed in" is
   * cached like any other answer rather than refetched by every new observer.
   */
  on401?: 'throw' | 'returnNull';
}

/**
 * The generic query helper: GET with cookies; a non-OK answer throws
 * `Error("{status}: {body text}")`. Only the session query (`useAuth`) uses it, for its
 * "401 means nobody is signed in"; everything else calls `apiFetch`.
 */
export function getQueryFn<T>(url: string, options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(url: string, options?: QueryFnOptions): QueryFunction<T>;
export function getQueryFn<T>(url: string, { on401 = 'throw' }: QueryFnOptions = {}): QueryFunction<T | null> {
  return async ({ signal }) => {
    const res = await send(url, { signal });
    if (res.status === 401 && on401 === 'returnNull') return null;
    if (!res.ok) {
      const text = (await res.text()) || res.statusText;
      throw new Error(`${res.status}: ${text}`);
    }
    return (await res.json()) as T;
  };
}
