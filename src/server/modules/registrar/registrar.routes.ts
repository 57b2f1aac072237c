import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRegistrarDomains } from '#shared/schemas/settings.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import * as registrar from './registrar.service.ts';

/** Registrar domains through the stored registrar config (issue 7). Any member may look. */
export const registrarRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = registrar.registrarDeps(app.deps);
  app.get(
    '/registrar/domains',
    {
      schema: { response: { 200: ZRegistrarDomains } },
      preHandler: requireAuth,
      // Keys refused by the registrar (400), the registrar down (503).
      config: { rateLimit: registrar.DOMAIN_LOOKS, errors: ['bad_request', 'unavailable'] },
    },
    async (request) => registrar.listDomains(deps, authOf(request)),
  );
};
