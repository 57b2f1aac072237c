import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessage } from '#shared/schemas/auth.ts';
import { ZDomainInput, ZDomainList, ZDomainResult, ZHostBrand, DOMAIN_MESSAGES } from '#shared/schemas/domains.ts';
import { authOf, requireRole } from '#server/plugins/auth.ts';
import { notFound } from '#server/errors.ts';
import { tenantOfHost } from './domains-host.ts';
import * as domains from './domains.service.ts';

const ZDomainParams = z.object({ id: z.string().max(64) });

/** Settings → White label → Custom domains (admins), and the brand of the host a page is on. */
export const domainsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = domains.domainsDeps(app.deps);
  const asAdmin = { preValidation: requireRole('admin') };

  app.get('/domains', { ...asAdmin, schema: { response: { 200: ZDomainList } } }, async (request) =>
    domains.listDomains(deps, authOf(request)),
  );

  app.post(
    '/domains',
    // White label is a plan feature (402); a domain is one business's, and there is a cap (409).
    {
      ...asAdmin,
      config: { errors: ['payment_required', 'conflict'] },
      schema: { body: ZDomainInput, response: { 201: ZDomainResult } },
    },
    async (request, reply) => reply.code(201).send(await domains.addDomain(deps, authOf(request), request.body)),
  );

  app.post(
    '/domains/:id/verify',
    // The DNS lookup can fail (503).
    {
      ...asAdmin,
      config: { errors: ['unavailable'] },
      schema: { params: ZDomainParams, response: { 200: ZDomainResult } },
    },
    async (request) => domains.verifyDomain(deps, authOf(request), request.params.id),
  );

  app.delete(
    '/domains/:id',
    { ...asAdmin, schema: { params: ZDomainParams, response: { 200: ZMessage } } },
    async (request) => {
      await domains.removeDomain(deps, authOf(request), request.params.id);
      return { message: DOMAIN_MESSAGES.removed };
    },
  );

  // Public: a TLS proxy's on-demand "ask" (Caddy's on_demand_tls): 200 only for a verified domain.
  app.get(
    '/public/tls-allowed',
    {
      config: { errors: ['not_found'] },
      schema: { querystring: z.object({ domain: z.string().max(300) }), response: { 200: ZMessage } },
    },
    async (request) => {
      const host = domains.normalizeDomain(request.query.domain);
      if (!host || !(await tenantOfHost(deps.db, host))) throw notFound('Verified domain');
      return { message: 'This domain is verified.' };
    },
  );

  // Public: the sign-in page on a business's own domain shows that business's brand.
  app.get('/public/brand', { schema: { response: { 200: ZHostBrand } } }, async (request) =>
    domains.hostBrand(deps.db, request.domainTenantId),
  );
};
