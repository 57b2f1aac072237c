import * as client from 'openid-client';
import { z } from 'zod';
import {
  PROVIDER_NAMES,
  PROVIDERS,
  type TAccountChoices,
  type TConnection,
  type TProvider,
} from '#shared/schemas/connections.ts';
import { AppError } from '#server/errors.ts';
import { pendingCodec, ZPendingFlow } from '#server/security/pending-cookie.ts';
import { fetchWithRetry, problemFromResponse } from '#server/integrations/provider-http.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { PROVIDER_DEFS, type AccountOption } from './connections-providers.ts';
import * as repo from './connections.repo.ts';
import {
  existing,
  expiryOf,
  noProblem,
  nowOf,
  oauthConfiguration,
  problemFromOAuth,
  tokenContext,
  withToken,
  type ConnectionsDeps,
} from './connections-tokens.service.ts';
import { asAppError, view } from './connections-health.service.ts';

/**
 * The OAuth 2.0 connect flow (issue 14): authorization code with state, and PKCE where the
 * provider takes it (not LinkedIn: decision 020), through openid-client, the callback that stores the tokens, and the account / location choice.
 */

/** How long a started connection may take at the provider. */
export { PENDING_TTL_SECONDS } from '#server/security/pending-cookie.ts';

export const callbackPath = (provider: TProvider) => `/api/connections/${provider}/callback`;
const redirectUri = (deps: ConnectionsDeps, provider: TProvider) => `${deps.appUrl}${callbackPath(provider)}`;

// Starting and finishing a connection --------------------------------------------------------

const ZPending = ZPendingFlow.extend({ provider: z.enum(PROVIDERS), tenantId: z.string().min(1) });
type Pending = z.infer<typeof ZPending>;
const PENDING = pendingCodec(ZPending);

/** The scope parameter of the authorization request: Meta separates permissions with commas. */
export const requestedScope = (provider: TProvider) =>
  PROVIDER_DEFS[provider].scopes.join(provider === 'meta' ? ',' : ' ');

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
  // Without PKCE (LinkedIn) the state alone ties the answer to this browser and business.
  const pkce: Record<string, string> =
    def.pkce === false
      ? {}
      : { code_challenge: await client.calculatePKCECodeChallenge(pending.verifier), code_challenge_method: 'S256' };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(deps, provider),
    response_type: 'code',
    scope: requestedScope(provider),
    ...pkce,
    state: pending.state,
    ...def.authParams,
  });
  return { url: url.href, pending: PENDING.encode(pending) };
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
  const pending = PENDING.decode(input.pending);
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
      ...(def.pkce === false ? {} : { pkceCodeVerifier: pending.verifier }),
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
