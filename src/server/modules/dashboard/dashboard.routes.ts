import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboard } from '../../../shared/schemas/dashboard.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { getDashboard } from './dashboard.service.ts';

/** GET /api/dashboard: the signed-in business's figures (issue 5). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get('/dashboard', { schema: { response: { 200: ZDashboard } }, preHandler: requireAuth }, async (request) => getDashboard(db, authOf(request).tenantId));
};
