import type { FastifyBaseLogger } from 'fastify';
import type { TAuthUser, TRole } from '#shared/schemas/auth.ts';
import {
  TEAM_MESSAGES,
  type TAcceptInvitationRequest,
  type TInvitation,
  type TInvitationPreview,
  type TInvitations,
  type TSeatUsage,
  type TTeamMember,
  type TTeamMembers,
} from '#shared/schemas/team.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, FieldError, notFound } from '#server/errors.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { invitationMail } from '#server/mail/templates.ts';
import { type AuthContext, toRole } from '#server/auth-context.ts';
import { enforce } from '#server/security/rate-limit.ts';
import * as accounts from '#server/modules/auth/accounts.service.ts';
import * as members from '#server/modules/auth/members.service.ts';
import { startSession, userView, type NewSession } from '#server/modules/auth/auth.service.ts';
import { hashToken, newToken } from '#server/modules/auth/tokens.ts';
import { assertSeats, planOf } from '#server/modules/billing/billing.service.ts';
import * as repo from './team.repo.ts';
import { mailBrand } from '#server/modules/settings/branding.service.ts';

export interface TeamDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const DAY = 86_400_000;
export const INVITATION_TTL_MS = 7 * DAY;
const INVITES_PER_HOUR = { limit: 30, windowMs: 3_600_000 };
const MEMBER = 'Team member';

// Views ----------------------------------------------------------------------------------

/** People in the business plus pending invitations: what the plan's team size counts. */
export async function seatsInUse(db: Db, tenantId: string): Promise<number> {
  return (await members.countMembers(db, tenantId)) + (await repo.countPendingInvitations(db, tenantId));
}

async function seatUsage(db: Db, tenantId: string): Promise<TSeatUsage> {
  const { limits } = await planOf(db, tenantId);
  return { used: await seatsInUse(db, tenantId), limit: limits.teamMembers, planName: limits.name };
}

function toMember(row: members.MemberRow, auth: AuthContext): TTeamMember {
  return {
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: toRole(row.role),
    joinedAt: row.joinedAt.toISOString(),
    isYou: row.userId === auth.userId,
  };
}

function toInvitation(row: repo.InvitationRow, now = new Date()): TInvitation {
  return {
    id: row.id,
    email: row.email,
    role: toRole(row.role),
    status: row.expiresAt > now ? 'pending' : 'expired',
    invitedAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function listMembers(deps: TeamDeps, auth: AuthContext): Promise<TTeamMembers> {
  const rows = await members.listMembers(deps.db, auth.tenantId);
  return { members: rows.map((r) => toMember(r, auth)), seats: await seatUsage(deps.db, auth.tenantId) };
}

export async function listInvitations(deps: TeamDeps, auth: AuthContext): Promise<TInvitations> {
  const rows = await repo.listInvitations(deps.db, auth.tenantId);
  return { invitations: rows.map((r) => toInvitation(r)), seats: await seatUsage(deps.db, auth.tenantId) };
}

// Members --------------------------------------------------------------------------------

/** Changes a role; demoting the last admin is refused. Takes effect on the member's next request. */
export async function changeRole(deps: TeamDeps, auth: AuthContext, userId: string, role: TRole): Promise<TTeamMember> {
  return deps.db.transaction(async (tx) => {
    await members.lockTenant(tx, auth.tenantId);
    const member = await members.findMember(tx, auth.tenantId, userId);
    if (!member) throw notFound(MEMBER);
    if (toRole(member.role) === 'admin' && role !== 'admin' && (await members.countAdmins(tx, auth.tenantId)) <= 1) {
      throw new AppError('conflict', TEAM_MESSAGES.lastAdmin);
    }
    await members.setMemberRole(tx, auth.tenantId, userId, role);
    return toMember({ ...member, role }, auth);
  });
}

/** Removes a member from the business and ends their sessions in it; never the last admin. */
export async function removeMember(deps: TeamDeps, auth: AuthContext, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await members.lockTenant(tx, auth.tenantId);
    const member = await members.findMember(tx, auth.tenantId, userId);
    if (!member) throw notFound(MEMBER);
    if (toRole(member.role) === 'admin' && (await members.countAdmins(tx, auth.tenantId)) <= 1) {
      throw new AppError('conflict', TEAM_MESSAGES.lastAdmin);
    }
    await members.deleteMember(tx, auth.tenantId, userId);
    await members.deleteSessionsIn(tx, auth.tenantId, userId);
  });
}

