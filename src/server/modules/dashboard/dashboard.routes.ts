import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/dashboard (issue 5). */
export const dashboardRoutes: FastifyPluginAsyncZod = async () => {};
