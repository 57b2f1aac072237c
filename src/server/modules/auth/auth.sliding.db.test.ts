import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema/index.ts';
import { GOOD_PASSWORD, sessionCookie, signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { hashToken } from './tokens.ts';

const t = useTestApp();
const HOUR = 3_600_000;

const sidOf = (cookie: string) => hashToken(cookie.split('=')[1] ?? '');
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

/** Puts the session as if it was last used `idleMin` minutes ago and ends in `leftMin` minutes. */
async function age(cookie: string, idleMin: number, leftMin: number) {
  await t.database.db
    .update(sessions)
    .set({
      lastSeenAt: sql`now() - make_interval(mins => ${idleMin})`,
      expire: sql`now() + make_interval(mins => ${leftMin})`,
    })
    .where(eq(sessions.sid, sidOf(cookie)));
}

async function endOf(cookie: string): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.sid, sidOf(cookie)));
  return row!.expire.getTime();
}

describe('sliding session expiry', () => {
  it('keeps an owner who is using the app signed in past the original end', async () => {
    const owner = await signUp(t.app);
    // Eleven hours into a 12-hour session, one minute left, last request 10 minutes ago.
    await age(owner.cookie, 10, 1);
    expect((await me(owner.cookie)).statusCode).toBe(200);
    const end = await endOf(owner.cookie);
    expect(end - Date.now()).toBeGreaterThan(11.9 * HOUR);
    expect(end - Date.now()).toBeLessThanOrEqual(12 * HOUR + 60_000);
  });

  it('still ends an idle session on time', async () => {
    const owner = await signUp(t.app);
    await age(owner.cookie, 12 * 60, -1);
    expect((await me(owner.cookie)).statusCode).toBe(401);
  });

  it('never shortens a session, and the refresh call always slides it', async () => {
    const owner = await signUp(t.app);
    // Used a minute ago (inside the touch throttle) with 30 minutes left.
    await age(owner.cookie, 1, 30);
    await me(owner.cookie);
    expect((await endOf(owner.cookie)) - Date.now()).toBeLessThan(31 * 60_000);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: owner.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await endOf(owner.cookie)) - Date.now()).toBeGreaterThan(11.9 * HOUR);
  });

  it('moves a remembered session and its cookie along by 30 days', async () => {
    const owner = await signUp(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: GOOD_PASSWORD, rememberMe: true },
      remoteAddress: '10.3.0.1',
    });
    const cookie = sessionCookie(login);
    await age(cookie, 10, 60);
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    const sent = res.cookies.find((c) => c.name === 'fw_sid');
    expect(sent?.expires?.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * HOUR);
    expect((await endOf(cookie)) - Date.now()).toBeGreaterThan(29 * 24 * HOUR);
  });
});
