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
import { authOf, requireAuth, requireRole } from '#server/plugins/auth.ts';
import { PUBLIC_BODY_LIMIT, type RouteRateLimit } from '#server/security/rate-limit.ts';
import { listRequestsView, requestDeps, requestReview, saveRequestSettings } from './review-requests.service.ts';
import { inboundSms, smsStatusCallback } from './review-requests.webhooks.ts';

/** Each request texts or mails a customer: plenty for a day of jobs, a wall for a runaway script. */
const REQUESTS: RouteRateLimit = {
  name: 'review-requests',
  perUser: { limit: 30, windowMs: 60 * 60_000 },
  perTenant: { limit: 100, windowMs: 60 * 60_000 },
};
/** Twilio's webhooks: one per message status and inbound text. */
const TWILIO_HOOKS: RouteRateLimit = { name: 'twilio-webhooks', perIp: { limit: 600, windowMs: 60_000 } };
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
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

    hooks.post(
      '/reviews/sms/inbound',
      { bodyLimit: PUBLIC_BODY_LIMIT, config: { rateLimit: TWILIO_HOOKS }, schema: { body: ZTwilioForm } },
      async (request, reply) => {
        await inboundSms(deps, webhook(request.url, request.body, request.headers['x-twilio-signature']));
        // Twilio's own Advanced Opt-Out answers STOP; we add no reply of our own.
        return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
      },
    );
  });
};
