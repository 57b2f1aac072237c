import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '#server/config.ts';
import { emptyAnswer } from '#server/plugins/api-responses.ts';
import { setSessionCookie } from '#server/plugins/auth.ts';
import { authDeps } from './auth.service.ts';
import * as oidc from './oidc.service.ts';

// The pending sign-in travels only between /api/login and the callback below.
const PENDING_PATH = '/api/auth/oidc';
const pendingCookieName = (config: AppConfig) => (config.secureCookies ? '__Secure-fw_oidc' : 'fw_oidc');

/** GET /api/login and the provider's callback; registered under /api. The rules live in oidc.service.ts. */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const deps = authDeps(app.deps);
  const pendingOptions = { path: PENDING_PATH, httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };

  // Public sign-up buttons navigate here. Without an OpenID Connect provider, sign-up is ours.
  const toSignIn = {
    schema: { response: { 302: emptyAnswer("To the provider's sign-in, or to our own without one") } },
  };
  app.get('/login', toSignIn, async (request, reply) => {
    if (!config.oidc) return reply.redirect('/register', 302);
    const started = await oidc.startSignIn(deps, config.oidc);
    if (!started.ok) {
      request.log.error({ err: started.err }, `OpenID Connect: ${started.reason}`);
      return reply.redirect(`/login?message=${started.message}`, 302);
    }
    reply.setCookie(pendingCookieName(config), started.pending, {
      ...pendingOptions,
      maxAge: oidc.PENDING_TTL_SECONDS,
    });
    return reply.redirect(started.url, 302);
  });

  const back = {
    schema: { response: { 302: emptyAnswer('To the dashboard when signed in, else to the sign-in page') } },
  };
  app.get('/auth/oidc/callback', back, async (request, reply) => {
    if (!config.oidc) return reply.redirect('/login', 302);
    const queryAt = request.url.indexOf('?');
    const result = await oidc.finishSignIn(deps, config.oidc, {
      query: queryAt === -1 ? '' : request.url.slice(queryAt),
      pending: request.cookies[pendingCookieName(config)],
      previousSidHash: request.auth?.sidHash,
    });
    // One use only, whatever the outcome.
    reply.clearCookie(pendingCookieName(config), pendingOptions);
    if (!result.ok) {
      request.log.warn({ err: result.err }, `OpenID Connect sign-in refused: ${result.reason}`);
      return reply.redirect(`/login?message=${result.message}`, 302);
    }
    setSessionCookie(reply, config, result.session.token, result.session.persistentUntil);
    return reply.redirect('/dashboard', 302);
  });
};
