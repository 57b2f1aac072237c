import type { FastifyRequest } from 'fastify';

/**
 * True when the request matched an API route. Hooks decide by the route that matched, not by
 * the raw URL: the router decodes percent-escapes, so `/%61pi/leads` reaches `/api/leads` while
 * `request.url` does not start with `/api/`.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}
