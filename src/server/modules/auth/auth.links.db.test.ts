import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailLogs, oneTimeTokens, sessions, users } from '#server/db/schema/index.ts';
import { sessionCookie, signUp, tokenFrom, uniqueEmail, waitForMail } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { hashToken } from './tokens.ts';

const t = useTestApp();

const post = (url: string, payload?: Record<string, unknown>, cookie?: string, ip = '10.3.0.1') =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    ...(payload ? { payload } : {}),
    ...(cookie ? { headers: { cookie } } : {}),
  });

async function resetLinkFor(email: string): Promise<string> {
  const since = new Date();
  const res = await post(
    '/api/auth/forgot-password',
    { email },
    undefined,
    `10.3.1.${Math.floor(Math.random() * 250)}`,
  );
  expect(res.json().message).toBe('Password reset instructions have been sent to your email address.');
  return tokenFrom((await waitForMail(t.database.db, email, 'reset_password', since)).bodyText, '/reset-password/');
}

describe('email verification', () => {
  it('the mailed link verifies the address once; the user is then verified', async () => {
    const owner = await signUp(t.app);
    const token = tokenFrom((await waitForMail(t.database.db, owner.email, 'verify_email')).bodyText, '/verify-email/');
    const ok = await post('/api/auth/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Your email address has been verified.');
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } });
    expect(user.json().emailVerified).toBe(true);
    // Clicking the same link again is not an error for an already verified address.
    expect((await post('/api/auth/verify-email', { token })).json().message).toBe(
      'Your email address is already verified.',
    );
  });

  it('refuses an unknown, expired or missing token', async () => {
    const owner = await signUp(t.app);
    const token = tokenFrom((await waitForMail(t.database.db, owner.email, 'verify_email')).bodyText, '/verify-email/');
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const expired = await post('/api/auth/verify-email', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/invalid or has expired/);
    expect((await post('/api/auth/verify-email', { token: 'made-up-token' })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: '' })).json().message).toBe(
      'Invalid or missing verification token.',
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.userId));
    expect(row?.emailVerified).toBe(false);
  });

  it('resend needs a session, mails a new link that replaces the old one, and is refused once verified', async () => {
    const anonymous = await post('/api/auth/resend-verification');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('You must be logged in to resend verification email.');

    const owner = await signUp(t.app);
    const first = tokenFrom((await waitForMail(t.database.db, owner.email, 'verify_email')).bodyText, '/verify-email/');
    const since = new Date();
    const res = await post('/api/auth/resend-verification', undefined, owner.cookie);
    expect(res.json().message).toBe('A new verification email has been sent to your email address.');
    const second = tokenFrom(
      (await waitForMail(t.database.db, owner.email, 'verify_email', since)).bodyText,
      '/verify-email/',
    );
    expect(second).not.toBe(first);
    expect((await post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    const again = await post('/api/auth/resend-verification', undefined, owner.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Your email address is already verified.');
  });
});

describe('password reset', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const owner = await signUp(t.app);
    const ghost = uniqueEmail('ghost');
    const known = await post('/api/auth/forgot-password', { email: owner.email }, undefined, '10.3.2.1');
    const unknown = await post('/api/auth/forgot-password', { email: ghost }, undefined, '10.3.2.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await waitForMail(t.database.db, owner.email, 'reset_password');
    await new Promise((r) => setTimeout(r, 100));
    expect(await t.database.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, ghost))).toHaveLength(0);
  });

  it('the mailed link sets a new password once, verifies the email and ends every session', async () => {
    const owner = await signUp(t.app);
    const token = await resetLinkFor(owner.email);
    const weak = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(weak.json().fields.password).toBe('Password must be at least 8 characters long');

    const ok = await post('/api/auth/reset-password', { token, password: 'Water-Heater-19!' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Your password has been successfully reset.');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, owner.userId))).toHaveLength(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(401);

    const used = await post('/api/auth/reset-password', { token, password: 'Another-Pass-20!' });
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toMatch(/invalid, expired or already used/);

    const login = await post('/api/auth/login', { email: owner.email, password: 'Water-Heater-19!' });
    expect(login.statusCode).toBe(200);
    expect(login.json().emailVerified).toBe(true);
    expect(sessionCookie(login)).not.toBe(owner.cookie);
  });

  it('refuses an expired link and an older link once a newer one was sent', async () => {
    const owner = await signUp(t.app);
    const older = await resetLinkFor(owner.email);
    const newer = await resetLinkFor(owner.email);
    expect((await post('/api/auth/reset-password', { token: older, password: 'Gutter-Clean-31!' })).statusCode).toBe(
      400,
    );
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(newer)));
    expect((await post('/api/auth/reset-password', { token: newer, password: 'Gutter-Clean-31!' })).statusCode).toBe(
      400,
    );
    expect((await post('/api/auth/reset-password', { token: '', password: 'Gutter-Clean-31!' })).json().message).toBe(
      'Invalid or missing reset token.',
    );
  });

  it('a reset link lives 30 minutes and a verification link 24 hours', async () => {
    const owner = await signUp(t.app);
    await resetLinkFor(owner.email);
    const rows = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, owner.userId));
    const minutes = (purpose: string) => {
      const row = rows.find((r) => r.purpose === purpose);
      return ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    };
    expect(minutes('reset_password')).toBeCloseTo(30, 0);
    expect(minutes('verify_email')).toBeCloseTo(24 * 60, 0);
  });
});
