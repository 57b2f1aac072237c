import { z } from 'zod';
import { analyticsJobs } from '#server/modules/analytics/analytics.jobs.ts';
import { billingJobs } from '#server/modules/billing/billing.jobs.ts';
import { coachJobs } from '#server/modules/coach/coach.jobs.ts';
import { connectionJobs } from '#server/modules/connections/connections.jobs.ts';
import { conversationJobs } from '#server/modules/conversations/conversations.jobs.ts';
import { domainJobs } from '#server/modules/domains/domains.jobs.ts';
import { keywordJobs } from '#server/modules/keywords/keywords.jobs.ts';
import { pushJobs } from '#server/modules/push/push.jobs.ts';
import { reviewJobs } from '#server/modules/reviews/reviews.jobs.ts';
import { socialJobs } from '#server/modules/social/social.jobs.ts';
import { taskJobs } from '#server/modules/tasks/tasks.jobs.ts';
import { websiteJobs } from '#server/modules/website/website.jobs.ts';
import type { AppServices } from '#server/services.ts';
import { defineJob, type JobDefinition } from './jobs.ts';
import type { ModuleJob } from './module-job.ts';
import { maintenanceJobs } from './maintenance.ts';

function fromModule(job: ModuleJob, services: () => AppServices): JobDefinition {
  return defineJob({
    name: job.name,
    schema: z.unknown(),
    ...(job.cron ? { cron: { expression: job.cron } } : {}),
    ...(job.retryLimit !== undefined ? { retryLimit: job.retryLimit } : {}),
    ...(job.expireInSeconds !== undefined ? { expireInSeconds: job.expireInSeconds } : {}),
    ...(job.concurrency !== undefined ? { concurrency: job.concurrency } : {}),
    ...(job.pollingIntervalSeconds !== undefined ? { pollingIntervalSeconds: job.pollingIntervalSeconds } : {}),
    handler: (data, ctx) => job.handler(data, { services: services(), log: ctx.log, jobId: ctx.jobId }),
  });
}

/**
 * Every kind of background job the app runs; a module's `<area>.jobs.ts` is added here. The
 * services are asked for when a job runs (the queue exists before the app that owns it).
 */
export function jobDefinitions(services: () => AppServices): JobDefinition[] {
  const modules: ModuleJob[] = [
    ...connectionJobs,
    ...reviewJobs,
    ...billingJobs,
    ...socialJobs,
    ...websiteJobs,
    ...domainJobs,
    ...coachJobs,
    ...analyticsJobs,
    ...keywordJobs,
    ...conversationJobs,
    ...pushJobs,
    ...taskJobs,
  ];
  return [...maintenanceJobs(() => services().database.db), ...modules.map((job) => fromModule(job, services))];
}
