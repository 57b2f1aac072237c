// Helpers for API tests that need people: sign-up, sign-in, cookies and the mail outbox.
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '#server/app.ts';
import type { Db } from '#server/db/client.ts';
import { emailLogs, memberships, sessions, users } from '#server/db/schema/index.ts';

export const GOOD_PASSWORD = 'Furnace-Tune-42!';

/** The session cookie a response set, as a Cookie header value ("name=value"). */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((k) => k.name.endsWith('fw_sid') && k.value);
  if (!c) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `${c.name}=${c.value}`;
}

export function uniqueEmail(prefix = 'owner'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export interface SignedUp {
  email: string;
  password: string;
  cookie: string;
  userId: string;
}

/** Registers a new owner with their own business; answers the session cookie. */
export async function signUp(
  app: App,
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    businessName: string;
    ip: string;
  }> = {},
): Promise<SignedUp> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? GOOD_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: overrides.ip ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: {
      email,
      password,
      firstName: overrides.firstName ?? 'Riley',
      lastName: overrides.lastName ?? 'Nguyen',
      ...(overrides.businessName ? { businessName: overrides.businessName } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, password, cookie: sessionCookie(res), userId: res.json<{ id: string }>().id };
}

/** Marks the person's email address verified, as following the mailed link would. */
export async function verifyEmail(db: Db, person: Pick<SignedUp, 'userId'>): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, person.userId));
}

/** Waits for a mail to `to` of `type` in the email log (mail goes out in the background). */
export async function waitForMail(
  db: Db,
  to: string,
  type: string,
  after = new Date(0),
): Promise<typeof emailLogs.$inferSelect> {
  for (let i = 0; i < 100; i++) {
    const [row] = await db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.recipientEmail, to), eq(emailLogs.emailType, type)))
      .orderBy(desc(emailLogs.createdAt))
      .limit(1);
    if (row && row.createdAt >= after) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${type} mail to ${to}`);
}

/** The token at the end of a /verify-email/ or /reset-password/ link in a mail body. */
export function tokenFrom(body: string | null, path: '/verify-email/' | '/reset-password/'): string {
  const m = new RegExp(`${path}([A-Za-z0-9_-]+)`).exec(body ?? '');
  if (!m?.[1]) throw new Error(`no ${path} link in: ${body}`);
  return m[1];
}

/** A new person who is a member of `owner`'s business with `role`, signed in there. */
export async function memberOf(
  app: App,
  db: Db,
  owner: SignedUp,
  role: 'user' | 'manager' | 'admin',
): Promise<SignedUp> {
  const [own] = await db
    .select({ tenantId: memberships.tenantId })
    .from(memberships)
    .where(eq(memberships.userId, owner.userId));
  const member = await signUp(app);
  await db.insert(memberships).values({ userId: member.userId, tenantId: own!.tenantId, role });
  await db.update(sessions).set({ tenantId: own!.tenantId }).where(eq(sessions.userId, member.userId));
  return member;
}
