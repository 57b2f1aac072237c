import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests that a browser sends from another site (CSRF). The
 * session cookie is SameSite=Lax already; this also covers same-site subdomains and older
 * browsers. Requests without Origin or Sec-Fetch-Site come from non-browser clients, which
 * carry no ambient cookies to abuse.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const appOrigin = () => new URL(app.deps.config.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const sameHost = `${request.protocol}://${request.host}`;
      if (origin === appOrigin() || origin === sameHost) return;
      throw new AppError('forbidden', 'This request came from another website and was refused.');
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      throw new AppError('forbidden', 'This request came from another website and was refused.');
    }
  });
}
