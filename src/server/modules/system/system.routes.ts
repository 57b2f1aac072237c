import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessage } from '#shared/schemas/auth.ts';
import { ZDevStatus, ZHealth, ZJobsOverview, ZJobsQuery } from '#shared/schemas/system.ts';
import { hasRole } from '#server/auth-context.ts';
import { authOf, requireRole } from '#server/plugins/auth.ts';
import { jobsOverview, retryJob, type JobsViewDeps } from './jobs-view.service.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config, jobs } = app.deps;
  const jobsDeps: JobsViewDeps = { db: database.db, jobs };
  const admin = { preValidation: requireRole('admin') };

  app.get('/health', { schema: { response: { 200: ZHealth, 503: ZHealth } } }, async (request, reply) => {
    const base = { driver: database.driver, uptimeSeconds: Math.round(process.uptime()) };
    try {
      await database.ping();
      return { status: 'ok' as const, database: 'ok' as const, ...base };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'degraded' as const, database: 'unreachable' as const, ...base });
    }
  });

  // Who the server thinks the caller is, for the dev overlay: only on a development server and only for
  // a signed-in admin. Everyone else gets the same 404 as a route that does not exist (no 401/403 that
  // would say there is something here).
  if (config.env === 'development') {
    app.get('/dev/status', { schema: { response: { 200: ZDevStatus } } }, async (request, reply) => {
      const auth = request.auth;
      if (!auth || !hasRole(auth.role, 'admin')) return reply.callNotFound();
      return {
        env: config.env,
        authMode: 'enabled' as const,
        storageMode: 'db' as const,
        tenant: { name: auth.tenantName },
        user: { email: auth.email },
        time: new Date().toISOString(),
      };
    });
  }

  // Settings → System: the business's background jobs, for its admins.
  app.get(
    '/system/jobs',
    { ...admin, schema: { querystring: ZJobsQuery, response: { 200: ZJobsOverview } } },
    async (request) => jobsOverview(jobsDeps, authOf(request), request.query),
  );

  app.post(
    '/system/jobs/:id/retry',
    // Only a failed job runs again (409).
    {
      ...admin,
      config: { errors: ['conflict'] },
      schema: { params: z.object({ id: z.string().max(64) }), response: { 200: ZMessage } },
    },
    async (request) => {
      await retryJob(jobsDeps, authOf(request), request.params.id);
      return { message: 'The job will run again in a moment.' };
    },
  );
};
