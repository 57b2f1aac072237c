import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { hit } from '#server/security/rate-limit.ts';
import { AUTH_LIMITS, failureKeys } from './limits.ts';

// Security review, finding 5: failed sign-ins must not let a stranger lock an owner out.
const t = useTestApp();

async function post(url: string, payload: Record<string, unknown>, ip: string, cookie?: string) {
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  return { res, ms: performance.now() - started };
}

const deviceCookie = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((k) => k.name.endsWith('fw_dev'));
  if (!c) throw new Error('no device cookie');
  return `${c.name}=${c.value}`;
};

/** Records `count` failed sign-ins against the account from elsewhere (as a botnet would). */
async function failMany(kind: 'login' | 'forgot', email: string, count: number) {
  const rule = kind === 'login' ? AUTH_LIMITS.loginFailuresPerAccount : AUTH_LIMITS.forgotPerAccount;
  for (let i = 0; i < count; i++) await hit(t.database.db, failureKeys(kind, email).account, rule);
}

describe('sign-in without lockout', () => {
  it('100 failed sign-ins from anywhere do not block the right password from a new address', async () => {
    const owner = await signUp(t.app);
    await failMany('login', owner.email, 100);
    const { res } = await post('/api/auth/login', { email: owner.email, password: owner.password }, '10.50.0.1');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('slows wrong passwords down on an attacked account instead of refusing them', async () => {
    const owner = await signUp(t.app);
    await failMany('login', owner.email, 30);
    const { res, ms } = await post('/api/auth/login', { email: owner.email, password: 'Wrong-Guess-1!' }, '10.50.0.2');
    expect(res.statusCode).toBe(401);
    expect(ms).toBeGreaterThanOrEqual(1000);
  });

  it('a device that signed in before is let through at once', async () => {
    const owner = await signUp(t.app);
    const first = await post('/api/auth/login', { email: owner.email, password: owner.password }, '10.50.0.3');
    expect(first.res.statusCode).toBe(200);
    const device = deviceCookie(first.res);
    await failMany('login', owner.email, 100);
    const again = await post('/api/auth/login', { email: owner.email, password: owner.password }, '10.50.0.3', device);
    expect(again.res.statusCode).toBe(200);
    expect(again.ms).toBeLessThan(1000);
    // A forged or other account's device cookie counts for nothing.
    await failMany('login', owner.email, 100);
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const slow = await post('/api/auth/login', { email: owner.email, password: owner.password }, '10.50.0.4', forged);
    expect(slow.res.statusCode).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(1000);
  });

  it(`refuses one address after ${AUTH_LIMITS.loginFailuresPerAccountIp.limit} failures on one account; other addresses still sign in`, async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < AUTH_LIMITS.loginFailuresPerAccountIp.limit; i++) {
      const { res } = await post('/api/auth/login', { email: owner.email, password: `Wrong-${i}-Guess!` }, '10.51.0.1');
      expect(res.statusCode).toBe(401);
    }
    const refused = await post('/api/auth/login', { email: owner.email, password: owner.password }, '10.51.0.1');
    expect(refused.res.statusCode).toBe(429);
    expect(refused.res.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);
    const elsewhere = await post('/api/auth/login', { email: owner.email, password: owner.password }, '10.51.0.2');
    expect(elsewhere.res.statusCode).toBe(200);
  });
});

describe('forgot-password without lockout', () => {
  it('one address is refused past its ceiling; the account from elsewhere is slowed down, not refused', async () => {
    for (const [n, email] of [(await signUp(t.app)).email, uniqueEmail('ghost')].entries()) {
      const limit = AUTH_LIMITS.forgotPerAccountIp.limit;
      const codes: number[] = [];
      for (let i = 0; i < limit; i++)
        codes.push((await post('/api/auth/forgot-password', { email }, `10.52.${n}.2`)).res.statusCode);
      expect(codes.every((c) => c === 200)).toBe(true);
      expect((await post('/api/auth/forgot-password', { email }, `10.52.${n}.2`)).res.statusCode).toBe(429);

      await failMany('forgot', email, 3);
      const { res, ms } = await post('/api/auth/forgot-password', { email }, `10.52.${n}.1`);
      expect(res.statusCode).toBe(200);
      expect(ms).toBeGreaterThanOrEqual(500);
    }
  });
});
