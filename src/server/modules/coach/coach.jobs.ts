import { cronSweep, type ModuleJob } from '#server/jobs/module-job.ts';
import { coachDeps, weeklyInsights } from './coach.service.ts';

/** Background work of the coach: fresh insights every Monday morning, by themselves. */
export const coachJobs: ModuleJob[] = [
  cronSweep({
    name: 'coach.weekly-insights',
    cron: '0 7 * * 1',
    retryLimit: 1,
    expireInSeconds: 1800,
    run: (services) => weeklyInsights(coachDeps(services)),
    report: (r) => ({ figures: r, message: 'weekly coach insights' }),
  }),
];
