import type { ModuleJob } from '#server/jobs/module-job.ts';
import { reviewsDeps } from './reviews.deps.ts';
import { syncAllReviews } from './reviews-sync.service.ts';

/** Background work of reviews: the Business Profile sync, so a new review shows within 15 minutes. */
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
];
