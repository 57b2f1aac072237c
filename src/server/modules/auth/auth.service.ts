import type { FastifyBaseLogger } from 'fastify';
import { authMessages } from '#shared/auth-rules.ts';
import type { TAuthUser, TRole } from '#shared/schemas/auth.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { DEMO_TENANT_SLUG } from './demo-business.ts';
import { AppError, FieldError } from '#server/errors.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { passwordResetMail, verificationMail } from '#server/mail/templates.ts';
import { type AuthContext, toRole } from '#server/auth-context.ts';
import { enforce, hit, peek, reset, tooMany } from '#server/security/rate-limit.ts';
import type { AppServices } from '#server/services.ts';
import * as repo from './auth.repo.ts';
import { AUTH_LIMITS, failureKeys, SESSION_TTL_MS, slowDown, TOKEN_TTL_MS } from './limits.ts';
import { createAccount, EMAIL_TAKEN } from './accounts.service.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';
import { newPasswordProblem } from './password-policy.ts';
import { hashToken, newToken } from './tokens.ts';

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export function authDeps({ database, config, mailer, log }: AppServices): AuthDeps {
  return { db: database.db, config, mailer, log };
}

/** A new session: the cookie value and, for "remember me", when the cookie should expire. */
export interface NewSession {
  token: string;
  persistentUntil?: Date;
}

export const INVALID_CREDENTIALS = 'Invalid email or password.';
const RESET_LINK_INVALID = 'This password reset link is invalid, expired or already used. Please request a new one.';
const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired. Request a new one from your profile.';
const ALREADY_VERIFIED = 'Your email address is already verified.';

// Views ----------------------------------------------------------------------------------

/** The user as the client sees it; `tenantId` is the session's business (a new session starts in the first). */
export async function userView(db: Db, userId: string, role: TRole, tenantId?: string): Promise<TAuthUser> {
  const found = await repo.findUserWithMemberships(db, userId);
  if (!found) throw new AppError('unauthorized', 'Please sign in to continue.');
  const { user, memberships } = found;
  const current = tenantId ? memberships.find((m) => m.tenantId === tenantId) : memberships[0];
  return {
    demoBusiness: current?.tenant.slug === DEMO_TENANT_SLUG,
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLoginAt?.toISOString() ?? null,
    tenantMemberships: memberships.map((m) => ({ id: m.id, role: m.role, tenant: m.tenant })),
  };
}

// Sessions -------------------------------------------------------------------------------

/** Starts a session in `tenantId` with a fresh random id (a new id on every sign-in). */
export async function startSession(db: Db, userId: string, tenantId: string, remember: boolean): Promise<NewSession> {
  const { token, hash } = newToken();
  const expire = new Date(Date.now() + (remember ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.browser));
  await repo.insertSession(db, { sidHash: hash, userId, tenantId, expire, persistent: remember });
  return { token, ...(remember ? { persistentUntil: expire } : {}) };
}

/**
 * Records a sign-in and starts a session in the user's first business (password and OpenID
 * Connect sign-ins alike); undefined when the user belongs to no business.
 */
export async function beginSession(
  db: Db,
  userId: string,
  remember: boolean,
): Promise<{ session: NewSession; role: TRole } | undefined> {
  const [membership] = await repo.listMemberships(db, userId);
  if (!membership) return undefined;
  await repo.updateUser(db, userId, { lastLoginAt: new Date() });
  return { session: await startSession(db, userId, membership.tenantId, remember), role: toRole(membership.role) };
}

/** Moves a session to a business its user is an active member of; false when they are not. */
export async function moveSession(db: Db, sidHash: string, userId: string, tenantId: string): Promise<boolean> {
  return repo.moveSessionToTenant(db, sidHash, userId, tenantId);
}

async function signIn(
  deps: AuthDeps,
  userId: string,
  remember: boolean,
): Promise<{ user: TAuthUser; session: NewSession }> {
  const begun = await beginSession(deps.db, userId, remember);
  if (!begun)
    throw new AppError(
      'forbidden',
      'Your account is not part of any business. Ask its administrator to invite you again.',
    );
  return { user: await userView(deps.db, userId, begun.role), session: begun.session };
}

// Sign-up and sign-in --------------------------------------------------------------------

export async function register(
  deps: AuthDeps,
  input: { email: string; password: string; firstName: string; lastName: string; businessName?: string | undefined },
): Promise<{ user: TAuthUser; session: NewSession }> {
  const problem = newPasswordProblem(input.password);
  if (problem) throw new FieldError('password', problem);
  if (await repo.findUserByEmail(deps.db, input.email)) throw new FieldError('email', EMAIL_TAKEN, 'conflict');
  const { userId } = await createAccount(deps.db, { ...input, passwordHash: await hashPassword(input.password) });
  sendVerification(deps, userId);
  return signIn(deps, userId, false);
}

/** Who is signing in: their address, and whether this browser signed in to the account before. */
export interface Caller {
  ip: string;
  knownDevice: boolean;
}

/**
 * Brute-force protection without a lockout: failures are counted per account and per (account,
 * address). One address that keeps failing is refused (429); an account failing from everywhere
 * is slowed down (progressive delay), never refused, so a stranger can't lock its owner out; a
 * device that signed in to the account before skips both.
 */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; rememberMe: boolean },
  caller: Caller,
): Promise<{ user: TAuthUser; session: NewSession }> {
  const keys = failureKeys('login', input.email, caller.ip);
  if (!caller.knownDevice) {
    const [pair, account] = await Promise.all([peek(deps.db, keys.accountIp), peek(deps.db, keys.account)]);
    if (pair.count >= AUTH_LIMITS.loginFailuresPerAccountIp.limit) throw tooMany(pair);
    await slowDown(account.count - AUTH_LIMITS.loginFailuresPerAccount.limit);
  }

  const user = await repo.findUserByEmail(deps.db, input.email);
  // Always one argon2 verify, so an unknown email answers as slowly as a wrong password.
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !user.passwordHash || !user.isActive || !matches) {
    await hit(deps.db, keys.accountIp, AUTH_LIMITS.loginFailuresPerAccountIp);
    await hit(deps.db, keys.account, AUTH_LIMITS.loginFailuresPerAccount);
    throw new AppError('unauthorized', INVALID_CREDENTIALS);
  }
  await Promise.all([reset(deps.db, keys.accountIp), reset(deps.db, keys.account)]);
  return signIn(deps, user.id, input.rememberMe);
}

