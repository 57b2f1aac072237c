import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import { isApiRoute } from './routes.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests that a browser sends from another site (CSRF). The
 * session cookie is SameSite=Lax already; this also covers same-site subdomains and older
 * browsers. Requests without Origin or Sec-Fetch-Site come from non-browser clients, which
 * carry no ambient cookies to abuse. The Origin is compared with APP_URL only — never with the
 * request's own Host, which the caller chooses — and the check applies by route (the URL as
 * matched), so a percent-encoded spelling of /api can't skip it. `alsoTrusted` admits the
 * other origins the app is served on (a business's verified custom domain).
 */
export function registerOriginCheck(
  app: FastifyInstance,
  alsoTrusted: (request: FastifyRequest, origin: string) => Promise<boolean> = async () => false,
): void {
  const appOrigin = () => new URL(app.deps.config.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRoute(request)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === appOrigin() || (await alsoTrusted(request, origin))) return;
      throw new AppError('forbidden', 'This request came from another website and was refused.');
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      throw new AppError('forbidden', 'This request came from another website and was refused.');
    }
  });
}
