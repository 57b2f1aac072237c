import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, tenants, users } from '#server/db/schema/index.ts';
import { GOOD_PASSWORD, signUp, uniqueEmail, waitForMail } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

const t = useTestApp();

const register = (payload: Record<string, unknown>, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: ip });

const valid = () => ({ email: uniqueEmail(), password: GOOD_PASSWORD, firstName: 'Maria', lastName: 'Lopez' });

describe('POST /api/auth/register', () => {
  it('creates the user, their business as admin, signs them in with an HttpOnly Lax cookie and mails a verification link', async () => {
    const input = { ...valid(), email: ' Maria.Lopez@Example.COM ', businessName: 'Lopez Plumbing & Drain' };
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: 'maria.lopez@example.com',
      firstName: 'Maria',
      lastName: 'Lopez',
      role: 'admin',
      emailVerified: false,
      tenantMemberships: [
        { role: 'admin', tenant: { name: 'Lopez Plumbing & Drain', slug: 'lopez-plumbing-and-drain' } },
      ],
    });
    expect(user).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'fw_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.expires, 'a browser-session cookie unless "remember me"').toBeUndefined();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `fw_sid=${cookie?.value}` },
    });
    expect(me.json()).toEqual(user);

    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'maria.lopez@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await waitForMail(t.database.db, 'maria.lopez@example.com', 'verify_email');
    expect(mail.status).toBe('outbox');
    expect(mail.bodyText).toContain(`${t.config.appUrl}/verify-email/`);
    expect(mail.bodyText).toMatch(/\/verify-email\/[A-Za-z0-9_-]{43}\n/);
    expect(mail.bodyText).toMatch(/Fieldwise/);
  });

  it('names the business after the person when no business name is given, and keeps slugs unique', async () => {
    const a = await register({ ...valid(), firstName: 'Sam', lastName: 'Oakes' }, '10.1.0.2');
    const b = await register({ ...valid(), firstName: 'Sam', lastName: 'Oakes' }, '10.1.0.2');
    expect(a.json().tenantMemberships[0].tenant).toEqual({ name: 'Sam Oakes', slug: 'sam-oakes' });
    expect(b.json().tenantMemberships[0].tenant).toEqual({ name: 'Sam Oakes', slug: 'sam-oakes-2' });
  });

  it('refuses an email that already has an account, whatever its case, and writes nothing', async () => {
    const first = await signUp(t.app);
    const before = await t.database.db.select({ id: tenants.id }).from(tenants);
    const res = await register({ ...valid(), email: first.email.toUpperCase() }, '10.1.0.3');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: expect.stringMatching(/already exists/),
      fields: { email: expect.any(String) },
    });
    expect(await t.database.db.select({ id: tenants.id }).from(tenants)).toHaveLength(before.length);
  });

  it.each([
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'Ab1!' }, 'password', 'Password must be at least 8 characters long'],
    [
      { password: 'alllowercase1!' },
      'password',
      'Password must include uppercase, lowercase, number, and special character',
    ],
    [
      { password: 'NoDigitsHere!' },
      'password',
      'Password must include uppercase, lowercase, number, and special character',
    ],
    [
      { password: 'NoSpecial123' },
      'password',
      'Password must include uppercase, lowercase, number, and special character',
    ],
    [{ password: `Aa1!${'x'.repeat(125)}` }, 'password', 'Password must be at most 128 characters long'],
    [{ firstName: '  ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
  ])('answers 400 for %o with the field message', async (override, field, message) => {
    const res = await register({ ...valid(), ...override }, '10.1.0.4');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses the most common passwords, even dressed up to pass the rules', async () => {
    for (const password of ['Password1!', 'P@ssw0rd', 'Summer2024!', 'Qwerty123!']) {
      const res = await register({ ...valid(), password }, '10.1.0.5');
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields.password).toMatch(/most commonly used/);
    }
  });

  it('never creates a session or user for a refused sign-up', async () => {
    const email = uniqueEmail();
    const res = await register({ ...valid(), email, lastName: '' }, '10.1.0.6');
    expect(res.statusCode).toBe(400);
    expect(res.cookies).toHaveLength(0);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('gives the new owner exactly one admin membership', async () => {
    const owner = await signUp(t.app);
    const rows = await t.database.db.select().from(memberships).where(eq(memberships.userId, owner.userId));
    expect(rows.map((r) => r.role)).toEqual(['admin']);
  });
});
