import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorResponsesOf } from './api-responses.ts';
import { requiredRoleOf } from './auth.ts';

/**
 * The API described as OpenAPI 3.1, generated from the routes' zod schemas: the document at
 * /api/openapi.json and a reference page at /api/docs. Each operation says whether it needs a
 * session and the least role (`x-role`), read off its guard, and lists the errors it can answer
 * (errorsOf) with the one error body, `ApiError`. The error responses are the route's own
 * response schemas, so an error is sent through the schema the document shows. Register before
 * the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.schema?.hide) {
      route.schema = { ...route.schema, hide: true };
      return;
    }
    const role = requiredRoleOf([route.preValidation, route.preHandler, route.onRequest].flat());
    route.schema = {
      ...route.schema,
      tags: [route.url.split('/')[2] ?? 'api'],
      ...(role ? { security: [{ session: [] }], 'x-role': role } : { security: [] }),
      response: { ...errorResponsesOf(route), ...(route.schema?.response as object | undefined) },
    };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fieldwise API',
        version: '1',
        description:
          'Every call answers JSON. Errors are `ApiError`: `{ message, code }`, plus `fields` (each failing field) ' +
          'for a 400 `validation` and `requestId` for a 500; each operation lists the error statuses it can answer. ' +
          'Signed-in calls use the session cookie set by POST /api/auth/login; `x-role` is the least role an ' +
          'operation needs (user < manager < admin). State-changing calls from another site are refused (403).',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fw_sid' } } },
    },
    transform: jsonSchemaTransform,
    // Only the output side of the shared error body: `ApiError` (an error is never sent to us).
    transformObject: (document) => {
      const { components, ...rest } = jsonSchemaTransformObject(document) as {
        components: { schemas: Record<string, unknown> };
      };
      delete components.schemas.ApiErrorInput;
      return { ...rest, components } as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { validatorUrl: null } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
