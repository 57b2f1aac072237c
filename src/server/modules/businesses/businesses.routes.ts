import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBusiness, ZBusinessList, ZCreateBusinessRequest } from '#shared/schemas/businesses.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import * as businesses from './businesses.service.ts';

// Any string: a malformed id is a 404 from the service, like a business the caller is not in.
const ZBusinessParams = z.object({ id: z.string().max(64) });

/** One login, many businesses: list them, create one (agency plans), and switch between them. */
export const businessesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = businesses.businessesDeps(app.deps);
  const auth = { preValidation: requireAuth };

  app.get('/businesses', { ...auth, schema: { response: { 200: ZBusinessList } } }, async (request) =>
    businesses.listBusinesses(deps, authOf(request)),
  );

  app.post(
    '/businesses',
    // Several businesses are a plan feature (402).
    {
      ...auth,
      config: { errors: ['payment_required'] },
      schema: { body: ZCreateBusinessRequest, response: { 201: ZBusiness } },
    },
    async (request, reply) =>
      reply.code(201).send(await businesses.createBusiness(deps, authOf(request), request.body)),
  );

  app.post(
    '/businesses/:id/switch',
    { ...auth, schema: { params: ZBusinessParams, response: { 200: ZBusiness } } },
    async (request) => businesses.switchBusiness(deps, authOf(request), request.params.id),
  );
};