// Invitations ----------------------------------------------------------------------------

function inviteLink(deps: TeamDeps, token: string): string {
  return `${deps.config.appUrl}/invite/${token}`;
}

async function sendInvitation(deps: TeamDeps, auth: AuthContext, email: string, role: TRole, token: string) {
  const inviter = await accounts.findAccountByEmail(deps.db, auth.email);
  const inviterName = [inviter?.firstName, inviter?.lastName].filter(Boolean).join(' ') || null;
  // Awaited: the admin should know at once if the mail could not be prepared.
  await deps.mailer.send({
    to: email,
    type: 'team_invitation',
    tenantId: auth.tenantId,
    ...invitationMail(
      { businessName: auth.tenantName, inviterName, role, url: inviteLink(deps, token) },
      await mailBrand(deps, auth.tenantId),
    ),
  });
}

/** Mail to other people goes out only for an admin whose own address is proven. */
function assertVerifiedSender(auth: AuthContext): void {
  if (!auth.emailVerified) throw new AppError('forbidden', TEAM_MESSAGES.verifyBeforeInviting);
}

/**
 * Invites a person by email with a role. A pending invitation to the same address is renewed
 * (new link, new role); a current member is refused. Pending invitations count as seats.
 */
export async function invite(
  deps: TeamDeps,
  auth: AuthContext,
  input: { email: string; role: TRole },
): Promise<TInvitation> {
  assertVerifiedSender(auth);
  await enforce(deps.db, `team-invite:${auth.tenantId}`, INVITES_PER_HOUR);
  const { token, hash } = newToken();
  const row = await deps.db.transaction(async (tx) => {
    await members.lockTenant(tx, auth.tenantId);
    const existing = await accounts.findAccountByEmail(tx, input.email);
    if (existing && (await members.findMember(tx, auth.tenantId, existing.id))) {
      throw new FieldError('email', TEAM_MESSAGES.alreadyMember, 'conflict');
    }
    const open = await repo.findOpenInvitationByEmail(tx, auth.tenantId, input.email);
    if (open) {
      return repo.renewInvitation(tx, auth.tenantId, open.id, {
        tokenHash: hash,
        role: input.role,
        ttlMs: INVITATION_TTL_MS,
      });
    }
    await assertSeats(tx, auth.tenantId, await seatsInUse(tx, auth.tenantId));
    return repo.insertInvitation(tx, {
      tenantId: auth.tenantId,
      email: input.email,
      role: input.role,
      tokenHash: hash,
      invitedBy: auth.userId,
      ttlMs: INVITATION_TTL_MS,
    });
  });
  if (!row) throw notFound('Invitation');
  await sendInvitation(deps, auth, row.email, input.role, token);
  return toInvitation(row);
}

/** Sends an invitation again with a fresh link and 7 more days (the old link stops working). */
export async function resendInvitation(deps: TeamDeps, auth: AuthContext, id: string): Promise<TInvitation> {
  assertVerifiedSender(auth);
  await enforce(deps.db, `team-invite:${auth.tenantId}`, INVITES_PER_HOUR);
  const open = await repo.findOpenInvitation(deps.db, auth.tenantId, id);
  if (!open) throw notFound('Invitation');
  // An expired invitation takes a seat again when renewed.
  if (open.expiresAt <= new Date()) await assertSeats(deps.db, auth.tenantId, await seatsInUse(deps.db, auth.tenantId));
  const { token, hash } = newToken();
  const row = await repo.renewInvitation(deps.db, auth.tenantId, id, { tokenHash: hash, ttlMs: INVITATION_TTL_MS });
  if (!row) throw notFound('Invitation');
  await sendInvitation(deps, auth, row.email, toRole(row.role), token);
  return toInvitation(row);
}

