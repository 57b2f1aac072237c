import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZPushChoicesRequest,
  ZPushDevice,
  ZPushDeviceParams,
  ZPushSettings,
  ZPushSubscribeRequest,
  ZPushTestResult,
} from '#shared/schemas/push.ts';
import { emptyAnswer } from '#server/plugins/api-responses.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import * as push from './push.service.ts';

/** Web Push (issue 37): each member's own devices and choices; every member may push to themself. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = push.pushDeps(app.deps);
  const auth = { preValidation: requireAuth };

  app.get('/push', { ...auth, schema: { response: { 200: ZPushSettings } } }, async (request) =>
    push.pushSettings(deps, authOf(request)),
  );
  app.post(
    '/push/subscriptions',
    { ...auth, schema: { body: ZPushSubscribeRequest, response: { 201: ZPushDevice } } },
    async (request, reply) => reply.code(201).send(await push.subscribe(deps, authOf(request), request.body)),
  );
  app.delete(
    '/push/subscriptions/:id',
    { ...auth, schema: { params: ZPushDeviceParams, response: { 204: emptyAnswer('Removed') } } },
    async (request, reply) => {
      await push.removeDevice(deps, authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.put(
    '/push/choices',
    { ...auth, schema: { body: ZPushChoicesRequest, response: { 200: ZPushSettings } } },
    async (request) => push.saveChoices(deps, authOf(request), request.body.choices),
  );
  // Each press queues one push to the member's devices.
  app.post(
    '/push/test',
    {
      ...auth,
      config: { rateLimit: { name: 'push-test', perUser: { limit: 20, windowMs: 60 * 60_000 } } },
      schema: { response: { 200: ZPushTestResult } },
    },
    async (request) => push.sendTest(deps, authOf(request)),
  );
};
