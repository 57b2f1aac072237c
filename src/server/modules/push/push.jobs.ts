import type { ModuleJob } from '#server/jobs/module-job.ts';
import { deliver, pushDeps, PUSH_JOB, type PushJob } from './push.service.ts';

/** Background work of Web Push: each push is one job, sent as soon as a worker takes it. */
export const pushJobs: ModuleJob[] = [
  {
    name: PUSH_JOB,
    // A push is worth little late: a couple of retries, then it is dropped.
    retryLimit: 2,
    concurrency: 4,
    pollingIntervalSeconds: 0.5,
    async handler(data, ctx) {
      const report = await deliver(pushDeps(ctx.services), data as PushJob);
      ctx.log.info({ jobId: ctx.jobId, ...report }, 'push sent');
    },
  },
];
