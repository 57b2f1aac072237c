import { describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { AUTH_ROUTE_LIMITS } from './limits.ts';

const t = useTestApp();

const post = (url: string, payload: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });

describe('rate limits on sign-in (kept in the database)', () => {
  it(`one address gets ${AUTH_ROUTE_LIMITS.login.perIp.limit} sign-in attempts per 15 minutes, then a 429 with Retry-After`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= AUTH_ROUTE_LIMITS.login.perIp.limit; i++) {
      codes.push(
        (await post('/api/auth/login', { email: `x${i}@example.com`, password: 'Whatever-1!' }, '10.4.0.1')).statusCode,
      );
    }
    expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
    const blocked = await post('/api/auth/login', { email: 'y@example.com', password: 'Whatever-1!' }, '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Another address is unaffected.
    expect(
      (await post('/api/auth/login', { email: 'y@example.com', password: 'Whatever-1!' }, '10.4.0.2')).statusCode,
    ).toBe(401);
  });

  it('a successful sign-in clears the failure count', async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < 5; i++)
      await post('/api/auth/login', { email: owner.email, password: 'Wrong-Guess-1!' }, '10.7.0.1');
    expect(
      (await post('/api/auth/login', { email: owner.email, password: owner.password }, '10.7.0.1')).statusCode,
    ).toBe(200);
  });

  it(`register: ${AUTH_ROUTE_LIMITS.register.perIp.limit} sign-ups per address an hour`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= AUTH_ROUTE_LIMITS.register.perIp.limit; i++) {
      const res = await post(
        '/api/auth/register',
        { email: uniqueEmail(), password: 'Furnace-Tune-42!', firstName: 'A', lastName: 'B' },
        '10.9.9.9',
      );
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(AUTH_ROUTE_LIMITS.register.perIp.limit);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('requests from another website', () => {
  it('refuses a state-changing call with a foreign Origin or a cross-site fetch, and allows our own', async () => {
    const payload = { email: 'someone@example.com' };
    const foreign = await post('/api/auth/forgot-password', payload, '10.10.0.1', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('This request came from another website and was refused.');
    expect(
      (await post('/api/auth/forgot-password', payload, '10.10.0.1', { 'sec-fetch-site': 'cross-site' })).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/auth/forgot-password', payload, '10.10.0.1', { origin: new URL(t.config.appUrl).origin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/forgot-password', payload, '10.10.0.1', { 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
  });
});
