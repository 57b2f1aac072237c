import type { FastifyBaseLogger } from 'fastify';
import { PROVIDERS, type TConnection, type TConnectionList, type TProvider } from '#shared/schemas/connections.ts';
import type { AppServices } from '#server/services.ts';
import type { AuthContext } from '#server/auth-context.ts';
import * as repo from './connections.repo.ts';
import {
  existing,
  isConfigured,
  problemFromOAuth,
  revokeAtProvider,
  type ConnectionsDeps,
} from './connections-tokens.service.ts';
import { view } from './connections-health.service.ts';

/**
 * Connections to the owner's accounts (issue 14): OAuth 2.0 authorization code with PKCE and
 * state through openid-client (a manually built Configuration per provider, no discovery), the
 * account choice, token refresh before expiry, health checks, and one mail per problem.
 * Tokens are sealed by the secret box, used here only, and never answered or logged.
 *
 * This file is the module's public face; the work is in connections-oauth.service.ts (the connect
 * flow), connections-tokens.service.ts (token use) and connections-health.service.ts (health).
 */
export type { ConnectionsDeps };
export {
  callbackPath,
  finishConnect,
  listAccountChoices,
  PENDING_TTL_SECONDS,
  selectAccount,
  startConnect,
  type ConnectOutcome,
} from './connections-oauth.service.ts';
export {
  connectedTenants,
  refreshConnection,
  syncPastedConnection,
  usableProviders,
} from './connections-tokens.service.ts';
export {
  checkAllConnections,
  checkConnection,
  recordProblem,
  recordProblemFor,
  refreshExpiringTokens,
  SETTINGS_PATH,
  withAccountToken,
  withConnection,
} from './connections-health.service.ts';

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
    jobs: services.jobs,
    log,
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
