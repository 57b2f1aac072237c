import { z } from 'zod';
import { cronSweep, type ModuleJob } from '#server/jobs/module-job.ts';
import { reviewsDeps } from './reviews.deps.ts';
import { syncAllReviews } from './reviews-sync.service.ts';
import {
  LEAD_CONVERTED_JOB,
  SEND_JOB_EXPIRE_S,
  SEND_REQUEST_JOB,
  SWEEP_STUCK_JOB,
  requestAfterConversion,
  requestDeps,
} from './review-requests.service.ts';
import { failStuckRequests, sendRequest } from './review-request-send.service.ts';

const ZConverted = z.object({
  tenantId: z.uuid(),
  leadId: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
const ZSend = z.object({ tenantId: z.uuid(), requestId: z.uuid() });

/**
 * Background work of reviews: the Business Profile sync, so a new review shows within 15
 * minutes; and review requests — one made after a lead is converted, each sent at its time, and
 * a sweep of sends interrupted mid-way.
 */
export const reviewJobs: ModuleJob[] = [
  cronSweep({
    name: 'reviews.sync-google',
    cron: '*/15 * * * *',
    retryLimit: 1,
    expireInSeconds: 600,
    run: (services) => syncAllReviews(reviewsDeps(services)),
    report: (r) => (r.tenants + r.failed > 0 ? { figures: r, message: 'google reviews synced' } : null),
  }),
  {
    name: LEAD_CONVERTED_JOB,
    async handler(data, ctx) {
      const row = await requestAfterConversion(requestDeps(ctx.services), ZConverted.parse(data));
      if (row) ctx.log.info({ jobId: ctx.jobId, requestId: row.id, status: row.status }, 'review request made');
    },
  },
  {
    name: SEND_REQUEST_JOB,
    retryLimit: 3,
    expireInSeconds: SEND_JOB_EXPIRE_S,
    pollingIntervalSeconds: 1, // "Send now" and a request's due time
    async handler(data, ctx) {
      const { tenantId, requestId } = ZSend.parse(data);
      await sendRequest(requestDeps(ctx.services), tenantId, requestId);
    },
  },
  cronSweep({
    // A worker that died mid-send leaves its request "sending": it is marked failed with a reason
    // the owner can act on (it may have gone out, so it is never resent blindly).
    name: SWEEP_STUCK_JOB,
    cron: '*/5 * * * *',
    retryLimit: 1,
    run: (services) => failStuckRequests(requestDeps(services)),
    report: (failed) =>
      failed.length > 0
        ? { figures: { requests: failed }, message: 'interrupted review requests marked failed', level: 'warn' }
        : null,
  }),
];
