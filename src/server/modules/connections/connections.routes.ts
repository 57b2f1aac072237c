import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  ZAccountChoices,
  ZConnection,
  ZConnectionList,
  ZProviderParams,
  ZSelectAccount,
  ZStartConnection,
  type TProvider,
} from '#shared/schemas/connections.ts';
import type { AppConfig } from '#server/config.ts';
import { emptyAnswer, PROVIDER_ERRORS } from '#server/plugins/api-responses.ts';
import { authOf, requireAuth, requireRole } from '#server/plugins/auth.ts';
import * as connections from './connections.service.ts';

// The pending connection (state, PKCE verifier) travels only between …/start and …/callback.
const pendingCookie = (config: AppConfig, provider: TProvider) =>
  `${config.secureCookies ? '__Secure-' : ''}fw_conn_${provider}`;

/**
 * Connections to the owner's accounts (issue 14). Any member reads; a manager or admin connects,
 * chooses, checks and disconnects. No response carries a token.
 */
export const connectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const deps = connections.connectionsDeps(app.deps, app.log);
  const asManager = { preHandler: requireRole('manager') };
  // Calls that reach the provider: the connection gone (409), its limits (429), it being down (503).
  const reaching = { ...asManager, config: { errors: [...PROVIDER_ERRORS] } };
  const params = ZProviderParams;
  const cookieOptions = (provider: TProvider) => ({
    path: `/api/connections/${provider}`,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
  });

  app.get(
    '/connections',
    { schema: { response: { 200: ZConnectionList } }, preHandler: requireAuth },
    async (request) => connections.listConnections(deps, authOf(request)),
  );

  app.post(
    '/connections/:provider/start',
    { schema: { params, response: { 200: ZStartConnection } }, ...asManager },
    async (request, reply) => {
      const { provider } = request.params;
      const started = await connections.startConnect(deps, authOf(request), provider);
      reply.setCookie(pendingCookie(config, provider), started.pending, {
        ...cookieOptions(provider),
        maxAge: connections.PENDING_TTL_SECONDS,
      });
      return { url: started.url };
    },
  );

  // The provider sends the browser here; the answer is always a redirect to Settings → Connections.
  const toSettings = { 302: emptyAnswer('To Settings → Connections with the outcome, or to the sign-in page') };
  app.get('/connections/:provider/callback', { schema: { params, response: toSettings } }, async (request, reply) => {
    const { provider } = request.params;
    reply.clearCookie(pendingCookie(config, provider), cookieOptions(provider));
    if (!request.auth) return reply.redirect('/login', 302);
    if (request.auth.role === 'user')
      return reply.redirect(`${connections.SETTINGS_PATH}&provider=${provider}&outcome=failed`, 302);
    const queryAt = request.url.indexOf('?');
    const outcome = await connections.finishConnect(deps, request.auth, provider, {
      query: queryAt === -1 ? '' : request.url.slice(queryAt),
      pending: request.cookies[pendingCookie(config, provider)],
    });
    return reply.redirect(`${connections.SETTINGS_PATH}&provider=${provider}&outcome=${outcome}`, 302);
  });

  app.get(
    '/connections/:provider/accounts',
    { schema: { params, response: { 200: ZAccountChoices } }, ...reaching },
    async (request) => connections.listAccountChoices(deps, authOf(request), request.params.provider),
  );

  app.post(
    '/connections/:provider/select',
    { schema: { params, body: ZSelectAccount, response: { 200: ZConnection } }, ...reaching },
    async (request) =>
      connections.selectAccount(deps, authOf(request), request.params.provider, request.body.accountId),
  );

  app.post(
    '/connections/:provider/check',
    { schema: { params, response: { 200: ZConnection } }, ...reaching },
    async (request) => connections.checkConnection(deps, authOf(request), request.params.provider),
  );

  app.delete(
    '/connections/:provider',
    { schema: { params, response: { 200: ZConnection } }, ...asManager },
    async (request) => connections.disconnect(deps, authOf(request), request.params.provider),
  );
};
