import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zString } from '#shared/schemas/string.ts';
import { fileAnswer } from '#server/plugins/api-responses.ts';
import { PUBLIC_BODY_LIMIT, type RouteRateLimit } from '#server/security/rate-limit.ts';
import { conversationsDeps } from './conversations.service.ts';
import { inboundSms, smsStatus, type TwilioWebhook } from './twilio-inbound.ts';
import { dialEnded, incomingCall, screenAccepted, screenCall } from './twilio-voice.ts';

/** Twilio's webhooks: one per inbound text, message status and call step. */
const TWILIO_HOOKS: RouteRateLimit = { name: 'twilio-webhooks', perIp: { limit: 600, windowMs: 60_000 } };
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const ZTwilioForm = z.record(zString().max(100), zString().max(2000));
const twiml = (description: string) => ({ 200: fileAnswer('text/xml', description) });

/**
 * The business number's webhooks (public; the signature is their authentication, checked with
 * the business's own auth token over APP_URL + the path and query Twilio called). The old
 * inbound path of review requests stays as an alias, so numbers set up with it keep working.
 */
export const twilioWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = conversationsDeps(app.deps);
  await app.register(async (plain) => {
    const hooks = plain.withTypeProvider<ZodTypeProvider>();
    hooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: PUBLIC_BODY_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const webhook = (url: string, params: Record<string, string>, signature: unknown): TwilioWebhook => ({
      url: `${app.deps.config.appUrl}${url}`,
      params,
      signature: typeof signature === 'string' ? signature : undefined,
    });
    const options = (description: string) => ({
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { rateLimit: TWILIO_HOOKS },
      schema: { body: ZTwilioForm, response: twiml(description) },
    });

    for (const path of ['/webhooks/twilio/sms', '/reviews/sms/inbound'])
      hooks.post(path, options('An empty TwiML answer'), async (request, reply) => {
        await inboundSms(deps, webhook(request.url, request.body, request.headers['x-twilio-signature']));
        // Twilio's own Advanced Opt-Out answers STOP, START and HELP; we add no reply of our own.
        return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
      });

    hooks.post(
      '/webhooks/twilio/sms/status',
      {
        bodyLimit: PUBLIC_BODY_LIMIT,
        config: { rateLimit: TWILIO_HOOKS },
        schema: { body: ZTwilioForm, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await smsStatus(deps, webhook(request.url, request.body, request.headers['x-twilio-signature']));
        return reply.code(204).send(null);
      },
    );

    const voice = (path: string, description: string, run: (hook: TwilioWebhook) => Promise<string>) =>
      hooks.post(path, options(description), async (request, reply) => {
        const xml = await run(webhook(request.url, request.body, request.headers['x-twilio-signature']));
        return reply.type('text/xml; charset=utf-8').send(xml);
      });
    voice('/webhooks/twilio/voice', 'TwiML forwarding the call to the owner, screened', (h) => incomingCall(deps, h));
    voice('/webhooks/twilio/voice/screen', 'TwiML asking the owner to press a key', (h) => screenCall(deps, h));
    voice('/webhooks/twilio/voice/accept', 'TwiML connecting the call', (h) => screenAccepted(deps, h));
    voice('/webhooks/twilio/voice/done', 'TwiML ending the call', (h) => dialEnded(deps, h));
  });
};
