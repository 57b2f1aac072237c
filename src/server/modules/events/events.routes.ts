import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTrackEventRequest } from '../../../shared/schemas/events.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { enforce, keyPart } from '../../plugins/rate-limit.ts';
import { recordEvent } from './events.service.ts';

const EVENTS_PER_MINUTE = { limit: 120, windowMs: 60_000 };

/** POST /api/events: the client's analytics events, per tenant. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.post('/events', { schema: { body: ZTrackEventRequest, response: { 204: z.null() } }, preHandler: requireAuth }, async (request, reply) => {
    const auth = authOf(request);
    await enforce(db, `events:${keyPart(auth.userId)}`, EVENTS_PER_MINUTE);
    await recordEvent(db, auth, request.body.name, request.body.properties);
    return reply.code(204).send(null);
  });
};
