import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Registrar domains through the stored registrar config (issue 7). */
export const registrarRoutes: FastifyPluginAsyncZod = async () => {};
