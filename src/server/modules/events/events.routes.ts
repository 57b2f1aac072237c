import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTrackEventRequest } from '#shared/schemas/events.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import { eventsDeps, recordEvent } from './events.service.ts';

const EVENTS_PER_MINUTE = { name: 'events', perUser: { limit: 120, windowMs: 60_000 } };

/** POST /api/events: the client's analytics events, per tenant. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = eventsDeps(app.deps);
  app.post(
    '/events',
    {
      schema: { body: ZTrackEventRequest, response: { 204: z.null() } },
      preHandler: requireAuth,
      config: { rateLimit: EVENTS_PER_MINUTE },
    },
    async (request, reply) => {
      await recordEvent(deps, authOf(request), request.body.name, request.body.properties);
      return reply.code(204).send(null);
    },
  );
};
