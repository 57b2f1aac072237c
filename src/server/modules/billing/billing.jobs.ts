import type { ModuleJob } from '#server/jobs/module-job.ts';
import { billingDeps } from './billing.service.ts';
import { processWebhookEvent } from './billing.webhooks.ts';
import * as repo from './billing.repo.ts';

export const BILLING_WEBHOOK_JOB = 'billing.webhook';

function eventIdOf(data: unknown): string {
  const id = (data as { eventId?: unknown } | null)?.eventId;
  if (typeof id !== 'string' || !id) throw new Error('billing.webhook job without an eventId');
  return id;
}

export const billingJobs: ModuleJob[] = [
  {
    // One stored Stripe event applied to its tenant; a failure is retried (the row stays unprocessed).
    name: BILLING_WEBHOOK_JOB,
    retryLimit: 5,
    expireInSeconds: 120,
    pollingIntervalSeconds: 1, // the owner is back from Checkout, waiting for the plan
    handler: (data, ctx) => processWebhookEvent(billingDeps(ctx.services, ctx.log), eventIdOf(data)),
  },
  {
    // Safety net: events stored but never applied (a crash between the two steps).
    name: 'billing.webhook-sweep',
    cron: '*/10 * * * *',
    retryLimit: 1,
    handler: async (_data, ctx) => {
      const deps = billingDeps(ctx.services, ctx.log);
      for (const id of await repo.unprocessedEvents(deps.db)) {
        await processWebhookEvent(deps, id).catch((err: unknown) =>
          ctx.log.error({ err, eventId: id }, 'stripe event still failing'),
        );
      }
    },
  },
];
