import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zString } from '#shared/schemas/string.ts';
import { MAILGUN_MIME_PATH } from '#server/integrations/mailgun/mailgun-inbound.ts';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import { conversationsDeps } from './conversations.service.ts';
import { inboundEmail } from './inbound-email.ts';

const MAIL_HOOKS: RouteRateLimit = { name: 'mailgun-webhooks', perIp: { limit: 300, windowMs: 60_000 } };
/** A raw message with its attachments: Mailgun accepts mail up to 25 MB; what is larger is refused here. */
const MAIL_LIMIT = 25 * 1024 * 1024;
const ZMailgunForm = z.record(zString().max(100), z.unknown());
const ZOutcome = z.object({ outcome: z.enum(['stored', 'duplicate', 'ignored']) });

/**
 * Mailgun's inbound route for customers' emails (a forward() to {APP_URL}/api/webhooks/mailgun/mime
 * posts the raw message). Public: the HMAC signature over timestamp + token is its authentication;
 * a wrong one is a 403 and nothing is stored. Every 200 tells Mailgun not to post again.
 */
export const emailWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = conversationsDeps(app.deps);
  await app.register(async (plain) => {
    const hooks = plain.withTypeProvider<ZodTypeProvider>();
    hooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAIL_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // Multipart (a message with attachments): the fields become the body; files are not kept.
    await plain.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fieldSize: MAIL_LIMIT, fields: 50, files: 50, fileSize: MAIL_LIMIT },
      onFile: async (part) => {
        part.file.resume();
      },
    });
    hooks.post(
      MAILGUN_MIME_PATH.replace(/^\/api/, ''),
      {
        bodyLimit: MAIL_LIMIT,
        config: { rateLimit: MAIL_HOOKS },
        schema: {
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          body: ZMailgunForm,
          response: { 200: ZOutcome },
        },
      },
      async (request) => {
        const fields = Object.fromEntries(
          Object.entries(request.body).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
        return { outcome: await inboundEmail(deps, fields) };
      },
    );
  });
};
