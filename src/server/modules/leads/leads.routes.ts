import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Leads calls of spec-2 §7 (issue 4). */
export const leadsRoutes: FastifyPluginAsyncZod = async () => {};