export async function logout(deps: AuthDeps, auth: AuthContext | null): Promise<void> {
  if (auth) await repo.deleteSession(deps.db, auth.sidHash);
}

// Profile and password -------------------------------------------------------------------

export async function updateProfile(
  deps: AuthDeps,
  auth: AuthContext,
  input: { firstName: string; lastName: string },
): Promise<TAuthUser> {
  await repo.updateUser(deps.db, auth.userId, { firstName: input.firstName, lastName: input.lastName });
  return userView(deps.db, auth.userId, auth.role, auth.tenantId);
}

export async function changePassword(
  deps: AuthDeps,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new FieldError('currentPassword', 'Current password is incorrect.');
  }
  const problem = newPasswordProblem(input.newPassword);
  if (problem) throw new FieldError('newPassword', problem);
  if (input.newPassword === input.currentPassword)
    throw new FieldError('newPassword', 'Choose a new password that differs from the current one.');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, auth.userId, { passwordHash });
    // Anyone else signed in with the old password is signed out; this device stays in.
    await repo.deleteUserSessions(tx, auth.userId, auth.sidHash);
  });
}

// Links by mail --------------------------------------------------------------------------

/** Mail goes out in the background: the answer must not wait for (or reveal) a mail server. */
function sendInBackground(deps: AuthDeps, work: () => Promise<unknown>): void {
  work().catch((err: unknown) => deps.log.error({ err }, 'could not prepare or send account mail'));
}

function link(deps: AuthDeps, path: string, token: string): string {
  return `${deps.config.appUrl}${path}/${token}`;
}

function sendVerification(deps: AuthDeps, userId: string): void {
  sendInBackground(deps, async () => {
    const user = await repo.findUserById(deps.db, userId);
    if (!user) return;
    const { token, hash } = newToken();
    await repo.retireTokens(deps.db, userId, 'verify_email');
    await repo.insertToken(deps.db, {
      userId,
      purpose: 'verify_email',
      tokenHash: hash,
      ttlMs: TOKEN_TTL_MS.verify_email,
    });
    await deps.mailer.send({
      to: user.email,
      type: 'verify_email',
      userId,
      ...verificationMail(user.firstName, link(deps, '/verify-email', token)),
    });
  });
}

/** The same protection as sign-in: one address is refused past its ceiling, the account only slowed down. */
export async function forgotPassword(deps: AuthDeps, email: string, caller: Caller): Promise<string> {
  const keys = failureKeys('forgot', email, caller.ip);
  if (!caller.knownDevice) {
    await enforce(deps.db, keys.accountIp, AUTH_LIMITS.forgotPerAccountIp);
    const account = await hit(deps.db, keys.account, AUTH_LIMITS.forgotPerAccount);
    await slowDown(account.count - AUTH_LIMITS.forgotPerAccount.limit);
  }
  const user = await repo.findUserByEmail(deps.db, email);
  if (user?.isActive) {
    sendInBackground(deps, async () => {
      const { token, hash } = newToken();
      await repo.retireTokens(deps.db, user.id, 'reset_password');
      await repo.insertToken(deps.db, {
        userId: user.id,
        purpose: 'reset_password',
        tokenHash: hash,
        ttlMs: TOKEN_TTL_MS.reset_password,
      });
      await deps.mailer.send({
        to: user.email,
        type: 'reset_password',
        userId: user.id,
        ...passwordResetMail(user.firstName, link(deps, '/reset-password', token)),
      });
    });
  }
  // The same answer whether or not the account exists.
  return authMessages.forgotSuccess;
}

export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }): Promise<string> {
  // Checked before the token is used, so a refused password does not burn the link.
  const problem = newPasswordProblem(input.password);
  if (problem) throw new FieldError('password', problem);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const userId = await repo.consumeToken(tx, 'reset_password', hashToken(input.token));
    if (!userId) throw new AppError('bad_request', RESET_LINK_INVALID);
    // The link arrived by mail, so the address is proven too.
    await repo.updateUser(tx, userId, { passwordHash, emailVerified: true });
    await repo.deleteUserSessions(tx, userId);
  });
  return authMessages.resetSuccess;
}

export async function verifyEmail(deps: AuthDeps, token: string): Promise<string> {
  const tokenHash = hashToken(token);
  const userId = await repo.consumeToken(deps.db, 'verify_email', tokenHash);
  if (userId) {
    await repo.updateUser(deps.db, userId, { emailVerified: true });
    return 'Your email address has been verified.';
  }
  // People click mailed links twice; a link of an already verified address is not an error.
  const owner = await repo.findTokenOwner(deps.db, 'verify_email', tokenHash);
  if (owner && (await repo.findUserById(deps.db, owner))?.emailVerified) return ALREADY_VERIFIED;
  throw new AppError('bad_request', VERIFY_LINK_INVALID);
}

export async function resendVerification(deps: AuthDeps, auth: AuthContext): Promise<string> {
  if (auth.emailVerified) throw new AppError('bad_request', ALREADY_VERIFIED);
  sendVerification(deps, auth.userId);
  return authMessages.resendSuccess;
}
