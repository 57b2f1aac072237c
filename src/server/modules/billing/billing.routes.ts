import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBilling, ZCheckoutRequest, ZInvoices, ZLocalPlanRequest, ZRedirect } from '#shared/schemas/billing.ts';
import { authOf, requireAuth, requireRole } from '#server/plugins/auth.ts';
import type { ErrorCode } from '#server/errors.ts';
import * as billing from './billing.service.ts';
import { billingOverview } from './billing-overview.ts';
import { processWebhookEvent, receiveWebhook } from './billing.webhooks.ts';

/** Billing (issue 20): plan, limits and usage for every member; payments for the admin. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = billing.billingDeps(app.deps, app.log);
  const asAdmin = { preValidation: requireRole('admin') };
  // Stripe not connected (or no customer yet), down, or answering off its API.
  const stripe = { config: { errors: ['conflict', 'bad_gateway', 'unavailable'] satisfies ErrorCode[] } };

  app.get('/billing', { preValidation: requireAuth, schema: { response: { 200: ZBilling } } }, async (request) =>
    billingOverview(deps, authOf(request)),
  );

  app.post(
    '/billing/checkout',
    { ...asAdmin, ...stripe, schema: { body: ZCheckoutRequest, response: { 200: ZRedirect } } },
    async (request) => billing.startCheckout(deps, authOf(request), request.body),
  );

  app.post('/billing/portal', { ...asAdmin, ...stripe, schema: { response: { 200: ZRedirect } } }, async (request) =>
    billing.openPortal(deps, authOf(request)),
  );

  app.get('/billing/invoices', { ...asAdmin, ...stripe, schema: { response: { 200: ZInvoices } } }, async (request) =>
    billing.listInvoices(deps, authOf(request)),
  );

  app.put(
    '/billing/plan',
    // With Stripe connected the plan changes only through a payment (409).
    { ...asAdmin, ...stripe, schema: { body: ZLocalPlanRequest, response: { 200: ZBilling } } },
    async (request) => {
      await billing.setLocalPlan(deps, authOf(request), request.body.plan);
      return billingOverview(deps, authOf(request));
    },
  );

  // The webhook reads its body raw (the signature is over the exact bytes), so it lives in its
  // own encapsulated plugin: the buffer parser below applies to this route only.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_req, body, done) => done(null, body));
    const webhook = {
      schema: { response: { 200: z.object({ received: z.literal(true) }) } },
      // Without Stripe set up on this server there is no webhook to receive (404).
      config: { errors: ['not_found'] as const },
    };
    hook.post('/billing/webhook', webhook, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const received = await receiveWebhook(
        deps,
        request.body as Buffer,
        typeof signature === 'string' ? signature : undefined,
      );
      // Until the job system runs billing.jobs.ts, the event is applied right here.
      if (received.needsProcessing) await processWebhookEvent(deps, received.eventId);
      return reply.send({ received: true });
    });
  });
};
