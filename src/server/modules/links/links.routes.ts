import type { FastifyPluginAsync } from 'fastify';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import { followLink, linksDeps } from './links.service.ts';

/** Per visitor: generous for real people, a wall for anyone inflating click counts. */
const FOLLOWS: RouteRateLimit = { name: 'link-follow', perIp: { limit: 60, windowMs: 60_000 } };

const NOT_FOUND_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Link not found</title></head><body><h1>Link not found</h1><p>This link is not valid or has been removed.</p></body></html>`;

/** The public short-link redirect, GET /r/{code}: counts the click, then 302 to the target. */
export const linksPublicRoutes: FastifyPluginAsync = async (app) => {
  const deps = linksDeps(app.deps);

  app.get<{ Params: { code: string } }>('/r/:code', { config: { rateLimit: FOLLOWS } }, async (request, reply) => {
    const target = await followLink(deps, request.params.code, request.headers['user-agent']);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!target) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_HTML);
    return reply.redirect(target, 302);
  });
};
