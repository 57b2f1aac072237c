import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFelixChatRequest, ZFelixChatResponse, ZFelixModels, ZHintActionRequest } from '#shared/schemas/felix.ts';
import { ZNextSteps } from '#shared/schemas/next-steps.ts';
import { onboardingDeps } from '#server/modules/onboarding/onboarding.service.ts';
import { settingsDeps } from '#server/modules/settings/settings.service.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import { nextSteps } from './felix-next-steps.ts';
import * as felix from './felix.service.ts';

/** Felix calls of the spec (issue 5). */
export const felixRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = felix.felixDeps(app.deps);
  const stepsDeps = {
    db: deps.db,
    settings: settingsDeps(app.deps),
    onboarding: onboardingDeps(app.deps),
    tasks: deps.tasks,
  };

  app.get('/felix/models', { schema: { response: { 200: ZFelixModels } }, preHandler: requireAuth }, async () =>
    felix.listModels(deps.ai),
  );

  app.post(
    '/felix/chat',
    // The AI allowance (429).
    {
      schema: { body: ZFelixChatRequest, response: { 200: ZFelixChatResponse } },
      preHandler: requireAuth,
      config: { errors: ['rate_limited'] },
    },
    async (request) => felix.chat(deps, authOf(request), request.body),
  );

  // The saved onboarding plan as the owner's checklist (dashboard next steps, Felix's quick start).
  app.get(
    '/felix/next-steps',
    { schema: { response: { 200: ZNextSteps } }, preHandler: requireAuth },
    async (request) => nextSteps(stepsDeps, authOf(request)),
  );

  app.post(
    '/felix/hint-action',
    {
      schema: { body: ZHintActionRequest, response: { 204: z.null() } },
      preHandler: requireAuth,
      config: { errors: ['rate_limited'] },
    },
    async (request, reply) => {
      await felix.recordHintAction(deps, authOf(request), request.body);
      return reply.code(204).send(null);
    },
  );
};
