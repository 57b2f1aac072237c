import { z } from 'zod';
import { zString } from './string.ts';
import { ZAuthUser, ZEmail, ZGivenPassword, ZName, ZRole } from './auth.ts';

/**
 * Team: members and invitations of the signed-in business (issue 20). Who may call what is the
 * table in docs/roles.md: every member reads the member list; only an admin invites, changes
 * roles and removes people. Another business's member or invitation is a 404.
 */

export const TEAM_MESSAGES = {
  lastAdmin: 'A business needs at least one admin. Make someone else an admin first.',
  alreadyMember: 'This person is already a member of your business.',
  invitationInvalid: 'This invitation is invalid, expired or already used. Ask for a new one.',
  wrongAccount: 'This invitation was sent to another email address. Sign out, then open the link again.',
  passwordNeeded: 'An account with this email already exists. Enter its password to join.',
  wrongPassword: 'That password is not right for this account.',
  namesNeeded: 'Enter your first and last name and choose a password to create your account.',
  // Mail to other people needs a proven address; worded like onboardingMessages.emailNeedsVerifiedAddress.
  verifyBeforeInviting:
    'Please verify your email address first (use the link we sent you); then you can invite people.',
} as const;

export const ZTeamMember = z.object({
  userId: zString(),
  email: zString(),
  firstName: zString().nullable(),
  lastName: zString().nullable(),
  role: ZRole,
  joinedAt: zString(),
  isYou: z.boolean(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZSeatUsage = z.object({
  /** Members plus pending invitations. */
  used: z.number().int(),
  /** null = unlimited. */
  limit: z.number().int().nullable(),
  planName: zString(),
});
export type TSeatUsage = z.infer<typeof ZSeatUsage>;

/** GET /api/team/members */
export const ZTeamMembers = z.object({ members: z.array(ZTeamMember), seats: ZSeatUsage });
export type TTeamMembers = z.infer<typeof ZTeamMembers>;

export const ZUpdateMemberRequest = z.object({ role: ZRole });
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequest>;

export const ZInvitation = z.object({
  id: zString(),
  email: zString(),
  role: ZRole,
  status: z.enum(['pending', 'expired']),
  invitedAt: zString(),
  lastSentAt: zString(),
  expiresAt: zString(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** GET /api/team/invitations: the pending (and recently expired) invitations. */
export const ZInvitations = z.object({ invitations: z.array(ZInvitation), seats: ZSeatUsage });
export type TInvitations = z.infer<typeof ZInvitations>;

/** POST /api/team/invitations */
export const ZInviteRequest = z.object({ email: ZEmail, role: ZRole.default('user') });
export type TInviteRequest = z.input<typeof ZInviteRequest>;

const ZToken = zString({ error: TEAM_MESSAGES.invitationInvalid })
  .min(1, TEAM_MESSAGES.invitationInvalid)
  .max(200, TEAM_MESSAGES.invitationInvalid);

/** POST /api/team/invitations/lookup: what the accept page shows before accepting. */
export const ZLookupInvitationRequest = z.object({ token: ZToken });
export const ZInvitationPreview = z.object({
  businessName: zString(),
  email: zString(),
  role: ZRole,
  invitedBy: zString().nullable(),
  /** An account with this email exists: accepting links it (password or its session). */
  accountExists: z.boolean(),
  /** The caller is signed in as the invited person: accepting needs nothing more. */
  signedInAsInvitee: z.boolean(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

/**
 * POST /api/team/invitations/accept. A new person sends names and a password; an existing
 * account sends its password unless signed in as it. Answers the user, signed in to the business.
 */
export const ZAcceptInvitationRequest = z.object({
  token: ZToken,
  firstName: ZName('First name is required').optional(),
  lastName: ZName('Last name is required').optional(),
  // The full password rules apply when it creates an account (checked by the service).
  password: ZGivenPassword.optional(),
});
export type TAcceptInvitationRequest = z.input<typeof ZAcceptInvitationRequest>;
export const ZAcceptInvitationResult = z.object({ user: ZAuthUser, businessName: zString() });
export type TAcceptInvitationResult = z.infer<typeof ZAcceptInvitationResult>;
