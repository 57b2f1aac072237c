import type { ModuleJob } from '#server/jobs/module-job.ts';
import { analyticsDeps } from './analytics.deps.ts';
import { sendWeeklyReports } from './weekly-report.ts';

/** Background work of analytics: the Monday report mail, checked hourly against each business's time zone. */
export const analyticsJobs: ModuleJob[] = [
  {
    name: 'analytics.weekly-report',
    cron: '5 * * * *',
    retryLimit: 1,
    expireInSeconds: 900,
    async handler(_data, ctx) {
      const result = await sendWeeklyReports(analyticsDeps(ctx.services));
      if (result.sent + result.failed > 0) ctx.log.info({ jobId: ctx.jobId, ...result }, 'weekly reports mailed');
    },
  },
];
