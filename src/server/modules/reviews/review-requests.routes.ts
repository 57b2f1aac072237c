import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateReviewRequest,
  ZFunnelQuery,
  ZRequestSettings,
  ZReviewRequest,
  ZReviewRequestList,
} from '#shared/schemas/review-requests.ts';
import { ZReviewParams } from '#shared/schemas/reviews.ts';
import { zString } from '#shared/schemas/string.ts';
import { AppError } from '#server/errors.ts';
import { fileAnswer } from '#server/plugins/api-responses.ts';
import { authOf, requireAuth, requireRole } from '#server/plugins/auth.ts';
import { PUBLIC_BODY_LIMIT, type RouteRateLimit } from '#server/security/rate-limit.ts';
import { listRequestsView, requestDeps, requestReview, saveRequestSettings } from './review-requests.service.ts';
import { smsStatusCallback } from './review-requests.webhooks.ts';
import { unsubscribe, unsubscribePage } from './review-unsubscribe.ts';

/** Each request texts or mails a customer: plenty for a day of jobs, a wall for a runaway script. */
const REQUESTS: RouteRateLimit = {
  name: 'review-requests',
  perUser: { limit: 30, windowMs: 60 * 60_000 },
  perTenant: { limit: 100, windowMs: 60 * 60_000 },
};
/** Twilio's status callbacks: one per message status. */
const TWILIO_HOOKS: RouteRateLimit = { name: 'twilio-webhooks', perIp: { limit: 600, windowMs: 60_000 } };
/** The unsubscribe link of request emails: public, opened by people and mail clients. */
const UNSUBSCRIBES: RouteRateLimit = { name: 'review-unsubscribe', perIp: { limit: 60, windowMs: 60_000 } };
const ZUnsubscribeQuery = z.object({ token: zString().max(600).default('') });
const ZTwilioForm = z.record(zString().max(100), zString().max(2000));

/**
 * Review requests: the list with the funnel, Request a review, the business's choices, and
 * Twilio's signed webhooks (public; the signature is their authentication).
 */
export const reviewRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = requestDeps(app.deps);
  const auth = { preValidation: requireAuth };

  app.get(
    '/reviews/requests',
    { ...auth, schema: { querystring: ZFunnelQuery, response: { 200: ZReviewRequestList } } },
    async (request) => listRequestsView(deps, authOf(request), request.query.days),
  );

  app.post(
    '/reviews/requests',
    {
      ...auth,
      config: { rateLimit: REQUESTS },
      schema: { body: ZCreateReviewRequest, response: { 201: ZReviewRequest } },
    },
    async (request, reply) => reply.code(201).send(await requestReview(deps, authOf(request), request.body)),
  );

  app.put(
    '/reviews/requests/settings',
    { preValidation: requireRole('manager'), schema: { body: ZRequestSettings, response: { 200: ZRequestSettings } } },
    async (request) => saveRequestSettings(deps, authOf(request), request.body),
  );

  // The link in a request email: one click records the opt-out and says so (no sign-in). A page
  // for people, not an API operation, so it stays out of the OpenAPI document (like /r and /p).
  app.get(
    '/reviews/unsubscribe',
    { config: { rateLimit: UNSUBSCRIBES }, schema: { hide: true, querystring: ZUnsubscribeQuery } },
    async (request, reply) => {
      const done = await unsubscribe(deps, request.query.token, 'link');
      return reply
        .code(done ? 200 : 400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(unsubscribePage(done));
    },
  );

  // Twilio posts form-encoded bodies; only these routes accept that type.
  await app.register(async (plain) => {
    const hooks = plain.withTypeProvider<ZodTypeProvider>();
    hooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: PUBLIC_BODY_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const webhook = (url: string, params: Record<string, string>, signature: unknown) => ({
      url: `${app.deps.config.appUrl}${url}`,
      params,
      signature: typeof signature === 'string' ? signature : undefined,
    });

    hooks.post(
      '/reviews/requests/:id/sms-status',
      {
        bodyLimit: PUBLIC_BODY_LIMIT,
        config: { rateLimit: TWILIO_HOOKS },
        schema: { params: ZReviewParams, body: ZTwilioForm, response: { 204: z.null() } },
      },
      async (request, reply) => {
        const hook = webhook(request.url, request.body, request.headers['x-twilio-signature']);
        await smsStatusCallback(deps, request.params.id, hook);
        return reply.code(204).send(null);
      },
    );

    // RFC 8058 one-click: the mail client's Unsubscribe button posts List-Unsubscribe=One-Click here.
    hooks.post(
      '/reviews/unsubscribe',
      {
        bodyLimit: PUBLIC_BODY_LIMIT,
        config: { rateLimit: UNSUBSCRIBES },
        schema: {
          querystring: ZUnsubscribeQuery,
          body: ZTwilioForm.optional(),
          response: { 200: fileAnswer('text/plain', 'Unsubscribed.') },
        },
      },
      async (request, reply) => {
        const done = await unsubscribe(deps, request.query.token, 'one_click');
        if (!done) throw new AppError('bad_request', 'This unsubscribe link is not valid.');
        return reply.code(200).type('text/plain; charset=utf-8').send('Unsubscribed.');
      },
    );
  });
};
