import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboard } from '#shared/schemas/dashboard.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import * as dashboard from './dashboard.service.ts';

/** GET /api/dashboard: the signed-in business's figures (issue 5). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = dashboard.dashboardDeps(app.deps);
  app.get('/dashboard', { schema: { response: { 200: ZDashboard } }, preHandler: requireAuth }, async (request) =>
    dashboard.getDashboard(deps, authOf(request).tenantId),
  );
};
