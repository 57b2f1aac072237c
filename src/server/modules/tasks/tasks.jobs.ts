import { cronSweep, type ModuleJob } from '#server/jobs/module-job.ts';
import { pushDueTasks, tasksDeps } from './tasks.service.ts';

/** Tasks' background work: each minute, the tasks whose due time has come are pushed once. */
export const taskJobs: ModuleJob[] = [
  cronSweep({
    name: 'tasks.push-due',
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 60,
    run: (services) => pushDueTasks({ ...tasksDeps(services), jobs: services.jobs }),
    report: (r) => (r.told > 0 ? { figures: r, message: 'due tasks pushed' } : null),
  }),
];
