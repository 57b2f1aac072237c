import * as client from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  PROVIDER_NAMES,
  PROVIDERS,
  type TAccountChoices,
  type TConnection,
  type TConnectionList,
  type TProblemCode,
  type TProvider,
} from '#shared/schemas/connections.ts';
import type { AppServices } from '#server/services.ts';
import type { ConnectionsConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import {
  ConnectionProblem,
  fetchWithRetry,
  problemFromResponse,
  problemMessage,
  problemReason,
  type ProviderHttpOptions,
} from '#server/integrations/provider-http.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { connectionProblemMail } from '#server/mail/templates.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { SecretBoxError, type SecretBox } from '#server/security/secret-box.ts';
import { allowsPlainHttp } from '#server/modules/auth/oidc.service.ts';
import { PROVIDER_DEFS, type AccountOption, type ProviderDef } from './connections.providers.ts';
import * as repo from './connections.repo.ts';
import { mailBrand } from '#server/modules/settings/branding.service.ts';

/**
 * Connections to the owner's accounts (issue 14): OAuth 2.0 authorization code with PKCE and
 * state through openid-client (a manually built Configuration per provider, no discovery), the
 * account choice, token refresh before expiry, health checks, and one mail per problem.
 * Tokens are sealed by the secret box, used here only, and never answered or logged.
 */
export interface ConnectionsDeps {
  db: Db;
  box: SecretBox;
  config: ConnectionsConfig;
  appUrl: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
  http?: ProviderHttpOptions;
  now?: () => Date;
}

export function connectionsDeps(services: AppServices, log: FastifyBaseLogger): ConnectionsDeps {
  return {
    db: services.database.db,
    box: services.secretBox,
    config: services.config.connections,
    // Read when used: main.ts puts the real port into appUrl only after listening.
    get appUrl() {
      return services.config.appUrl;
    },
    mailer: services.mailer,
    log,
  };
}

/** How long a started connection may take at the provider. */
export const PENDING_TTL_SECONDS = 600;
/** An access token this close to expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 2 * 60_000;
export const SETTINGS_PATH = '/settings?tab=connections';

const nowOf = (deps: ConnectionsDeps) => deps.now?.() ?? new Date();
export const callbackPath = (provider: TProvider) => `/api/connections/${provider}/callback`;
const redirectUri = (deps: ConnectionsDeps, provider: TProvider) => `${deps.appUrl}${callbackPath(provider)}`;
const isConfigured = (deps: ConnectionsDeps, provider: TProvider) => deps.config[provider].credentials !== undefined;

// OAuth configuration ------------------------------------------------------------------------

function oauthConfiguration(deps: ConnectionsDeps, def: ProviderDef): client.Configuration {
  const credentials = deps.config[def.id].credentials;
  if (!credentials) throw notConfigured(def.id);
  const metadata = def.metadata(deps.config);
  const auth =
    def.clientAuth === 'basic'
      ? client.ClientSecretBasic(credentials.clientSecret)
      : client.ClientSecretPost(credentials.clientSecret);
  const configuration = new client.Configuration(metadata, credentials.clientId, credentials.clientSecret, auth);
  // Token, refresh and revocation requests go through the one provider helper (timeouts, retries).
  configuration[client.customFetch] = (url, options) => fetchWithRetry(def.id, url, options as RequestInit, deps.http);
  const endpoints = Object.values(metadata).filter((v): v is string => typeof v === 'string');
  // Plain http only for a provider on this machine (local fakes); never across a network.
  if (endpoints.some((e) => e.startsWith('http:'))) {
    if (!endpoints.every((e) => e.startsWith('https:') || allowsPlainHttp(new URL(e))))
      throw new AppError('internal', `${PROVIDER_NAMES[def.id]} endpoints must use https.`);
    client.allowInsecureRequests(configuration);
  }
  return configuration;
}

const notConfigured = (provider: TProvider) =>
  new AppError(
    'bad_request',
    `${PROVIDER_NAMES[provider]} sign-in is not set up on this server. Enter your credentials in Settings → Social instead, or ask your administrator to add the app credentials.`,
  );

/** Any failure of an openid-client call as one of the five problems. */
function problemFromOAuth(provider: TProvider, err: unknown): ConnectionProblem {
  if (err instanceof ConnectionProblem) return err;
  if (err instanceof client.ResponseBodyError) {
    return problemFromResponse(provider, err.status, { error: err.error });
  }
  return new ConnectionProblem(provider, 'provider_down', err instanceof Error ? err.name : 'unknown error');
}

// Starting and finishing a connection --------------------------------------------------------

const ZPending = z.object({
  provider: z.enum(PROVIDERS),
  tenantId: z.string().min(1),
  state: z.string().min(1),
  verifier: z.string().min(43).max(128),
});
type Pending = z.infer<typeof ZPending>;

function decodePending(value: string | undefined): Pending | undefined {
  if (!value || value.length > 1024) return undefined;
  try {
    return ZPending.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
}

/** The provider's consent URL and the pending value (state, PKCE verifier) for a short-lived cookie. */
export async function startConnect(
  deps: ConnectionsDeps,
  auth: AuthContext,
  provider: TProvider,
): Promise<{ url: string; pending: string }> {
  const def = PROVIDER_DEFS[provider];
  const configuration = oauthConfiguration(deps, def);
  const pending: Pending = {
    provider,
    tenantId: auth.tenantId,
    state: client.randomState(),
    verifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(deps, provider),
    response_type: 'code',
    scope: def.scopes.join(provider === 'meta' ? ',' : ' '),
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    ...def.authParams,
  });
  return { url: url.href, pending: Buffer.from(JSON.stringify(pending)).toString('base64url') };
}

export type ConnectOutcome = 'connected' | 'chosen' | 'denied' | 'failed';

/**
 * Checks the provider's answer (state, PKCE) and stores the tokens. A reconnect keeps the account
 * chosen before when the provider still lists it; otherwise the owner chooses next.
 */
export async function finishConnect(
  deps: ConnectionsDeps,
  auth: AuthContext,
  provider: TProvider,
  input: { query: string; pending: string | undefined },
): Promise<ConnectOutcome> {
  const pending = decodePending(input.pending);
  if (!pending || pending.provider !== provider || pending.tenantId !== auth.tenantId) {
    deps.log.warn({ provider }, 'connection callback without a matching pending connection');
    return 'failed';
  }
  const def = PROVIDER_DEFS[provider];
  let tokens: client.TokenEndpointResponse;
  try {
    const configuration = oauthConfiguration(deps, def);
    const query = input.query.startsWith('?') ? input.query : `?${input.query}`;
    tokens = await client.authorizationCodeGrant(configuration, new URL(`${redirectUri(deps, provider)}${query}`), {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
    });
    if (provider === 'meta') tokens = await longLivedMetaToken(deps, tokens.access_token);
  } catch (err) {
    if (err instanceof client.AuthorizationResponseError && err.error === 'access_denied') return 'denied';
    const problem = problemFromOAuth(provider, err);
    deps.log.warn({ provider, code: problem.code, detail: problem.detail }, 'connection code exchange failed');
    return 'failed';
  }

  const now = nowOf(deps);
  const before = await repo.findConnection(deps.db, auth.tenantId, provider);
  const granted = typeof tokens.scope === 'string' && tokens.scope ? tokens.scope.split(/[\s,]+/) : def.scopes;
  const values: repo.ConnectionValues = {
    source: 'oauth',
    status: 'choose_account',
    accessToken: deps.box.seal(tokens.access_token, tokenContext(auth.tenantId, provider, 'access')),
    // Google sends a refresh token on every consent (prompt=consent); keep the old one if none came.
    refreshToken: tokens.refresh_token
      ? deps.box.seal(tokens.refresh_token, tokenContext(auth.tenantId, provider, 'refresh'))
      : (before?.refreshToken ?? null),
    expiresAt: expiryOf(tokens, now),
    scopes: granted.filter(Boolean),
    externalAccountId: null,
    accountName: null,
    accountToken: null,
    ...noProblem,
    lastSuccessAt: now,
    lastCheckedAt: now,
    connectedBy: auth.userId,
  };
  // Reconnecting: the account chosen before stays chosen when the provider still lists it.
  if (before?.externalAccountId) {
    try {
      const options = await def.listAccounts(deps.config, tokens.access_token, deps.http ?? {});
      const same = options.find((o) => o.id === before.externalAccountId);
      if (same) Object.assign(values, chosen(deps, auth.tenantId, provider, same));
    } catch (err) {
      deps.log.warn(
        { provider, code: problemFromOAuth(provider, err).code },
        'could not list accounts after reconnect',
      );
    }
  }
  const row = await repo.upsertConnection(deps.db, auth.tenantId, provider, values);
  return row.status === 'healthy' ? 'chosen' : 'connected';
}

/** Meta's code gives a short-lived user token (hours); Pages need the 60-day one. */
async function longLivedMetaToken(deps: ConnectionsDeps, shortLived: string): Promise<client.TokenEndpointResponse> {
  const credentials = deps.config.meta.credentials!;
  const response = await fetchWithRetry(
    'meta',
    `${deps.config.meta.graphBaseUrl}/oauth/access_token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'fb_exchange_token',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        fb_exchange_token: shortLived,
      }),
    },
    deps.http,
  );
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || typeof body?.access_token !== 'string') {
    throw problemFromResponse('meta', response.status, body);
  }
  return {
    access_token: body.access_token,
    token_type: 'bearer',
    ...(typeof body.expires_in === 'number' ? { expires_in: body.expires_in } : {}),
  } as client.TokenEndpointResponse;
}

function expiryOf(tokens: { expires_in?: number | undefined }, now: Date): Date | null {
  return typeof tokens.expires_in === 'number' && tokens.expires_in > 0
    ? new Date(now.getTime() + tokens.expires_in * 1000)
    : null;
}

const noProblem = { problemCode: null, problemMessage: null, problemSince: null, problemNotifiedAt: null } as const;

function chosen(
  deps: ConnectionsDeps,
  tenantId: string,
  provider: TProvider,
  option: AccountOption,
): repo.ConnectionValues {
  return {
    status: 'healthy',
    externalAccountId: option.id,
    accountName: option.name,
    accountToken: option.accountToken
      ? deps.box.seal(option.accountToken, tokenContext(tenantId, provider, 'account'))
      : null,
    ...noProblem,
  };
}

// Using the tokens ---------------------------------------------------------------------------

type TokenField = 'access' | 'refresh' | 'account';

/** Each sealed token is bound to its business, provider and field: a copy elsewhere does not open. */
function tokenContext(tenantId: string, provider: TProvider, field: TokenField): string {
  return `connection:${tenantId}:${provider}:${field}`;
}

function openToken(deps: ConnectionsDeps, row: repo.ConnectionRow, field: TokenField): string {
  const provider = row.provider as TProvider;
  const sealed = { access: row.accessToken, refresh: row.refreshToken, account: row.accountToken }[field];
  if (!sealed) throw new ConnectionProblem(provider, 'expired', 'no token stored');
  try {
    return deps.box.open(sealed, tokenContext(row.tenantId, provider, field));
  } catch (err) {
    if (err instanceof SecretBoxError)
      throw new ConnectionProblem(provider, 'expired', 'token unreadable with this key');
    throw err;
  }
}

/** New tokens from the refresh token; an invalid_grant (revoked, expired) is a ConnectionProblem. */
export async function refreshConnection(deps: ConnectionsDeps, row: repo.ConnectionRow): Promise<string> {
  const provider = row.provider as TProvider;
  const refreshToken = openToken(deps, row, 'refresh');
  let tokens: client.TokenEndpointResponse;
  try {
    tokens = await client.refreshTokenGrant(oauthConfiguration(deps, PROVIDER_DEFS[provider]), refreshToken);
  } catch (err) {
    throw problemFromOAuth(provider, err);
  }
  const now = nowOf(deps);
  await repo.updateConnection(deps.db, row.tenantId, provider, {
    accessToken: deps.box.seal(tokens.access_token, tokenContext(row.tenantId, provider, 'access')),
    // X rotates refresh tokens on every use.
    ...(tokens.refresh_token
      ? { refreshToken: deps.box.seal(tokens.refresh_token, tokenContext(row.tenantId, provider, 'refresh')) }
      : {}),
    expiresAt: expiryOf(tokens, now),
    ...(typeof tokens.scope === 'string' && tokens.scope ? { scopes: tokens.scope.split(/[\s,]+/) } : {}),
  });
  return tokens.access_token;
}

/** Runs `use` with a live access token: refreshed first when about to expire, and once more on a 401. */
async function withToken<T>(
  deps: ConnectionsDeps,
  row: repo.ConnectionRow,
  use: (token: string) => Promise<T>,
): Promise<T> {
  const provider = row.provider as TProvider;
  const canRefresh = row.refreshToken !== null && isConfigured(deps, provider);
  const soon = row.expiresAt !== null && row.expiresAt.getTime() - nowOf(deps).getTime() < EXPIRY_MARGIN_MS;
  if (soon && !canRefresh) throw new ConnectionProblem(provider, 'expired', 'access token expired, no refresh token');
  let token = soon ? await refreshConnection(deps, row) : openToken(deps, row, 'access');
  try {
    return await use(token);
  } catch (err) {
    if (!(err instanceof ConnectionProblem) || err.code !== 'expired' || !canRefresh || soon) throw err;
    token = await refreshConnection(deps, row);
    return use(token);
  }
}

/**
 * For other areas (reviews sync, replies): runs `use` with a live access token and the chosen
 * account of the business's healthy connection; undefined when there is none. A provider problem
 * is recorded on the connection (banner, mail) and rethrown for the caller to show.
 */
export async function withConnection<T>(
  deps: ConnectionsDeps,
  tenantId: string,
  provider: TProvider,
  use: (token: string, accountId: string) => Promise<T>,
): Promise<T | undefined> {
  const row = await repo.findConnection(deps.db, tenantId, provider);
  if (!row || row.status === 'choose_account' || !row.externalAccountId) return undefined;
  const accountId = row.externalAccountId;
  try {
    return await withToken(deps, row, (token) => use(token, accountId));
  } catch (err) {
    if (err instanceof ConnectionProblem) {
      const fresh = (await repo.findConnection(deps.db, tenantId, provider)) ?? row;
      await recordProblem(deps, fresh, err);
    }
    throw err;
  }
}

/** The businesses with a chosen account on `provider` (for background syncs). */
export async function connectedTenants(deps: Pick<ConnectionsDeps, 'db'>, provider: TProvider): Promise<string[]> {
  const rows = await repo.findCheckable(deps.db);
  return rows.filter((r) => r.provider === provider && r.externalAccountId).map((r) => r.tenantId);
}

// Health -------------------------------------------------------------------------------------

async function recordSuccess(deps: ConnectionsDeps, row: repo.ConnectionRow): Promise<void> {
  const now = nowOf(deps);
  await repo.updateConnection(deps.db, row.tenantId, row.provider as TProvider, {
    ...(row.externalAccountId ? { status: 'healthy' } : {}),
    ...noProblem,
    lastSuccessAt: now,
    lastCheckedAt: now,
  });
}

/** Records a problem; the owner is mailed once per problem (a new code is a new problem). */
export async function recordProblem(
  deps: ConnectionsDeps,
  row: repo.ConnectionRow,
  problem: ConnectionProblem,
): Promise<void> {
  const provider = row.provider as TProvider;
  const now = nowOf(deps);
  const same = row.status === 'problem' && row.problemCode === problem.code;
  deps.log.warn({ provider, tenantId: row.tenantId, code: problem.code, detail: problem.detail }, 'connection problem');
  await repo.updateConnection(deps.db, row.tenantId, provider, {
    status: 'problem',
    problemCode: problem.code,
    problemMessage: problem.message,
    problemSince: same ? row.problemSince : now,
    problemNotifiedAt: same ? row.problemNotifiedAt : null,
    lastCheckedAt: now,
  });
  // Waiting fixes rate limits and outages; the owner is mailed about what needs them.
  if (!problem.needsReconnect) return;
  if (!(await repo.claimProblemNotice(deps.db, row.tenantId, provider, now))) return;
  const name = PROVIDER_NAMES[provider];
  const brand = await mailBrand(deps, row.tenantId);
  for (const admin of await repo.tenantAdmins(deps.db, row.tenantId)) {
    const mail = connectionProblemMail(
      admin.firstName,
      { provider: name, reason: problem.reason, message: problem.message, action: `Reconnect ${name}` },
      `${deps.appUrl}${SETTINGS_PATH}`,
      brand,
    );
    await deps.mailer.send({
      to: admin.email,
      ...mail,
      type: 'connection_problem',
      userId: admin.userId,
      tenantId: row.tenantId,
    });
  }
}

/** One cheap call with the stored tokens, recorded as success or problem. */
async function checkRow(deps: ConnectionsDeps, row: repo.ConnectionRow): Promise<void> {
  const provider = row.provider as TProvider;
  const def = PROVIDER_DEFS[provider];
  try {
    await withToken(deps, row, async (token) => {
      // A Page token speaks for the chosen Page (Meta); otherwise the user's token.
      const accountToken = row.accountToken ? openToken(deps, row, 'account') : token;
      await def.check(deps.config, provider === 'meta' ? accountToken : token, row.externalAccountId, deps.http ?? {});
    });
  } catch (err) {
    if (!(err instanceof ConnectionProblem)) throw err;
    const fresh = (await repo.findConnection(deps.db, row.tenantId, provider)) ?? row;
    await recordProblem(deps, fresh, err);
    return;
  }
  await recordSuccess(deps, row);
}

// The API ------------------------------------------------------------------------------------

function view(deps: ConnectionsDeps, provider: TProvider, row: repo.ConnectionRow | undefined): TConnection {
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  if (!row) {
    return {
      provider,
      state: isConfigured(deps, provider) ? 'disconnected' : 'not_configured',
      source: null,
      accountName: null,
      accountId: null,
      scopes: [],
      lastSuccessAt: null,
      lastCheckedAt: null,
      expiresAt: null,
      problem: null,
    };
  }
  const code = row.status === 'problem' ? (row.problemCode as TProblemCode | null) : null;
  const name = PROVIDER_NAMES[provider];
  const reconnect = code === 'expired' || code === 'revoked' || code === 'missing_permission';
  return {
    provider,
    state: row.status === 'problem' ? 'problem' : row.status === 'healthy' ? 'healthy' : 'choose_account',
    source: row.source === 'manual' ? 'manual' : 'oauth',
    accountName: row.accountName,
    accountId: row.externalAccountId,
    scopes: row.scopes,
    lastSuccessAt: iso(row.lastSuccessAt),
    lastCheckedAt: iso(row.lastCheckedAt),
    expiresAt: iso(row.expiresAt),
    problem: code
      ? {
          code,
          reason: problemReason(code),
          message: row.problemMessage ?? problemMessage(provider, code),
          action: reconnect ? `Reconnect ${name}` : 'Check again',
          fix: reconnect ? 'reconnect' : 'check',
          since: (row.problemSince ?? row.updatedAt).toISOString(),
        }
      : null,
  };
}

export async function listConnections(deps: ConnectionsDeps, auth: AuthContext): Promise<TConnectionList> {
  const rows = await repo.listConnections(deps.db, auth.tenantId);
  return {
    connections: PROVIDERS.map((p) =>
      view(
        deps,
        p,
        rows.find((r) => r.provider === p),
      ),
    ),
  };
}

async function existing(deps: ConnectionsDeps, auth: AuthContext, provider: TProvider): Promise<repo.ConnectionRow> {
  const row = await repo.findConnection(deps.db, auth.tenantId, provider);
  if (!row) throw new AppError('not_found', `${PROVIDER_NAMES[provider]} is not connected.`);
  return row;
}

/** A failed provider call during a request: recorded, then answered as a readable 4xx/5xx. */
async function asAppError(deps: ConnectionsDeps, row: repo.ConnectionRow, err: unknown): Promise<never> {
  if (!(err instanceof ConnectionProblem)) throw err;
  await recordProblem(deps, (await repo.findConnection(deps.db, row.tenantId, row.provider as TProvider)) ?? row, err);
  throw new AppError(
    err.code === 'rate_limited' ? 'rate_limited' : err.needsReconnect ? 'conflict' : 'unavailable',
    err.message,
  );
}

async function optionsFor(deps: ConnectionsDeps, auth: AuthContext, provider: TProvider): Promise<AccountOption[]> {
  const row = await existing(deps, auth, provider);
  if (row.source === 'manual')
    throw new AppError(
      'bad_request',
      'This connection uses the credentials from Settings → Social; change the account there.',
    );
  try {
    return await withToken(deps, row, (token) =>
      PROVIDER_DEFS[provider].listAccounts(deps.config, token, deps.http ?? {}),
    );
  } catch (err) {
    return asAppError(deps, row, err);
  }
}

/** The pages / locations / organizations the grant reaches, from the provider's own list. */
export async function listAccountChoices(
  deps: ConnectionsDeps,
  auth: AuthContext,
  provider: TProvider,
): Promise<TAccountChoices> {
  const options = await optionsFor(deps, auth, provider);
  return { accounts: options.map(({ id, name, detail }) => ({ id, name, detail })) };
}

export async function selectAccount(
  deps: ConnectionsDeps,
  auth: AuthContext,
  provider: TProvider,
  accountId: string,
): Promise<TConnection> {
  const option = (await optionsFor(deps, auth, provider)).find((o) => o.id === accountId);
  if (!option)
    throw new AppError('bad_request', `That account is not one ${PROVIDER_NAMES[provider]} lists for this sign-in.`);
  const now = nowOf(deps);
  const row = await repo.updateConnection(deps.db, auth.tenantId, provider, {
    ...chosen(deps, auth.tenantId, provider, option),
    lastSuccessAt: now,
    lastCheckedAt: now,
  });
  return view(deps, provider, row);
}

/** "Check now": one cheap call, recorded; answers the connection as it now stands. */
export async function checkConnection(
  deps: ConnectionsDeps,
  auth: AuthContext,
  provider: TProvider,
): Promise<TConnection> {
  await checkRow(deps, await existing(deps, auth, provider));
  return view(deps, provider, await repo.findConnection(deps.db, auth.tenantId, provider));
}

/** Revokes the grant at the provider (best effort) and forgets the tokens. */
export async function disconnect(deps: ConnectionsDeps, auth: AuthContext, provider: TProvider): Promise<TConnection> {
  const row = await existing(deps, auth, provider);
  if (row.source === 'oauth' && isConfigured(deps, provider)) {
    try {
      await revokeAtProvider(deps, row);
    } catch (err) {
      const problem = problemFromOAuth(provider, err);
      deps.log.warn({ provider, code: problem.code, detail: problem.detail }, 'revocation at the provider failed');
    }
  }
  await repo.deleteConnection(deps.db, auth.tenantId, provider);
  return view(deps, provider, undefined);
}

async function revokeAtProvider(deps: ConnectionsDeps, row: repo.ConnectionRow): Promise<void> {
  const provider = row.provider as TProvider;
  const def = PROVIDER_DEFS[provider];
  if (def.revoke) {
    await def.revoke(deps.config, openToken(deps, row, 'access'), deps.http ?? {});
    return;
  }
  // Revoking the refresh token ends the whole grant (Google, X, LinkedIn).
  await client.tokenRevocation(
    oauthConfiguration(deps, def),
    openToken(deps, row, row.refreshToken ? 'refresh' : 'access'),
    {
      token_type_hint: row.refreshToken ? 'refresh_token' : 'access_token',
    },
  );
}

// Background work (connections.jobs.ts) ------------------------------------------------------

/** Refreshes every token that expires within `withinMs`; a failed refresh becomes the connection's problem. */
export async function refreshExpiringTokens(
  deps: ConnectionsDeps,
  withinMs = 20 * 60_000,
): Promise<{ refreshed: number; failed: number }> {
  const rows = await repo.findExpiring(deps.db, new Date(nowOf(deps).getTime() + withinMs));
  let refreshed = 0;
  let failed = 0;
  for (const row of rows) {
    if (!isConfigured(deps, row.provider as TProvider)) continue;
    try {
      await refreshConnection(deps, row);
      refreshed++;
    } catch (err) {
      if (!(err instanceof ConnectionProblem)) throw err;
      failed++;
      // A passing outage leaves the row alone; the next run tries again before expiry.
      if (err.needsReconnect) await recordProblem(deps, row, err);
    }
  }
  return { refreshed, failed };
}

/** The daily health check: one cheap call per connection, each recorded. */
export async function checkAllConnections(deps: ConnectionsDeps): Promise<{ healthy: number; problems: number }> {
  let healthy = 0;
  let problems = 0;
  for (const row of await repo.findCheckable(deps.db)) {
    await checkRow(deps, row);
    const after = await repo.findConnection(deps.db, row.tenantId, row.provider as TProvider);
    if (after?.status === 'problem') problems++;
    else healthy++;
  }
  return { healthy, problems };
}

// The paste-your-credentials path (Settings → Social) ------------------------------------------

/**
 * Credentials pasted in Settings → Social become the same stored connection as an OAuth grant
 * (source "manual"), so the health check, banner, hint and mail cover them too. Facebook's
 * token is taken as the Page token; LinkedIn's as the member token for the organization. An
 * OAuth connection, when there is one, wins and is left alone. The token is sealed here, bound to this business, provider and field.
 */
export async function syncPastedConnection(
  db: Db,
  box: SecretBox,
  tenantId: string,
  provider: 'meta' | 'linkedin',
  pasted: { token: string | null; accountId: string | null },
): Promise<void> {
  const row = await repo.findConnection(db, tenantId, provider);
  if (row?.source === 'oauth') return;
  if (!pasted.token || !pasted.accountId) {
    if (row) await repo.deleteConnection(db, tenantId, provider);
    return;
  }
  const accountId = provider === 'linkedin' ? `urn:li:organization:${pasted.accountId}` : pasted.accountId;
  const seal = (field: TokenField) => box.seal(pasted.token!, tokenContext(tenantId, provider, field));
  await repo.upsertConnection(db, tenantId, provider, {
    source: 'manual',
    status: 'healthy',
    accessToken: seal('access'),
    accountToken: provider === 'meta' ? seal('account') : null,
    refreshToken: null,
    expiresAt: null,
    externalAccountId: accountId,
    accountName: provider === 'meta' ? `Facebook Page ${accountId}` : `LinkedIn organization ${pasted.accountId}`,
    scopes: [],
    ...noProblem,
    // Not verified yet: the daily check (or Check now) calls the provider with it.
    lastSuccessAt: null,
    lastCheckedAt: null,
  });
}

// For areas that act on the owner's accounts (social publishing) ---------------------------------

/** The providers with an account chosen (healthy or with a problem): the ones another area may use. */
export async function usableProviders(deps: Pick<ConnectionsDeps, 'db'>, tenantId: string): Promise<Set<TProvider>> {
  const rows = await repo.listConnections(deps.db, tenantId);
  return new Set(rows.filter((r) => r.externalAccountId).map((r) => r.provider as TProvider));
}

/**
 * Runs `use` with a live token for the chosen account (Meta: the Page's token), refreshed as
 * needed. A failure that needs the owner (expired, revoked) is recorded like a health check's;
 * every ConnectionProblem is rethrown for the caller to report. Null when nothing is connected.
 */
export async function withAccountToken<T>(
  deps: ConnectionsDeps,
  tenantId: string,
  provider: TProvider,
  use: (token: string, accountId: string) => Promise<T>,
): Promise<T | null> {
  const row = await repo.findConnection(deps.db, tenantId, provider);
  if (!row?.externalAccountId) return null;
  const accountId = row.externalAccountId;
  try {
    return await withToken(deps, row, (token) =>
      use(provider === 'meta' && row.accountToken ? openToken(deps, row, 'account') : token, accountId),
    );
  } catch (err) {
    if (err instanceof ConnectionProblem && err.needsReconnect) {
      await recordProblem(deps, (await repo.findConnection(deps.db, tenantId, provider)) ?? row, err);
    }
    throw err;
  }
}
