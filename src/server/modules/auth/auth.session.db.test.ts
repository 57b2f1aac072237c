import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '#server/db/schema/index.ts';
import { sessionCookie, signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { hashToken } from './tokens.ts';

const t = useTestApp();

const login = (payload: Record<string, unknown>, ip = '10.2.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const sidOf = (cookie: string) => hashToken(cookie.split('=')[1] ?? '');

describe('sign-in and sessions', () => {
  it('signs in with the right password, records the last login, and gives a new session id every time', async () => {
    const owner = await signUp(t.app);
    const a = await login({ email: owner.email, password: owner.password });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ email: owner.email, role: 'admin', lastLogin: expect.any(String) });
    const b = await login({ email: owner.email.toUpperCase(), password: owner.password });
    const [ca, cb] = [sessionCookie(a), sessionCookie(b)];
    expect(new Set([owner.cookie, ca, cb]).size).toBe(3);
    for (const c of [owner.cookie, ca, cb]) expect((await me(c)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sidOf(ca)));
    expect(row, 'only the hash of the id is stored').toBeDefined();
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, ca.split('=')[1] ?? '')),
    ).toHaveLength(0);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const owner = await signUp(t.app);
    const wrong = await login({ email: owner.email, password: 'Not-The-Password-1!' });
    const unknown = await login({ email: 'nobody-here@example.com', password: 'Not-The-Password-1!' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password.');
    expect(wrong.cookies).toHaveLength(0);
  });

  it('validates the login form with the spec messages', async () => {
    expect((await login({ email: '', password: 'x' })).json().fields.email).toBe('Email is required');
    expect((await login({ email: 'bad', password: 'x' })).json().fields.email).toBe(
      'Please enter a valid email address',
    );
    expect((await login({ email: 'a@b.co', password: '' })).json().fields.password).toBe('Password is required');
  });

  it('"remember me" gives a 30-day persistent cookie and session; otherwise a browser cookie and 12 hours', async () => {
    const owner = await signUp(t.app);
    const remembered = await login({ email: owner.email, password: owner.password, rememberMe: true });
    const cookie = remembered.cookies.find((c) => c.name === 'fw_sid');
    const days = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const [long] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sidOf(sessionCookie(remembered))));
    expect(((long?.expire.getTime() ?? 0) - Date.now()) / 86_400_000).toBeGreaterThan(29.9);

    const browser = await login({ email: owner.email, password: owner.password, rememberMe: false });
    expect(browser.cookies.find((c) => c.name === 'fw_sid')?.expires).toBeUndefined();
    const [short] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sidOf(sessionCookie(browser))));
    const hours = ((short?.expire.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThan(12.1);
  });

  it('an expired session is not signed in', async () => {
    const owner = await signUp(t.app);
    await t.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sidOf(owner.cookie)));
    const res = await me(owner.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });

  it('logout deletes the session row, clears the cookie, and the old id no longer works', async () => {
    const owner = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'fw_sid')?.value).toBe('');
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, sidOf(owner.cookie))),
    ).toHaveLength(0);
    expect((await me(owner.cookie)).statusCode).toBe(401);
    // Signing out twice (or with no session) is still fine.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('refresh answers the user while signed in and 401 after', async () => {
    const owner = await signUp(t.app);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: owner.cookie } });
    expect(ok.json()).toMatchObject({ email: owner.email });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
  });

  it('a deactivated user is signed out of live sessions and cannot sign in', async () => {
    const owner = await signUp(t.app);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, owner.userId));
    expect((await me(owner.cookie)).statusCode).toBe(401);
    expect((await login({ email: owner.email, password: owner.password })).statusCode).toBe(401);
  });
});

describe('profile and password', () => {
  it('PUT /profile changes only the names, whatever else is sent', async () => {
    const owner = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { cookie: owner.cookie },
      payload: { firstName: ' Jo ', lastName: 'Baker', email: 'evil@example.com', role: 'admin', emailVerified: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Jo', lastName: 'Baker', email: owner.email, emailVerified: false });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { cookie: owner.cookie },
      payload: { firstName: '', lastName: 'B' },
    });
    expect(bad.json().fields.firstName).toBe('First name is required');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { firstName: 'A', lastName: 'B' } }))
        .statusCode,
    ).toBe(401);
  });

  it('change-password needs the current password, applies the rules, keeps this session and ends the others', async () => {
    const owner = await signUp(t.app);
    const other = sessionCookie(await login({ email: owner.email, password: owner.password }, '10.2.0.9'));
    const change = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { cookie: owner.cookie }, payload });

    const wrong = await change({ currentPassword: 'Wrong-Pass-1!', newPassword: 'Boiler-Room-77!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe('Current password is incorrect.');
    const weak = await change({ currentPassword: owner.password, newPassword: 'weakpass' });
    expect(weak.json().fields.newPassword).toBe(
      'Password must include uppercase, lowercase, number, and special character',
    );

    const ok = await change({ currentPassword: owner.password, newPassword: 'Boiler-Room-77!' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password changed successfully!');
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login({ email: owner.email, password: owner.password })).statusCode).toBe(401);
    expect((await login({ email: owner.email, password: 'Boiler-Room-77!' })).statusCode).toBe(200);
  });

  it('GET /user shows role, dates and memberships; without a session it is a 401', async () => {
    const owner = await signUp(t.app, { businessName: 'Cool Breeze HVAC' });
    const res = await me(owner.cookie);
    expect(res.json()).toMatchObject({
      role: 'admin',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      tenantMemberships: [
        { id: expect.any(String), role: 'admin', tenant: { name: 'Cool Breeze HVAC', slug: 'cool-breeze-hvac' } },
      ],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });
});
