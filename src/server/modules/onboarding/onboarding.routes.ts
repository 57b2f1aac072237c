import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessage } from '../../../shared/schemas/auth.ts';
import { ZCompleteOnboardingRequest, ZOnboardingPlan, ZOnboardingProfile, ZSavedOnboarding, ZSendPlanRequest } from '../../../shared/schemas/onboarding.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import * as onboarding from './onboarding.service.ts';

/** Onboarding calls of spec-2 §7. The plan is public; saving and mailing need a signed-in user. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, mailer, ai } = app.deps;
  const deps: onboarding.OnboardingDeps = { db: database.db, config, mailer, ai };

  app.post('/ai/generate-onboarding-plan', { schema: { body: ZOnboardingProfile, response: { 200: ZOnboardingPlan } } }, async (request) =>
    onboarding.generatePlan(deps, request.body, request.ip, request.auth),
  );

  app.get('/user/onboarding', { schema: { response: { 200: ZSavedOnboarding } }, preHandler: requireAuth }, async (request) =>
    onboarding.savedOnboarding(deps, authOf(request)),
  );

  app.post('/user/onboarding', { schema: { body: ZCompleteOnboardingRequest, response: { 200: ZMessage } }, preHandler: requireAuth }, async (request) => {
    await onboarding.completeOnboarding(deps, authOf(request), request.body.profile, request.body.recommendations);
    return { message: 'Your setup is complete.' };
  });

  app.post('/user/send-onboarding-plan', { schema: { body: ZSendPlanRequest, response: { 200: ZMessage } }, preHandler: requireAuth }, async (request) => ({
    message: await onboarding.sendPlan(deps, authOf(request), request.body),
  }));
};