export async function revokeInvitation(deps: TeamDeps, auth: AuthContext, id: string): Promise<void> {
  if (!(await repo.revokeInvitation(deps.db, auth.tenantId, id))) throw notFound('Invitation');
}

// Accepting ------------------------------------------------------------------------------

interface LiveInvitation extends repo.InvitationRow {
  businessName: string;
  invitedByName: string | null;
}

async function liveInvitation(db: Db, token: string): Promise<LiveInvitation> {
  const found = await repo.findLiveInvitationByToken(db, hashToken(token));
  const businessName = found && (await accounts.businessName(db, found.tenantId));
  if (!found || businessName === undefined) throw new AppError('bad_request', TEAM_MESSAGES.invitationInvalid);
  const inviter = found.invitedBy ? await accounts.personName(db, found.invitedBy) : undefined;
  const invitedByName = [inviter?.firstName, inviter?.lastName].filter(Boolean).join(' ') || null;
  return { ...found, businessName, invitedByName };
}

export async function previewInvitation(
  deps: TeamDeps,
  auth: AuthContext | null,
  token: string,
  ip: string,
): Promise<TInvitationPreview> {
  await enforce(deps.db, `invite-lookup:ip:${ip}`, { limit: 60, windowMs: 15 * 60_000 });
  const inv = await liveInvitation(deps.db, token);
  const account = await accounts.findAccountByEmail(deps.db, inv.email);
  return {
    businessName: inv.businessName,
    email: inv.email,
    role: toRole(inv.role),
    invitedBy: inv.invitedByName,
    accountExists: Boolean(account),
    signedInAsInvitee: Boolean(account && auth?.userId === account.id),
  };
}

/**
 * Accepts an invitation: links the existing account with this email (signed in as it, or its
 * password) or creates one (names and a new password), adds the membership and signs the
 * person in to the business. The mailed token is the proof of the address.
 */
export async function acceptInvitation(
  deps: TeamDeps,
  auth: AuthContext | null,
  input: TAcceptInvitationRequest,
  ip: string,
): Promise<{ user: TAuthUser; businessName: string; session: NewSession }> {
  await enforce(deps.db, `invite-accept:ip:${ip}`, { limit: 20, windowMs: 15 * 60_000 });
  const inv = await liveInvitation(deps.db, input.token);
  const account = await accounts.findAccountByEmail(deps.db, inv.email);

  let userId: string;
  if (account) {
    if (auth && auth.userId !== account.id) throw new AppError('forbidden', TEAM_MESSAGES.wrongAccount);
    if (!auth) {
      if (!input.password) throw new FieldError('password', TEAM_MESSAGES.passwordNeeded);
      if (!(await accounts.passwordMatches(deps.db, account.id, input.password))) {
        throw new FieldError('password', TEAM_MESSAGES.wrongPassword);
      }
    }
    userId = account.id;
  } else {
    if (auth) throw new AppError('forbidden', TEAM_MESSAGES.wrongAccount);
    if (!input.firstName || !input.lastName || !input.password) {
      throw new AppError('bad_request', TEAM_MESSAGES.namesNeeded);
    }
    userId = await accounts.createMemberAccount(deps.db, {
      email: inv.email,
      firstName: input.firstName,
      lastName: input.lastName,
      password: input.password,
    });
  }

  await deps.db.transaction(async (tx) => {
    await members.lockTenant(tx, inv.tenantId);
    if (!(await repo.markAccepted(tx, inv.tenantId, inv.id)))
      throw new AppError('bad_request', TEAM_MESSAGES.invitationInvalid);
    // The invitation held a seat; a plan downgraded since then may have no room left.
    await assertSeats(tx, inv.tenantId, await members.countMembers(tx, inv.tenantId));
    await members.insertMembership(tx, inv.tenantId, userId, toRole(inv.role));
  });

  const session = await startSession(deps.db, userId, inv.tenantId, false);
  return {
    user: await userView(deps.db, userId, toRole(inv.role)),
    businessName: inv.businessName,
    session,
  };
}
