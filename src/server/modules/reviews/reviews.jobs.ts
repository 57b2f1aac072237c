import { z } from 'zod';
import type { ModuleJob } from '#server/jobs/module-job.ts';
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
  {
    name: 'reviews.sync-google',
    cron: '*/15 * * * *',
    retryLimit: 1,
    expireInSeconds: 600,
    async handler(_data, ctx) {
      const result = await syncAllReviews(reviewsDeps(ctx.services));
      if (result.tenants + result.failed > 0) ctx.log.info({ jobId: ctx.jobId, ...result }, 'google reviews synced');
    },
  },
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
    async handler(data, ctx) {
      const { tenantId, requestId } = ZSend.parse(data);
      await sendRequest(requestDeps(ctx.services), tenantId, requestId);
    },
  },
  {
    // A worker that died mid-send leaves its request "sending": it is marked failed with a reason
    // the owner can act on (it may have gone out, so it is never resent blindly).
    name: SWEEP_STUCK_JOB,
    cron: '*/5 * * * *',
    retryLimit: 1,
    async handler(_data, ctx) {
      const failed = await failStuckRequests(requestDeps(ctx.services));
      if (failed.length > 0)
        ctx.log.warn({ jobId: ctx.jobId, requests: failed }, 'interrupted review requests marked failed');
    },
  },
];
