import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDataError } from '#server/db/errors.ts';
import { AppError, FieldError, RateLimitError } from '#server/errors.ts';
import type { ApiError as ErrorBody } from './api-responses.ts';

const fastifyCodeMessages: Record<string, { code: ErrorBody['code']; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The request body is empty but should be JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the request body as JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The request body length does not match its header.',
  },
};

const DATA_ERROR_MESSAGE =
  'A value in this request could not be stored or read. Please check what you entered and try again.';

const ZOD_DEFAULT_MESSAGE =
  /^(Invalid (input|option|email|string|url|uuid|date|format|value|key|element|union)|Too (small|big)|Unrecognized)/;

/**
 * Errors the router answers before any route matches, in the one error shape: a path whose
 * percent-escapes do not decode (400), and a path part longer than any id or token (404, like
 * an id that names nothing), instead of Fastify's own bodies.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply
      .status(404)
      .send({ message: 'Nothing was found at this address.', code: 'not_found' } satisfies ErrorBody);
    return;
  }
  void reply
    .status(400)
    .send({ message: 'This address is not valid: it holds a broken escape.', code: 'bad_request' } satisfies ErrorBody);
}

/**
 * The one error handler: AppError, zod validation errors and anything else
 * become `{ message, code }`. A 500 logs the stack and says nothing internal.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FieldError) {
      return reply.status(error.status).send({
        message: error.message,
        code: error.status === 400 ? 'validation' : error.code,
        fields: { [error.field]: error.message },
      } satisfies ErrorBody);
    }
    if (error instanceof AppError) {
      if (error instanceof RateLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ message: error.message, code: error.code } satisfies ErrorBody);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const [firstKey, firstMessage] = Object.entries(fields)[0] ?? ['body', 'Invalid input'];
      // Our own messages are whole sentences ("Email is required"); zod's defaults need the field name.
      const generic = ZOD_DEFAULT_MESSAGE.test(firstMessage) && firstKey !== 'body' && firstKey !== 'querystring';
      const message = generic ? `${firstKey}: ${firstMessage}` : firstMessage;
      return reply.status(400).send({ message, code: 'validation', fields } satisfies ErrorBody);
    }

    if (isDataError(error)) {
      request.log.warn({ err: error }, 'the database refused a value from the request');
      return reply.status(400).send({ message: DATA_ERROR_MESSAGE, code: 'bad_request' } satisfies ErrorBody);
    }

    const known = error.code ? fastifyCodeMessages[error.code] : undefined;
    if (known) {
      return reply
        .status(error.statusCode ?? 400)
        .send({ message: known.message, code: known.code } satisfies ErrorBody);
    }

    // Other client errors raised by Fastify or its plugins carry a safe message and a 4xx status.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply
        .status(status)
        .send({ message: error.message, code: status === 429 ? 'rate_limited' : 'bad_request' } satisfies ErrorBody);
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      message: `Something went wrong on our side. Please try again; if it keeps happening, quote reference ${request.id}.`,
      code: 'internal',
      requestId: request.id,
    } satisfies ErrorBody);
  });
}
