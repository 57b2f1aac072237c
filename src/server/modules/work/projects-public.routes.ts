import type { FastifyPluginAsync } from 'fastify';
import { WEBSITE_MESSAGES } from '#shared/schemas/website.ts';
import { AppError } from '#server/errors.ts';
import { PUBLIC_BODY_LIMIT } from '#server/security/rate-limit.ts';
import { SLUG, html, isForeignToDomain, parseFormBody } from '#server/modules/website/landing-public.routes.ts';
import { renderNotice } from '#server/modules/website/landing-template.ts';
import { photoBytes } from './job-photos.ts';
import { portfolioPage, projectPage, submitProjectForm } from './projects-public.service.ts';
import { REVIEW_PAGE_PATH, reviewPage, type Answer } from './review-page.ts';
import { workDeps } from './work.service.ts';

const PHOTO_FILE = /^([A-Za-z0-9_-]{43})(-800)?\.jpg$/;

/**
 * Finished jobs in public, server-rendered with no script like the landing pages (their CSP, their
 * domain rules): the portfolio, each approved project page and its form, and the job photos.
 */
export const projectsPublicRoutes: FastifyPluginAsync = async (app) => {
  const deps = workDeps(app.deps);
  const notFoundPage = renderNotice('Page not found', 'This page is not published.', 'Fieldwise');
  const foreign = (request: Parameters<typeof isForeignToDomain>[1], business: string) =>
    isForeignToDomain(deps.website, request, business);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: PUBLIC_BODY_LIMIT },
    parseFormBody,
  );

  // The photos: by their secret token, so a network can fetch a post's image without a session.
  app.get<{ Params: { file: string } }>('/p/_/photos/:file', async (request, reply) => {
    const [, token, small] = PHOTO_FILE.exec(request.params.file) ?? [];
    try {
      if (!token) throw new AppError('not_found', 'Photo was not found.');
      const bytes = await photoBytes(deps, token, small !== undefined);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(bytes);
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found')
        return reply.code(404).type('text/plain').send('Not found');
      throw err;
    }
  });

  // A finished job's review page: the link of its review request; it records the customer's answer.
  const badLink = renderNotice(
    'This link does not work',
    'Please use the link from the message exactly as it was sent.',
    'Fieldwise',
  );
  const reviewDeps = { db: deps.db, box: deps.requests.box };
  const tokenOf = (query: unknown) => {
    const t = (query as { t?: unknown }).t;
    return typeof t === 'string' && t.length <= 300 ? t : '';
  };
  app.get(REVIEW_PAGE_PATH, async (request, reply) => {
    const page = await reviewPage(reviewDeps, tokenOf(request.query));
    return html(reply, page ? 200 : 404, page ?? badLink);
  });
  app.post(REVIEW_PAGE_PATH, { bodyLimit: PUBLIC_BODY_LIMIT }, async (request, reply) => {
    const answer = (request.body as { answer?: unknown } | undefined)?.answer;
    if (answer !== 'yes' && answer !== 'no')
      return html(reply, 400, renderNotice('Please choose an answer', 'Choose Yes or No, then send it.', 'Fieldwise'));
    const page = await reviewPage(reviewDeps, tokenOf(request.query), answer as Answer);
    return html(reply, page ? 200 : 404, page ?? badLink);
  });

  app.get<{ Params: { business: string } }>('/p/:business/projects', async (request, reply) => {
    const { business } = request.params;
    if (await foreign(request, business)) return html(reply, 404, notFoundPage);
    const page = await portfolioPage(deps, business);
    return page ? html(reply, 200, page) : html(reply, 404, notFoundPage);
  });

  app.get<{ Params: { business: string; slug: string }; Querystring: Record<string, unknown> }>(
    '/p/:business/projects/:slug',
    async (request, reply) => {
      const { business, slug } = request.params;
      if ((await foreign(request, business)) || !SLUG.test(slug)) return html(reply, 404, notFoundPage);
      const found = await projectPage(deps, business, slug, request.query, { referrer: request.headers.referer });
      if (!found) return html(reply, 404, notFoundPage);
      return html(reply, 200, found.html, found.challenge ? new URL(deps.website.turnstileBaseUrl).origin : undefined);
    },
  );

  app.post<{ Params: { business: string; slug: string } }>(
    '/p/:business/projects/:slug/lead',
    { bodyLimit: PUBLIC_BODY_LIMIT },
    async (request, reply) => {
      const { business, slug } = request.params;
      if ((await foreign(request, business)) || !SLUG.test(slug)) return html(reply, 404, notFoundPage);
      const outcome = await submitProjectForm(deps, business, slug, request.body, request.ip);
      const back = `/p/${business}/projects/${slug}#quote`;
      if (outcome.kind === 'missing') return html(reply, 404, notFoundPage);
      if (outcome.kind === 'invalid')
        return html(reply, 400, renderNotice('Please check the form', outcome.message, outcome.businessName, back));
      return html(reply, 200, renderNotice('Thank you!', WEBSITE_MESSAGES.leadThanks, outcome.businessName));
    },
  );
};
