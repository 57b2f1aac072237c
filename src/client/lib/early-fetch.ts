/**
 * GET requests started with the entry script, before the code that asks for them has loaded,
 * so the session check and a page's first query run in parallel with its chunk (no waterfall).
 * apiFetch takes a matching answer once; one that waited too long is dropped and asked again.
 */
const started = new Map<string, { at: number; response: Promise<Response> }>();
const FRESH_MS = 10_000;

export function fetchEarly(url: string): void {
  if (started.has(url)) return;
  // The one other fetch: it must run before lib/api's callers have loaded; apiFetch reads its answer.
  // Credentials and no headers of its own: the same request as the server's <link rel=preload
  // as=fetch crossorigin=use-credentials> for it (server/plugins/route-preloads.ts), which the
  // browser then hands over instead of asking again.
  // eslint-disable-next-line no-restricted-globals
  const response = fetch(url, { credentials: 'include' });
  response.catch(() => undefined); // an unused failure is not an unhandled rejection
  started.set(url, { at: Date.now(), response });
}

/** The early answer for a GET of `url`, once; undefined when there is none (or it is stale). */
export function takeEarly(url: string): Promise<Response> | undefined {
  const hit = started.get(url);
  if (!hit) return undefined;
  started.delete(url);
  return Date.now() - hit.at < FRESH_MS ? hit.response : undefined;
}

/** `/api/reviews/business` and `/api/reviews?replied=all` are both of the area `reviews`. */
const areaOf = (url: string) => url.split('?')[0]?.split('/')[2];

/**
 * Drops the early answers of `changed`'s area nobody has taken yet: the change (any other method
 * than GET) may make them out of date. A first query the page asks only later (/reviews' list,
 * once a business is chosen) would otherwise get the answer from before the change.
 */
export function forgetEarly(changed: string): void {
  for (const url of started.keys()) if (areaOf(url) === areaOf(changed)) started.delete(url);
}
