import * as client from 'openid-client';
import { z } from 'zod';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { FieldError } from '#server/errors.ts';
import * as authRepo from './auth.repo.ts';
import { createAccount } from './accounts.service.ts';
import { beginSession, type AuthDeps, type NewSession } from './auth.service.ts';
import * as repo from './oidc.repo.ts';
import { pendingCodec, ZPendingFlow } from '#server/security/pending-cookie.ts';
import { zString } from '#shared/schemas/string.ts';

// Sign-in through an OpenID Connect provider: authorization code flow with PKCE (S256), state
// and nonce, by openid-client. No HTTP framework here: the routes carry the values in and out.

export type OidcSettings = NonNullable<AppConfig['oidc']>;

/** The part of the auth module's deps (`authDeps`) that sign-in through a provider uses. */
export type OidcDeps = Pick<AuthDeps, 'db' | 'config'>;

/** How long a started sign-in may take at the provider before it must start again. */
export { PENDING_TTL_SECONDS } from '#server/security/pending-cookie.ts';
export const CALLBACK_PATH = '/api/auth/oidc/callback';

/** What the login page is told; the reason and error are for the log only. */
export type OidcRefusal = {
  ok: false;
  message: 'oidc-failed' | 'oidc-email-unverified';
  reason: string;
  err?: unknown;
};

const failed = (reason: string, err?: unknown): OidcRefusal => ({
  ok: false,
  message: 'oidc-failed',
  reason,
  ...(err === undefined ? {} : { err }),
});

// Configuration ---------------------------------------------------------------------------

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http only to a provider on this machine (local providers, tests); never across a network. */
export function allowsPlainHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

// One discovered Configuration per provider and process; a failed discovery is not kept, so
// the next sign-in discovers again.
const configurations = new Map<string, Promise<client.Configuration>>();

function configurationFor(settings: OidcSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuerUrl, settings.clientId, settings.clientSecret]);
  let found = configurations.get(key);
  if (!found) {
    const discovering = discover(settings);
    configurations.set(key, discovering);
    discovering.catch(() => {
      if (configurations.get(key) === discovering) configurations.delete(key);
    });
    found = discovering;
  }
  return found;
}

async function discover(settings: OidcSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuerUrl);
  const insecure = allowsPlainHttp(issuer);
  // client_secret_basic: the default token endpoint authentication of OIDC client registration.
  const configuration = await client.discovery(
    issuer,
    settings.clientId,
    undefined,
    client.ClientSecretBasic(settings.clientSecret),
    {
      timeout: 10,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    },
  );
  if (insecure) {
    // The exemption covers every endpoint the provider names: all of them must be local too.
    for (const value of Object.values(configuration.serverMetadata())) {
      if (typeof value === 'string' && value.startsWith('http:') && !allowsPlainHttp(new URL(value))) {
        throw new Error(`a local OpenID Connect provider named a plain-http endpoint elsewhere: ${value}`);
      }
    }
  }
  return configuration;
}

// Starting a sign-in ----------------------------------------------------------------------

const ZPending = ZPendingFlow.extend({ nonce: zString().min(1) });
type Pending = z.infer<typeof ZPending>;
const PENDING = pendingCodec(ZPending);

const redirectUri = (config: AppConfig) => `${config.appUrl}${CALLBACK_PATH}`;

/**
 * The provider URL to send the browser to, and the pending value (state, nonce, PKCE verifier)
 * the browser must bring back to the callback, in a short-lived cookie.
 */
export async function startSignIn(
  deps: OidcDeps,
  settings: OidcSettings,
): Promise<{ ok: true; url: string; pending: string } | OidcRefusal> {
  try {
    const configuration = await configurationFor(settings);
    const pending: Pending = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri(deps.config),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { ok: true, url: url.href, pending: PENDING.encode(pending) };
  } catch (err) {
    return failed('could not start a sign-in at the OpenID Connect provider', err);
  }
}

// Finishing a sign-in ---------------------------------------------------------------------

const ZClaims = z.object({
  iss: zString().min(1),
  sub: zString().min(1).max(255),
  email: zString()
    .trim()
    .max(254)
    .pipe(z.email())
    .transform((e) => e.toLowerCase()),
  // Only a literal true counts as verified.
  email_verified: z.unknown().transform((v) => v === true),
  given_name: zString().optional().catch(undefined),
  family_name: zString().optional().catch(undefined),
  name: zString().optional().catch(undefined),
});
type Claims = z.infer<typeof ZClaims>;

const clip = (s: string | undefined) => s?.trim().slice(0, 100) || undefined;

