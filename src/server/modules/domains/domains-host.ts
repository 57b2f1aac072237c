import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { brandingOf } from '#server/modules/settings/branding.service.ts';
import * as repo from './domains.repo.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The business whose verified custom domain this request came in on; null on the app's own host. */
    domainTenantId: string | null;
    /**
     * The Host names neither the app nor a verified custom domain (a forged Host, or a domain not
     * or no longer verified): nothing of a particular business is served on it.
     */
    unknownHost: boolean;
  }
}

// Which business a Host belongs to, cached briefly: every request on a custom domain asks, and
// a change (verify, remove, a failed re-check) is forgotten at once in this process and within
// CACHE_MS in the others.
const CACHE_MS = 30_000;
const CACHE_MAX = 10_000;
const cache = new Map<string, { tenantId: string | null; at: number }>();

export function forgetHost(domain: string): void {
  cache.delete(domain);
}

export async function tenantOfHost(db: Db, host: string, now = Date.now()): Promise<string | null> {
  const hit = cache.get(host);
  if (hit && now - hit.at < CACHE_MS) return hit.tenantId;
  const tenantId = (await repo.verifiedTenantOf(db, host)) ?? null;
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(host, { tenantId, at: now });
  return tenantId;
}

/**
 * Marks each request with the business of its custom domain (request.domainTenantId). On such a
 * domain the bare address opens the app's sign-in rather than Fieldwise's marketing home.
 */
export function registerCustomDomains(app: FastifyInstance): void {
  const ownHost = () => new URL(app.deps.config.appUrl).hostname;
  app.decorateRequest('domainTenantId', null);
  app.decorateRequest('unknownHost', false);
  app.addHook('onRequest', async (request, reply) => {
    const host = request.hostname.toLowerCase().replace(/\.$/, '');
    // An address or a single label (localhost) reaches the app itself, never a custom domain.
    if (!host || host === ownHost() || !host.includes('.') || isIP(host)) return;
    request.domainTenantId = await tenantOfHost(app.deps.database.db, host);
    request.unknownHost = request.domainTenantId === null;
    if (request.domainTenantId && request.method === 'GET' && request.url === '/') {
      return reply.redirect('/login', 302);
    }
  });
}

/** True when an Origin header names a verified custom domain on the app's scheme (for the CSRF check). */
export async function isCustomDomainOrigin(app: FastifyInstance, request: FastifyRequest, origin: string) {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== new URL(app.deps.config.appUrl).protocol) return false;
  // The page and the API share one host, so the origin must be the host this request came to.
  return url.hostname === request.hostname && request.domainTenantId !== null;
}

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The app's index.html on a business's verified domain: its brand in a meta tag (read by the
 * sign-in screens, src/client/lib/host-brand.ts) and its name as the title. Null elsewhere.
 */
export async function brandedIndex(db: Db, request: FastifyRequest, html: string): Promise<string | null> {
  if (!request.domainTenantId) return null;
  const brand = await brandingOf({ db }, request.domainTenantId);
  if (!brand.name) return null;
  const meta = `<meta name="fw-brand" content="${escapeAttr(JSON.stringify(brand))}">`;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(brand.name)}</title>`)
    .replace('</head>', `${meta}</head>`);
}
