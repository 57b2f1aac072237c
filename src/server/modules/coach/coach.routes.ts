import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessage } from '#shared/schemas/auth.ts';
import {
  ZCoachMetrics,
  ZCreateGoalRequest,
  ZGenerateResult,
  ZGoal,
  ZGoalList,
  ZInsight,
  ZInsightList,
  ZRevenueBySource,
  ZRevenueQuery,
  ZSessionBatch,
} from '#shared/schemas/coach.ts';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import { coachMetrics, recordSession } from './coach-engagement.service.ts';
import { createGoal, listGoals } from './coach-goals.service.ts';
import * as coach from './coach.service.ts';

// Any string: a malformed id is a 404 from the service, like a missing insight.
const ZInsightParams = z.object({ id: z.string().max(64) });
const GENERATE: RouteRateLimit = { name: 'coach-generate', perTenant: { limit: 20, windowMs: 60 * 60_000 } };
const SESSIONS: RouteRateLimit = { name: 'coach-sessions', perUser: { limit: 120, windowMs: 10 * 60_000 } };

/** The AI Coach (/ai-coach): every member reads and acts on the business's insights and goals. */
export const coachRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = coach.coachDeps(app.deps);
  const auth = { preValidation: requireAuth };

  app.get('/ai-coach/insights', { ...auth, schema: { response: { 200: ZInsightList } } }, async (request) =>
    coach.listInsights(deps, authOf(request)),
  );

  app.post(
    '/ai-coach/insights/:id/read',
    { ...auth, schema: { params: ZInsightParams, response: { 200: ZInsight } } },
    async (request) => coach.markInsight(deps, authOf(request), request.params.id, 'read'),
  );

  app.post(
    '/ai-coach/insights/:id/act',
    { ...auth, schema: { params: ZInsightParams, response: { 200: ZInsight } } },
    async (request) => coach.markInsight(deps, authOf(request), request.params.id, 'acted'),
  );

  app.post(
    '/ai-coach/generate-recommendations',
    { ...auth, schema: { response: { 201: ZGenerateResult } }, config: { rateLimit: GENERATE } },
    async (request, reply) => reply.code(201).send(await coach.generateInsights(deps, authOf(request))),
  );

  app.get('/ai-coach/goals', { ...auth, schema: { response: { 200: ZGoalList } } }, async (request) =>
    listGoals(deps, authOf(request)),
  );

  app.post(
    '/ai-coach/goals',
    { ...auth, schema: { body: ZCreateGoalRequest, response: { 201: ZGoal } } },
    async (request, reply) => reply.code(201).send(await createGoal(deps, authOf(request), request.body)),
  );

  app.get('/ai-coach/metrics', { ...auth, schema: { response: { 200: ZCoachMetrics } } }, async (request) =>
    coachMetrics(deps, authOf(request)),
  );

  app.post(
    '/ai-coach/sessions',
    { ...auth, schema: { body: ZSessionBatch, response: { 200: ZMessage } }, config: { rateLimit: SESSIONS } },
    async (request) => {
      await recordSession(deps, authOf(request), request.body, request.headers['user-agent'] ?? null);
      return { message: 'Recorded.' };
    },
  );

  app.get(
    '/ai-coach/revenue-by-source',
    { ...auth, schema: { querystring: ZRevenueQuery, response: { 200: ZRevenueBySource } } },
    async (request) => coach.revenueBySource(deps, authOf(request), request.query.days),
  );
};
