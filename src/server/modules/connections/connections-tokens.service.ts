import * as client from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import { PROVIDER_NAMES, type TProvider } from '#shared/schemas/connections.ts';
import type { ConnectionsConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import {
  ConnectionProblem,
  fetchWithRetry,
  problemFromResponse,
  type ProviderHttpOptions,
} from '#server/integrations/provider-http.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { SecretBoxError, type SecretBox } from '#server/security/secret-box.ts';
import { allowsPlainHttp } from '#server/modules/auth/oidc.service.ts';
import { PROVIDER_DEFS, type ProviderDef } from './connections-providers.ts';
import * as repo from './connections.repo.ts';

/**
 * Token use for connections (issue 14), and the pieces every connections file shares (the lowest
 * file: it imports no other connections service). The OAuth client per provider, sealing and
 * opening tokens, refresh before expiry, revocation, and the pasted-credentials path.
 * Tokens are sealed by the secret box, used here only, and never answered or logged.
 */

/** What the connections services need; built by connectionsDeps() in connections.service.ts. */
export interface ConnectionsDeps {
  db: Db;
  box: SecretBox;
  config: ConnectionsConfig;
  appUrl: string;
  mailer: Mailer;
  /** A connection that needs the owner is also pushed to their phone (push.service#notify). */
  jobs: Pick<Jobs, 'enqueue'>;
  log: FastifyBaseLogger;
  http?: ProviderHttpOptions;
  now?: () => Date;
}

/** An access token this close to expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 2 * 60_000;

export const nowOf = (deps: ConnectionsDeps) => deps.now?.() ?? new Date();
export const isConfigured = (deps: ConnectionsDeps, provider: TProvider) =>
  deps.config[provider].credentials !== undefined;

// OAuth configuration ------------------------------------------------------------------------

export function oauthConfiguration(deps: ConnectionsDeps, def: ProviderDef): client.Configuration {
  const credentials = deps.config[def.id].credentials;
  if (!credentials) throw notConfigured(def.id);
  const metadata = def.metadata(deps.config);
  const auth =
    def.clientAuth === 'basic'
      ? client.ClientSecretBasic(credentials.clientSecret)
      : client.ClientSecretPost(credentials.clientSecret);
  const configuration = new client.Configuration(metadata, credentials.clientId, credentials.clientSecret, auth);
  // Token, refresh and revocation requests go through the one provider helper (timeouts, retries).
  configuration[client.customFetch] = async (url, options) => {
    const response = await fetchWithRetry(def.id, url, options as RequestInit, deps.http);
    return def.omitsTokenType && url === metadata.token_endpoint ? withTokenType(response) : response;
  };
  const endpoints = Object.values(metadata).filter((v): v is string => typeof v === 'string');
  // Plain http only for a provider on this machine (local fakes); never across a network.
  if (endpoints.some((e) => e.startsWith('http:'))) {
    if (!endpoints.every((e) => e.startsWith('https:') || allowsPlainHttp(new URL(e))))
      throw new AppError('internal', `${PROVIDER_NAMES[def.id]} endpoints must use https.`);
    client.allowInsecureRequests(configuration);
  }
  return configuration;
}

/**
 * LinkedIn's token answer has no `token_type`, which oauth4webapi requires (panva/openid-client
 * #826); its tokens are bearer tokens, so a successful answer without one gets `bearer`.
 */
async function withTokenType(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || body.token_type !== undefined) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(JSON.stringify({ ...body, token_type: 'bearer' }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

const notConfigured = (provider: TProvider) =>
  new AppError(
    'bad_request',
    `${PROVIDER_NAMES[provider]} sign-in is not set up on this server. Enter your credentials in Settings → Social instead, or ask your administrator to add the app credentials.`,
  );

/** Any failure of an openid-client call as one of the five problems. */
export function problemFromOAuth(provider: TProvider, err: unknown): ConnectionProblem {
  if (err instanceof ConnectionProblem) return err;
  if (err instanceof client.ResponseBodyError) {
    return problemFromResponse(provider, err.status, { error: err.error, error_description: err.error_description });
  }
  return new ConnectionProblem(provider, 'provider_down', err instanceof Error ? err.name : 'unknown error');
}

// Shared by the connections files ----------------------------------------------------------

export function expiryOf(tokens: { expires_in?: number | undefined }, now: Date): Date | null {
  return typeof tokens.expires_in === 'number' && tokens.expires_in > 0
    ? new Date(now.getTime() + tokens.expires_in * 1000)
    : null;
}

export const noProblem = {
  problemCode: null,
  problemMessage: null,
  problemSince: null,
  problemNotifiedAt: null,
} as const;

export async function existing(
  deps: ConnectionsDeps,
  auth: AuthContext,
  provider: TProvider,
): Promise<repo.ConnectionRow> {
  const row = await repo.findConnection(deps.db, auth.tenantId, provider);
  if (!row) throw new AppError('not_found', `${PROVIDER_NAMES[provider]} is not connected.`);
  return row;
}

// Using the tokens ---------------------------------------------------------------------------

type TokenField = 'access' | 'refresh' | 'account';

/** Each sealed token is bound to its business, provider and field: a copy elsewhere does not open. */
export function tokenContext(tenantId: string, provider: TProvider, field: TokenField): string {
  return `connection:${tenantId}:${provider}:${field}`;
}

export function openToken(deps: ConnectionsDeps, row: repo.ConnectionRow, field: TokenField): string {
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
export async function withToken<T>(
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

export async function revokeAtProvider(deps: ConnectionsDeps, row: repo.ConnectionRow): Promise<void> {
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

// For areas that act on the owner's accounts (social publishing) ---------------------------------

/** The businesses with a chosen account on `provider` (for background syncs). */
export async function connectedTenants(deps: Pick<ConnectionsDeps, 'db'>, provider: TProvider): Promise<string[]> {
  const rows = await repo.findCheckable(deps.db);
  return rows.filter((r) => r.provider === provider && r.externalAccountId).map((r) => r.tenantId);
}

/** The providers with an account chosen (healthy or with a problem): the ones another area may use. */
export async function usableProviders(deps: Pick<ConnectionsDeps, 'db'>, tenantId: string): Promise<Set<TProvider>> {
  const rows = await repo.listConnections(deps.db, tenantId);
  return new Set(rows.filter((r) => r.externalAccountId).map((r) => r.provider as TProvider));
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
