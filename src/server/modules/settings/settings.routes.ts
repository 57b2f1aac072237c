import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Settings and the integrations vault (issue 7). */
export const settingsRoutes: FastifyPluginAsyncZod = async () => {};
