import { cronSweep, type ModuleJob } from '#server/jobs/module-job.ts';
import { analyticsDeps } from './analytics.deps.ts';
import { sendWeeklyReports } from './weekly-report.ts';

/** Background work of analytics: the Monday report mail, checked hourly against each business's time zone. */
export const analyticsJobs: ModuleJob[] = [
  cronSweep({
    name: 'analytics.weekly-report',
    cron: '5 * * * *',
    retryLimit: 1,
    expireInSeconds: 900,
    run: (services) => sendWeeklyReports(analyticsDeps(services)),
    report: (r) => (r.sent + r.failed > 0 ? { figures: r, message: 'weekly reports mailed' } : null),
  }),
];
