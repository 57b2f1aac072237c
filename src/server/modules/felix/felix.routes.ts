import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Felix calls of spec-1 §7 (issue 5). */
export const felixRoutes: FastifyPluginAsyncZod = async () => {};
