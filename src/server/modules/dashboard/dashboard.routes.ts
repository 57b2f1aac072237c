import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboard } from '#shared/schemas/dashboard.ts';
import { ZDashboardLayout } from '#shared/schemas/dashboard-layout.ts';
import { authOf, requireAuth } from '#server/plugins/auth.ts';
import * as dashboard from './dashboard.service.ts';
import * as layout from './dashboard-layout.service.ts';

/** GET /api/dashboard: the signed-in business's figures (issue 5). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = dashboard.dashboardDeps(app.deps);
  app.get('/dashboard', { schema: { response: { 200: ZDashboard } }, preHandler: requireAuth }, async (request) =>
    dashboard.getDashboard(deps, authOf(request).tenantId),
  );
  // The user's own choice of cards and their order (/dashboard?customize=true).
  const layoutSchema = { response: { 200: ZDashboardLayout } };
  app.get('/dashboard/layout', { schema: layoutSchema, preHandler: requireAuth }, async (request) =>
    layout.getLayout(deps, authOf(request)),
  );
  app.put(
    '/dashboard/layout',
    { schema: { ...layoutSchema, body: ZDashboardLayout }, preHandler: requireAuth },
    async (request) => layout.saveLayout(deps, authOf(request), request.body),
  );
};