/** Names from the claims; without any, the email's local part as the first name. */
export function namesFrom(claims: Pick<Claims, 'email' | 'given_name' | 'family_name' | 'name'>): {
  firstName: string;
  lastName: string;
} {
  const [first, ...rest] = (claims.name ?? '').trim().split(/\s+/);
  const firstName = clip(claims.given_name) ?? clip(first) ?? clip(claims.email.split('@')[0]) ?? 'New';
  const lastName = clip(claims.family_name) ?? clip(rest.join(' ')) ?? '';
  return { firstName, lastName };
}

/** The provider's claims about the person: the ID token's, completed from UserInfo when it lacks the email. */
async function claimsOf(
  configuration: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<Record<string, unknown>> {
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('the provider sent no ID token');
  // Many providers put profile and email claims only in UserInfo for the code flow.
  if (
    (idClaims.email === undefined || idClaims.email_verified === undefined) &&
    configuration.serverMetadata().userinfo_endpoint
  ) {
    const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    return { ...info, ...Object.fromEntries(Object.entries(idClaims).filter(([, v]) => v !== undefined)) };
  }
  return idClaims;
}

/**
 * Checks the provider's answer (state, PKCE, nonce, ID token), finds or creates the user and
 * starts a fresh session. Never throws: every problem is an OidcRefusal for the login page.
 */
export async function finishSignIn(
  deps: OidcDeps,
  settings: OidcSettings,
  input: { query: string; pending: string | undefined; previousSidHash?: string | undefined },
): Promise<{ ok: true; session: NewSession } | OidcRefusal> {
  const pending = PENDING.decode(input.pending);
  if (!pending) return failed('no pending sign-in (cookie missing, expired or malformed)');

  let claims: Claims;
  try {
    const configuration = await configurationFor(settings);
    const query = input.query.startsWith('?') ? input.query : `?${input.query}`;
    const tokens = await client.authorizationCodeGrant(configuration, new URL(`${redirectUri(deps.config)}${query}`), {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const parsed = ZClaims.safeParse(await claimsOf(configuration, tokens));
    if (!parsed.success) return failed('the provider sent no usable sub or email claim', parsed.error);
    claims = parsed.data;
  } catch (err) {
    return failed('the provider answer was refused or the code exchange failed', err);
  }

  try {
    const userId = await userFor(deps.db, claims);
    if (typeof userId !== 'string') return userId;
    return await signIn(deps.db, userId, input.previousSidHash);
  } catch (err) {
    return failed('could not find, link or create the account', err);
  }
}

/** The user an identity belongs to: linked before, linked now by a verified email, or new. */
async function userFor(db: Db, claims: Claims): Promise<string | OidcRefusal> {
  // Two first sign-ins of one person at once: the loser of the race finds the winner's rows.
  for (let attempt = 0; ; attempt++) {
    try {
      return await findOrCreate(db, claims);
    } catch (err) {
      const raced = isUniqueViolation(err) || (err instanceof FieldError && err.field === 'email');
      if (!raced || attempt >= 1) throw err;
    }
  }
}

async function findOrCreate(db: Db, claims: Claims): Promise<string | OidcRefusal> {
  const identity = { issuer: claims.iss, subject: claims.sub };
  const linked = await repo.findIdentityUser(db, identity.issuer, identity.subject);
  if (linked) return linked;

  const existing = await authRepo.findUserByEmail(db, claims.email);
  if (existing) {
    // Whoever controls an unverified address at the provider must not get this account.
    if (!claims.email_verified) {
      return {
        ok: false,
        message: 'oidc-email-unverified',
        reason: `the provider has not verified ${claims.email}, which has an account here`,
      };
    }
    await db.transaction(async (tx) => {
      await repo.insertIdentity(tx, { userId: existing.id, ...identity });
      if (!existing.emailVerified) await authRepo.updateUser(tx, existing.id, { emailVerified: true });
    });
    return existing.id;
  }

  const names = namesFrom(claims);
  return db.transaction(async (tx) => {
    const { userId } = await createAccount(tx, {
      email: claims.email,
      ...names,
      businessName: `${names.firstName} ${names.lastName}`.trim(),
      passwordHash: null,
      emailVerified: claims.email_verified,
    });
    await repo.insertIdentity(tx, { userId, ...identity });
    return userId;
  });
}

async function signIn(
  db: Db,
  userId: string,
  previousSidHash: string | undefined,
): Promise<{ ok: true; session: NewSession } | OidcRefusal> {
  const user = await authRepo.findUserById(db, userId);
  if (!user?.isActive) return failed(`account ${userId} is deactivated`);
  const begun = await beginSession(db, userId, false);
  if (!begun) return failed(`account ${userId} belongs to no business`);
  // A session this browser had before (perhaps another person's) ends; the new one has a fresh id.
  if (previousSidHash) await authRepo.deleteSession(db, previousSidHash);
  return { ok: true, session: begun.session };
}
