import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, sessionCookie, signUp, uniqueEmail, verifyEmail, waitForMail } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { TEAM_MESSAGES } from '#shared/schemas/team.ts';
import { emailLogs, teamInvitations, tenants, users } from '#server/db/schema/index.ts';

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const call = (cookie: string | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** An owner whose address is verified: sending mail to other people needs that. */
async function verifiedOwner(overrides: Parameters<typeof signUp>[1] = {}) {
  const owner = await signUp(t.app, overrides);
  await verifyEmail(t.database.db, owner);
  return owner;
}

/** Invites `email`, reads the mailed link and answers its token. */
async function invite(cookie: string, email: string, role = 'user'): Promise<{ id: string; token: string }> {
  const before = new Date(Date.now() - 1000);
  const res = await call(cookie, 'POST', '/api/team/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await waitForMail(t.database.db, email, 'team_invitation', before);
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.bodyText ?? '')?.[1];
  if (!token) throw new Error(`no invite link in ${mail.bodyText}`);
  return { id: res.json<{ id: string }>().id, token };
}

async function acceptAsNewPerson(token: string, firstName = 'Casey'): Promise<string> {
  const res = await call(undefined, 'POST', '/api/team/invitations/accept', {
    token,
    firstName,
    lastName: 'Tech',
    password: GOOD_PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}

async function setPlan(tenantId: string, plan: string) {
  await t.database.db.update(tenants).set({ plan }).where(eq(tenants.id, tenantId));
}

describe('team invitations', () => {
  it('a white-label business invites under its own name, not Fieldwise', async () => {
    const owner = await verifiedOwner({ businessName: 'Peak Comfort HVAC' });
    const saved = await call(owner.cookie, 'PUT', '/api/settings/white-label', {
      clientName: 'Peak Comfort Pros',
      logoUrl: 'https://cdn.peakcomfort.example/logo.png',
      primaryColor: '#0f766e',
      isWhiteLabel: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const email = uniqueEmail('branded');
    const before = new Date(Date.now() - 1000);
    expect((await call(owner.cookie, 'POST', '/api/team/invitations', { email, role: 'user' })).statusCode).toBe(201);
    const mail = await waitForMail(t.database.db, email, 'team_invitation', before);
    expect(mail.subject).toMatch(/invited you to Peak Comfort HVAC on Peak Comfort Pros$/);
    expect(mail.bodyText).toContain('— Peak Comfort Pros');
    expect(mail.bodyText).not.toContain('Fieldwise');
  });

  it('invite → accept by the mailed link → the new member is in, with the role they were given', async () => {
    const owner = await verifiedOwner({ businessName: 'Northside Heating' });
    const email = uniqueEmail('tech');
    const { token } = await invite(owner.cookie, email, 'user');

    const preview = await call(undefined, 'POST', '/api/team/invitations/lookup', { token });
    expect(preview.json()).toMatchObject({
      businessName: 'Northside Heating',
      email,
      role: 'user',
      invitedBy: 'Riley Nguyen',
      accountExists: false,
    });

    const techCookie = await acceptAsNewPerson(token);
    const me = await call(techCookie, 'GET', '/api/auth/user');
    expect(me.json()).toMatchObject({ email, role: 'user', emailVerified: true });

    const members = (await call(owner.cookie, 'GET', '/api/team/members')).json<{ members: { email: string }[] }>();
    expect(members.members.map((m) => m.email)).toEqual([owner.email, email]);
    // The link works once.
    const again = await call(undefined, 'POST', '/api/team/invitations/accept', {
      token,
      firstName: 'X',
      lastName: 'Y',
      password: GOOD_PASSWORD,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TEAM_MESSAGES.invitationInvalid);
  });

  it('links an existing account: its password is needed, and it then works in both businesses', async () => {
    const owner = await verifiedOwner();
    const other = await signUp(t.app, { businessName: 'Other Co' });
    const { token } = await invite(owner.cookie, other.email, 'manager');
    const preview = await call(undefined, 'POST', '/api/team/invitations/lookup', { token });
    expect(preview.json()).toMatchObject({ accountExists: true, signedInAsInvitee: false });
    const noPassword = await call(undefined, 'POST', '/api/team/invitations/accept', { token });
    expect(noPassword.statusCode).toBe(400);
    const wrong = await call(undefined, 'POST', '/api/team/invitations/accept', { token, password: 'Wrong-pass-1!' });
    expect(wrong.json().message).toBe(TEAM_MESSAGES.wrongPassword);
    // Signed in as the invitee, nothing more is needed.
    const ok = await call(other.cookie, 'POST', '/api/team/invitations/accept', { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.role).toBe('manager');
    expect(ok.json().user.tenantMemberships).toHaveLength(2);
  });

  it('someone signed in as another person cannot take the invitation', async () => {
    const owner = await verifiedOwner();
    const stranger = await signUp(t.app);
    const { token } = await invite(owner.cookie, uniqueEmail('x'));
    const res = await call(stranger.cookie, 'POST', '/api/team/invitations/accept', { token });
    expect(res.statusCode).toBe(403);
  });

  it('resend replaces the link; revoke kills it; both are 404 for another business', async () => {
    const owner = await verifiedOwner();
    const rival = await verifiedOwner();
    const email = uniqueEmail('r');
    const first = await invite(owner.cookie, email);
    const before = new Date(Date.now() - 1000);
    expect((await call(rival.cookie, 'POST', `/api/team/invitations/${first.id}/resend`)).statusCode).toBe(404);
    expect((await call(owner.cookie, 'POST', `/api/team/invitations/${first.id}/resend`)).statusCode).toBe(200);
    const mail = await waitForMail(t.database.db, email, 'team_invitation', before);
    const second = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.bodyText ?? '')?.[1] ?? '';
    expect(second).not.toBe(first.token);
    expect((await call(undefined, 'POST', '/api/team/invitations/lookup', { token: first.token })).statusCode).toBe(
      400,
    );

    expect((await call(rival.cookie, 'DELETE', `/api/team/invitations/${first.id}`)).statusCode).toBe(404);
    expect((await call(owner.cookie, 'DELETE', `/api/team/invitations/${first.id}`)).statusCode).toBe(204);
    expect((await call(undefined, 'POST', '/api/team/invitations/lookup', { token: second })).statusCode).toBe(400);
    expect((await call(owner.cookie, 'GET', '/api/team/invitations')).json().invitations).toEqual([]);
  });

  it('refuses a current member and counts members plus pending invitations against the plan', async () => {
    const owner = await verifiedOwner();
    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    await setPlan(tenantId, 'starter'); // 2 team members, no Stripe: the local plan applies
    const self = await call(owner.cookie, 'POST', '/api/team/invitations', { email: owner.email, role: 'user' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(TEAM_MESSAGES.alreadyMember);

    await invite(owner.cookie, uniqueEmail('a'));
    const full = await call(owner.cookie, 'POST', '/api/team/invitations', { email: uniqueEmail('b'), role: 'user' });
    expect(full.statusCode).toBe(402);
    expect(full.json().message).toMatch(/Starter plan includes 2 team members\. Upgrade to Professional/);
    const seats = (await call(owner.cookie, 'GET', '/api/team/members')).json().seats;
    expect(seats).toEqual({ used: 2, limit: 2, planName: 'Starter' });

    await setPlan(tenantId, 'professional');
    expect(
      (await call(owner.cookie, 'POST', '/api/team/invitations', { email: uniqueEmail('c'), role: 'user' })).statusCode,
    ).toBe(201);
  });
});

describe('invitations need a verified address (issue 33)', () => {
  const VERIFY_FIRST = 'Please verify your email address first (use the link we sent you); then you can invite people.';

  it('an owner whose email is not verified can neither invite nor resend: 403, nothing stored, no mail', async () => {
    const owner = await signUp(t.app, { businessName: 'Spam Sender LLC' });
    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    const email = uniqueEmail('target');
    const res = await call(owner.cookie, 'POST', '/api/team/invitations', { email, role: 'admin' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(VERIFY_FIRST);
    expect(
      await t.database.db.select().from(teamInvitations).where(eq(teamInvitations.tenantId, tenantId)),
    ).toHaveLength(0);
    expect(await t.database.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, email))).toHaveLength(0);

    // Verified, the invitation goes out; unverified again (e.g. the address changed), no resend.
    await verifyEmail(t.database.db, owner);
    const { id } = await invite(owner.cookie, email);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, owner.userId));
    const resend = await call(owner.cookie, 'POST', `/api/team/invitations/${id}/resend`);
    expect(resend.statusCode, resend.body).toBe(403);
    expect(resend.json().message).toBe(VERIFY_FIRST);
    expect(await t.database.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, email))).toHaveLength(1);
  });
});

describe('roles and removal', () => {
  it('role limits hold in the API: a user and a manager cannot manage the team', async () => {
    const owner = await verifiedOwner();
    await setPlan(await tenantIdOf(t.database.db, owner.userId), 'professional');
    const user = await acceptAsNewPerson((await invite(owner.cookie, uniqueEmail('u'), 'user')).token, 'Uma');
    const manager = await acceptAsNewPerson((await invite(owner.cookie, uniqueEmail('m'), 'manager')).token, 'Max');

    for (const cookie of [user, manager]) {
      expect((await call(cookie, 'GET', '/api/team/members')).statusCode).toBe(200);
      expect((await call(cookie, 'GET', '/api/team/invitations')).statusCode).toBe(403);
      const inv = await call(cookie, 'POST', '/api/team/invitations', { email: uniqueEmail('z'), role: 'admin' });
      expect(inv.statusCode).toBe(403);
      expect((await call(cookie, 'PATCH', `/api/team/members/${owner.userId}`, { role: 'user' })).statusCode).toBe(403);
      expect((await call(cookie, 'DELETE', `/api/team/members/${owner.userId}`)).statusCode).toBe(403);
      expect((await call(cookie, 'POST', '/api/billing/checkout', { plan: 'starter' })).statusCode).toBe(403);
      expect((await call(cookie, 'PUT', '/api/billing/plan', { plan: 'enterprise' })).statusCode).toBe(403);
    }
    expect((await call(undefined, 'GET', '/api/team/members')).statusCode).toBe(401);
  });

  it('a role change takes effect on the next request; removal ends the member’s sessions', async () => {
    const owner = await verifiedOwner();
    const email = uniqueEmail('p');
    const cookie = await acceptAsNewPerson((await invite(owner.cookie, email, 'user')).token, 'Pat');
    const members = (await call(owner.cookie, 'GET', '/api/team/members')).json<{
      members: { userId: string; email: string }[];
    }>();
    const pat = members.members.find((m) => m.email === email)?.userId ?? '';

    expect((await call(cookie, 'GET', '/api/team/invitations')).statusCode).toBe(403);
    const promoted = await call(owner.cookie, 'PATCH', `/api/team/members/${pat}`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ role: 'admin', email });
    expect((await call(cookie, 'GET', '/api/team/invitations')).statusCode).toBe(200);

    expect((await call(owner.cookie, 'DELETE', `/api/team/members/${pat}`)).statusCode).toBe(204);
    expect((await call(cookie, 'GET', '/api/auth/user')).statusCode).toBe(401);
    const after = (await call(owner.cookie, 'GET', '/api/team/members')).json<{ members: unknown[] }>();
    expect(after.members).toHaveLength(1);
  });

  it('the last admin can be neither demoted nor removed; with a second admin, they can', async () => {
    const owner = await verifiedOwner();
    const demote = await call(owner.cookie, 'PATCH', `/api/team/members/${owner.userId}`, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(TEAM_MESSAGES.lastAdmin);
    expect((await call(owner.cookie, 'DELETE', `/api/team/members/${owner.userId}`)).json().message).toBe(
      TEAM_MESSAGES.lastAdmin,
    );
    await acceptAsNewPerson((await invite(owner.cookie, uniqueEmail('a2'), 'admin')).token, 'Ari');
    const ok = await call(owner.cookie, 'PATCH', `/api/team/members/${owner.userId}`, { role: 'manager' });
    expect(ok.json().role).toBe('manager');
    // Now a manager: the owner can no longer manage the team.
    expect((await call(owner.cookie, 'GET', '/api/team/invitations')).statusCode).toBe(403);
  });

  it("another business's member ids and malformed ids are 404", async () => {
    const owner = await verifiedOwner();
    const rival = await verifiedOwner();
    for (const id of [rival.userId, 'not-a-uuid', '00000000-0000-0000-0000-000000000001']) {
      expect((await call(owner.cookie, 'PATCH', `/api/team/members/${id}`, { role: 'user' })).statusCode).toBe(404);
      expect((await call(owner.cookie, 'DELETE', `/api/team/members/${id}`)).statusCode).toBe(404);
    }
    expect((await call(rival.cookie, 'GET', '/api/auth/user')).json().role).toBe('admin');
  });
});
