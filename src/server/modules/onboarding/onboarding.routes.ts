import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessage } from '#shared/schemas/auth.ts';
import {
  ZCompleteOnboardingRequest,
  ZOnboardingPlan,
  ZOnboardingProfile,
  ZSavedOnboarding,
  ZSendPlanRequest,
} from '#shared/schemas/onboarding.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import { PUBLIC_BODY_LIMIT } from '#server/security/rate-limit.ts';
import * as onboarding from './onboarding.service.ts';

/** Onboarding calls of the spec. The plan is public; saving and mailing need a signed-in user. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = onboarding.onboardingDeps(app.deps);

  app.post(
    '/ai/generate-onboarding-plan',
    {
      schema: { body: ZOnboardingProfile, response: { 200: ZOnboardingPlan } },
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { rateLimit: onboarding.LIMITS.plan },
    },
    async (request) => onboarding.generatePlan(deps, request.body, request.auth),
  );

  app.get(
    '/user/onboarding',
    { schema: { response: { 200: ZSavedOnboarding } }, preHandler: requireAuth },
    async (request) => onboarding.savedOnboarding(deps, authOf(request)),
  );

  app.post(
    '/user/onboarding',
    { schema: { body: ZCompleteOnboardingRequest, response: { 200: ZMessage } }, preHandler: requireAuth },
    async (request) => {
      await onboarding.completeOnboarding(deps, authOf(request), request.body.profile, request.body.recommendations);
      return { message: 'Your setup is complete.' };
    },
  );

  app.post(
    '/user/send-onboarding-plan',
    {
      schema: { body: ZSendPlanRequest, response: { 200: ZMessage } },
      preHandler: requireAuth,
      // The mail server refusing the message (503).
      config: { rateLimit: onboarding.LIMITS.mail, errors: ['unavailable'] },
    },
    async (request) => ({
      message: await onboarding.sendPlan(deps, authOf(request)),
    }),
  );
};
