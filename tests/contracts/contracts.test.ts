// The contract check itself: a fake that answers outside the provider's description, or a client
// request the description does not allow, is refused with a 500 and recorded (so the test that
// caused it fails), and a call no description covers is listed.
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Listening } from '../fakes/listen.ts';
import { takeUnverified, takeViolations } from './record.ts';
import { PROVIDERS, compileAll, matchOperation, responseProblems } from './validate.ts';

let server: Listening | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** A fake for X whose every answer is `answer`, recording what its handler saw. */
async function fakeX(answer: { status: number; type: string; body: unknown; headers?: Record<string, string> }) {
  const seen: string[] = [];
  server = await listen({ contracts: ['x'] }, (req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(answer.status, { 'content-type': answer.type, ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  return { url: server.url, seen };
}

const bearer = { authorization: 'Bearer token-1', 'content-type': 'application/json' };

describe('fakes held to the providers’ descriptions', () => {
  it('passes a described request and a described answer through unchanged', async () => {
    const x = await fakeX({
      status: 201,
      type: 'application/json',
      body: { data: { id: '1445880548472328192', text: 'Hi' } },
    });
    const res = await fetch(`${x.url}/2/tweets`, {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ text: 'Hi' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { id: '1445880548472328192', text: 'Hi' } });
    expect(takeViolations()).toEqual([]);
  });

  it('refuses a request the description does not allow, before the fake sees it, and records why', async () => {
    const x = await fakeX({ status: 201, type: 'application/json', body: {} });
    const res = await fetch(`${x.url}/2/tweets`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'text=Hi',
    });
    expect(res.status).toBe(500);
    expect((await res.json()) as { message: string }).toMatchObject({
      message: expect.stringMatching(/^contract violation/),
    });
    expect(x.seen).toEqual([]);
    const [found] = takeViolations();
    expect(found?.call).toBe('request POST /2/tweets (/2/tweets)');
    expect(found?.problems.join('\n')).toMatch(/auth: .*OAuth2UserToken/);
    expect(found?.problems.join('\n')).toMatch(
      /content-type: application\/x-www-form-urlencoded is not one of application\/json/,
    );
  });

  it('refuses an answer of the fake the description does not allow (an X error as plain JSON)', async () => {
    const x = await fakeX({ status: 401, type: 'application/json', body: { title: 'Unauthorized', status: 401 } });
    const res = await fetch(`${x.url}/2/users/me?user.fields=public_metrics`, { headers: bearer });
    expect(res.status).toBe(500);
    const [found] = takeViolations();
    expect(found?.call).toBe('answer to GET /2/users/me (/2/users/me)');
    expect(found?.problems.join('\n')).toMatch(/answer 401.code: .*expected number/);
  });

  it('checks query parameters against their schema (an unknown field, an unknown parameter)', async () => {
    const x = await fakeX({ status: 200, type: 'application/json', body: { data: [] } });
    const res = await fetch(`${x.url}/2/tweets?ids=1&tweet.fields=public_metrics,likes&foo=1`, { headers: bearer });
    expect(res.status).toBe(500);
    const problems = takeViolations()[0]?.problems.join('\n') ?? '';
    expect(problems).toMatch(/query tweet.fields/);
    expect(problems).toMatch(/query: foo is not a parameter of this operation/);
  });

  it('requires the rate-limit headers X documents on a 429', () => {
    const call = matchOperation(['x'], 'POST', new URL('http://x/2/tweets'))!;
    const body = Buffer.from(
      JSON.stringify({ title: 'Too Many Requests', type: 'about:blank', status: 429, detail: 'Too Many Requests' }),
    );
    const type = { 'content-type': 'application/problem+json' };
    expect(responseProblems(call.operation, { status: 429, headers: type, body })).toEqual([
      'answer 429: required header x-rate-limit-limit is missing',
      'answer 429: required header x-rate-limit-remaining is missing',
      'answer 429: required header x-rate-limit-reset is missing',
    ]);
    const limits = { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': '1780000000' };
    expect(responseProblems(call.operation, { status: 429, headers: { ...type, ...limits }, body })).toEqual([]);
  });

  it('lists a call no description covers as unverified, once', async () => {
    takeUnverified();
    const x = await fakeX({ status: 200, type: 'application/json', body: {} });
    await (await fetch(`${x.url}/2/oauth2/token`, { method: 'POST' })).text();
    await (await fetch(`${x.url}/2/oauth2/token`, { method: 'POST' })).text();
    expect(takeUnverified()).toEqual(['unverified: POST /2/oauth2/token (x)']);
    expect(takeViolations()).toEqual([]);
  });

  it('reads WordPress’s ?rest_route= form as the same route', () => {
    const call = matchOperation(
      ['wordpress'],
      'GET',
      new URL('http://wp/?rest_route=%2Fwp%2Fv2%2Fusers%2Fme&context=edit'),
    );
    expect(call?.operation.template).toBe('/wp-json/wp/v2/users/me');
    expect([...call!.query.keys()]).toEqual(['context']);
  });

  it('compiles every schema of every description', () => {
    for (const provider of PROVIDERS) expect(compileAll(provider), provider).toBeGreaterThan(0);
  });
});
