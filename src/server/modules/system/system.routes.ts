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

  // Who the server thinks the caller is; the signed-in parts arrive with accounts.
  app.get('/dev/status', { schema: { response: { 200: ZDevStatus } } }, async () => ({
    env: config.env,
    authMode: 'enabled' as const,
    storageMode: 'db' as const,
    tenant: null,
    user: null,
    time: new Date().toISOString(),
  }));

  // Public sign-up buttons navigate here. Without an OpenID Connect provider, sign-up is ours.
  app.get('/login', async (_request, reply) => reply.redirect('/register', 302));
};
