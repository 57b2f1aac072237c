import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDevStatus, ZHealth } from '../../../shared/schemas/system.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;

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

  // Who the server thinks the caller is, for the dev overlay.
  app.get('/dev/status', { schema: { response: { 200: ZDevStatus } } }, async (request) => ({
    env: config.env,
    authMode: 'enabled' as const,
    storageMode: 'db' as const,
    tenant: request.auth ? { name: request.auth.tenantName } : null,
    user: request.auth ? { email: request.auth.email } : null,
    time: new Date().toISOString(),
  }));
};
