import type { Readable } from 'node:stream';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorStatus, type ErrorCode } from '#server/errors.ts';
import { requiredRoleOf } from './auth.ts';

const CODES = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** The one error body (decision 004): every 4xx and 5xx the API answers has this shape. */
export const ZApiError = z
  .object({
    message: z.string().min(1),
    code: z.enum([...CODES, 'validation', 'invalid_json']),
    /** Each failing field and its message (a 400 `validation`). */
    fields: z.record(z.string(), z.string()).optional(),
    /** The request id to quote (a 500). */
    requestId: z.string().optional(),
  })
  .meta({ id: 'ApiError' });

export type ApiError = z.infer<typeof ZApiError>;

/** What each error status means, as the API description says it. */
const MEANINGS: Partial<Record<ErrorCode, string>> = {
  bad_request:
    'The request is malformed: `validation` with `fields` naming each failing field, `invalid_json`, or `bad_request`.',
  unauthorized: 'Not signed in (or the credentials were refused).',
  payment_required: "Over the plan's limit; the message names the plan that lifts it.",
  forbidden: 'Not allowed: a role below the one this call needs, or a state-changing call from another website.',
  not_found: "Not found, or another business's: the same answer either way.",
  conflict: 'Refused in the current state; the message says what to do first.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'The request body is not JSON.',
  rate_limited: 'Too many requests; Retry-After says how many seconds to wait.',
  bad_gateway: 'A provider answered, but not with what its API promises.',
  unavailable: 'A provider (or this service) is unavailable; try again later.',
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Fields that name a row (`id`, `leadId`, `postIds`): a missing or another business's one is a 404. */
const ID_FIELD = /^id$|[a-z]Ids?$/;

/** The top-level field names of a zod object schema, through optional, default and pipe wrappers and unions. */
function fieldNames(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodNullable)
    return fieldNames(schema.unwrap());
  if (schema instanceof z.ZodPipe) return fieldNames(schema.in);
  if (schema instanceof z.ZodUnion) return schema.options.flatMap(fieldNames);
  return [];
}

/**
 * The errors a route can answer, read off the route itself: a body can be malformed, too large,
 * not JSON, or sent from another website (the origin check); any declared input can fail
 * validation; a guard answers 401, and 403 when it asks for more than a member's role; an id in
 * the path or the body can name no row of the caller's; a rate limit answers 429. What a
 * service decides (a plan limit, a conflict, a provider's failure) the route declares in
 * `config.errors`.
 */
export function errorsOf(route: RouteOptions): Set<ErrorCode> {
  const errors = new Set<ErrorCode>(route.config?.errors ?? []);
  const { params, querystring, body } = (route.schema ?? {}) as Record<string, unknown>;
  const methods = [route.method].flat();
  if (methods.some((m) => BODY_METHODS.has(m))) {
    for (const code of ['bad_request', 'payload_too_large', 'unsupported_media_type', 'forbidden'] as const)
      errors.add(code);
  }
  if (params || querystring || body) errors.add('bad_request');
  const role = requiredRoleOf([route.preValidation, route.preHandler, route.onRequest].flat());
  if (role) errors.add('unauthorized');
  if (role && role !== 'user') errors.add('forbidden');
  if (params || [body, querystring].flatMap(fieldNames).some((name) => ID_FIELD.test(name))) errors.add('not_found');
  if (route.config?.rateLimit) errors.add('rate_limited');
  return errors;
}

/** The route's error answers as response schemas: each status with its meaning and the shared body. */
export function errorResponsesOf(route: RouteOptions) {
  const sorted = [...errorsOf(route)].sort((x, y) => errorStatus[x] - errorStatus[y]);
  return Object.fromEntries(
    sorted.map((code) => [
      errorStatus[code],
      { description: MEANINGS[code] ?? code, content: { 'application/json': { schema: ZApiError } } },
    ]),
  );
}

/** Errors of a call that goes to a connected provider: not connected (409), its limits (429), it being down (503). */
export const PROVIDER_ERRORS = ['conflict', 'rate_limited', 'unavailable'] as const satisfies ErrorCode[];

/** An answer without a body (a 204, a redirect), as a response schema: `302: emptyAnswer('To …')`. */
export const emptyAnswer = (description: string) => z.null().describe(description);

/**
 * An answer that is not JSON (a file, a page), as a response schema: its media type and what it
 * is. Fastify sends a string or Buffer with its own content type as it is, never through this
 * schema, so the schema only describes the bytes (a string) and lets the handler send a Buffer or
 * a stream.
 */
export const fileAnswer = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string() as z.ZodType<string | Buffer | Readable> } },
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Errors a route's service can answer that its shape does not show (see errorsOf). */
    errors?: readonly ErrorCode[];
  }
}
