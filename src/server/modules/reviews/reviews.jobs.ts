import { z } from 'zod';
import type { ModuleJob } from '#server/jobs/module-job.ts';
import { reviewsDeps } from './reviews.deps.ts';
import { syncAllReviews } from './reviews-sync.service.ts';
import {
  LEAD_CONVERTED_JOB,
  SEND_REQUEST_JOB,
  requestAfterConversion,
  requestDeps,
  sendRequest,
} from './review-requests.service.ts';

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
 * minutes; and review requests — one made after a lead is converted, each sent at its time.
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
    async handler(data, ctx) {
      const { tenantId, requestId } = ZSend.parse(data);
      await sendRequest(requestDeps(ctx.services), tenantId, requestId);
    },
  },
];
