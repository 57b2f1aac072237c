import { describe, expect, it } from 'vitest';
import { ConnectionProblem, providerCall, retryAfterSeconds, type FetchLike } from './provider-http.ts';

/** A fetch answering the given responses in turn, counting calls; sleeps are recorded, not waited. */
function scripted(...answers: (Answer | Error)[]) {
  const calls: string[] = [];
  const sleeps: number[] = [];
  const fetch: FetchLike = async (url) => {
    calls.push(url);
    const i = Math.min(calls.length - 1, answers.length - 1);
    const next = answers[i]!;
    if (next instanceof Error) throw next;
    return next();
  };
  return { calls, sleeps, options: { fetch, sleep: async (ms: number) => void sleeps.push(ms) } };
}
/** A fresh response per call (a body can be read or cancelled once). */
type Answer = () => Response;
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

async function problemOf(promise: Promise<unknown>): Promise<ConnectionProblem> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectionProblem);
  return err as ConnectionProblem;
}

describe('the provider HTTP helper', () => {
  it('retries a 503 and answers the next success', async () => {
    const s = scripted(json(503, { error: { status: 'UNAVAILABLE' } }), json(200, { accounts: [] }));
    expect(await providerCall('google', { url: 'https://g.test/v1/accounts', token: 't' }, s.options)).toEqual({
      accounts: [],
    });
    expect(s.calls).toHaveLength(2);
  });

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    const s = scripted(json(429, {}, { 'retry-after': '3' }), json(200, { ok: true }));
    await providerCall('linkedin', { url: 'https://l.test/rest/x' }, s.options);
    expect(s.sleeps).toEqual([3000]);
  });

  it('does not sit out a long Retry-After: it is a rate_limited problem with the wait attached', async () => {
    const s = scripted(json(429, { title: 'Too Many Requests' }, { 'retry-after': '900' }));
    const problem = await problemOf(providerCall('x', { url: 'https://x.test/2/users/me' }, s.options));
    expect(problem.code).toBe('rate_limited');
    expect(problem.retryAfterSeconds).toBe(900);
    expect(s.sleeps).toEqual([]);
    expect(problem.message).toBe(
      'X is limiting how often Fieldwise may call it. Nothing is lost; we will try again later.',
    );
  });

  it('gives up after the retries: a provider that keeps failing or cannot be reached is provider_down', async () => {
    const down = scripted(json(502, 'Bad Gateway'));
    expect((await problemOf(providerCall('google', { url: 'https://g.test/a' }, down.options))).code).toBe(
      'provider_down',
    );
    expect(down.calls).toHaveLength(3);
    const offline = scripted(new TypeError('fetch failed'));
    expect((await problemOf(providerCall('meta', { url: 'https://m.test/me' }, offline.options))).code).toBe(
      'provider_down',
    );
  });

  it("maps each provider's error envelope to the owner's problem", async () => {
    const cases: [Parameters<typeof providerCall>[0], Answer, string][] = [
      ['google', json(403, { error: { code: 403, status: 'PERMISSION_DENIED', message: 'no' } }), 'missing_permission'],
      ['google', json(401, { error: { code: 401, status: 'UNAUTHENTICATED' } }), 'expired'],
      ['meta', json(400, { error: { code: 190, error_subcode: 458, type: 'OAuthException' } }), 'revoked'],
      ['meta', json(400, { error: { code: 190, error_subcode: 463, type: 'OAuthException' } }), 'expired'],
      ['meta', json(400, { error: { code: 80001, type: 'OAuthException' } }), 'rate_limited'],
      ['meta', json(400, { error: { code: 9, error_subcode: 2207042, type: 'OAuthException' } }), 'rate_limited'],
      ['meta', json(403, { error: { code: 200, type: 'OAuthException' } }), 'missing_permission'],
      ['linkedin', json(401, { status: 401, code: 'REVOKED_ACCESS_TOKEN', message: 'revoked' }), 'revoked'],
      ['linkedin', json(401, { status: 401, code: 'EXPIRED_ACCESS_TOKEN' }), 'expired'],
      ['x', json(401, { title: 'Unauthorized', status: 401 }), 'expired'],
    ];
    for (const [provider, response, code] of cases) {
      const s = scripted(response);
      expect((await problemOf(providerCall(provider, { url: 'https://p.test/' }, s.options))).code).toBe(code);
    }
  });

  it("reads Retry-After as seconds or a date, and X's x-rate-limit-reset", () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfterSeconds(new Headers({ 'retry-after': '120' }), now)).toBe(120);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Sun, 01 Mar 2026 10:01:00 GMT' }), now)).toBe(60);
    expect(retryAfterSeconds(new Headers({ 'x-rate-limit-reset': String(now / 1000 + 30) }), now)).toBe(30);
    expect(retryAfterSeconds(new Headers(), now)).toBeUndefined();
  });

  it('sends the token only as a Bearer header, never in the address', async () => {
    let seen: RequestInit | undefined;
    let seenUrl = '';
    await providerCall(
      'x',
      { url: 'https://x.test/2/users/me', token: 'secret-token' },
      {
        fetch: async (url, init) => {
          seen = init;
          seenUrl = url;
          return json(200, {})();
        },
      },
    );
    expect((seen?.headers as Record<string, string>).authorization).toBe('Bearer secret-token');
    expect(seenUrl).not.toContain('secret-token');
  });
});
