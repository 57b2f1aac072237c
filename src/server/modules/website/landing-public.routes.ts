import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { WEBSITE_MESSAGES } from '#shared/schemas/website.ts';
import { PUBLIC_BODY_LIMIT } from '#server/security/rate-limit.ts';
import { businessSlug, publishedPage, submitLeadForm } from './lead-intake.service.ts';
import { LANDING_CSS, LANDING_STYLE_HASH, renderNotice } from './landing-template.ts';
import { websiteDeps, type WebsiteDeps } from './website.deps.ts';

/**
 * Published landing pages, server-rendered with no script: GET /p/{business}/{page}, the form's
 * POST …/lead (a plain urlencoded form) and the one stylesheet. A page gets its own strict CSP.
 */
// The page runs no script; connect-src 'self' only lets crawlers' in-page checks (Lighthouse's
// robots.txt audit) read /robots.txt. With the business's Turnstile check on, its widget (a script
// that opens a frame from the same host) is let in from that host alone.
export const pageCsp = (challengeOrigin?: string) => {
  const from = challengeOrigin ? ` ${challengeOrigin}` : '';
  const script = challengeOrigin ? `; script-src ${challengeOrigin}; frame-src ${challengeOrigin}` : '';
  return `default-src 'none'; style-src ${LANDING_STYLE_HASH}; img-src 'self' data: https:; connect-src 'self'${from}; form-action 'self'; base-uri 'none'; frame-ancestors 'self'${script}`;
};
export const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

/** A public page's answer: its status, the page's CSP, never cached. */
export function html(reply: FastifyReply, status: number, body: string, challengeOrigin?: string) {
  return reply
    .code(status)
    .header('content-security-policy', pageCsp(challengeOrigin))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

/** True when /p/{business}/… may not be served on this host (another business's domain, an unknown host). */
export async function isForeignToDomain(deps: Pick<WebsiteDeps, 'db'>, request: FastifyRequest, business: string) {
  return (
    !SLUG.test(business) ||
    request.unknownHost ||
    (request.domainTenantId !== null && (await businessSlug(deps, request.domainTenantId)) !== business)
  );
}

/** Form posts arrive urlencoded; the public page plugins accept that type. */
export const parseFormBody = (_req: unknown, body: string | Buffer, done: (err: null, body: unknown) => void) =>
  done(null, Object.fromEntries(new URLSearchParams(body as string)));

export const landingPublicRoutes: FastifyPluginAsync = async (app) => {
  const deps = websiteDeps(app.deps);
  const notFoundPage = renderNotice('Page not found', 'This page is not published.', 'Fieldwise');
  // On a business's own domain (domains-host.ts) only that business's pages are served, and on a
  // host that is neither the app's nor a verified domain none at all.
  const foreignToDomain = (request: FastifyRequest, business: string) => isForeignToDomain(deps, request, business);

  // Form posts arrive urlencoded; only these routes accept that type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: PUBLIC_BODY_LIMIT },
    parseFormBody,
  );

  // The pages carry their stylesheet (LANDING_STYLE); the preview of a page stored before they
  // did links it, from a sandboxed (opaque-origin) frame, so it is marked shareable across origins.
  app.get('/p/_/landing.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(LANDING_CSS),
  );

  app.get<{ Params: { business: string; page: string }; Querystring: Record<string, unknown> }>(
    '/p/:business/:page',
    async (request, reply) => {
      const { business, page } = request.params;
      if ((await foreignToDomain(request, business)) || !SLUG.test(page)) return html(reply, 404, notFoundPage);
      const found = await publishedPage(deps, business, page, request.query, app.deps.config.appUrl, {
        referrer: request.headers.referer,
      });
      if (!found) return html(reply, 404, notFoundPage);
      return html(reply, 200, found.html, found.challenge ? new URL(deps.turnstileBaseUrl).origin : undefined);
    },
  );

  app.post<{ Params: { business: string; page: string } }>(
    '/p/:business/:page/lead',
    { bodyLimit: PUBLIC_BODY_LIMIT },
    async (request, reply) => {
      const { business, page } = request.params;
      if ((await foreignToDomain(request, business)) || !SLUG.test(page)) return html(reply, 404, notFoundPage);
      const outcome = await submitLeadForm(deps, business, page, request.body, request.ip);
      const back = `/p/${business}/${page}#quote`;
      if (outcome.kind === 'missing') return html(reply, 404, notFoundPage);
      if (outcome.kind === 'invalid')
        return html(reply, 400, renderNotice('Please check the form', outcome.message, outcome.businessName, back));
      return html(reply, 200, renderNotice('Thank you!', WEBSITE_MESSAGES.leadThanks, outcome.businessName));
    },
  );
};
