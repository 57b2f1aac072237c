import type { ModuleJob } from '#server/jobs/module-job.ts';
import { coachDeps, weeklyInsights } from './coach.service.ts';

/** Background work of the coach: fresh insights every Monday morning, by themselves. */
export const coachJobs: ModuleJob[] = [
  {
    name: 'coach.weekly-insights',
    cron: '0 7 * * 1',
    retryLimit: 1,
    expireInSeconds: 1800,
    async handler(_data, ctx) {
      const result = await weeklyInsights(coachDeps(ctx.services));
      ctx.log.info({ jobId: ctx.jobId, ...result }, 'weekly coach insights');
    },
  },
];
