import { cronSweep, type ModuleJob } from '#server/jobs/module-job.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import {
  BLOG_PUBLISH_JOB,
  BLOG_STALE_PUBLISHING_MS,
  enqueueDueBlogPosts,
  runScheduledPublish,
  ZBlogPublishJob,
} from './blog-schedule.service.ts';
import { SPEED_TO_LEAD_JOB, ZSpeedToLead } from './lead-intake.service.ts';
import { forgetOldGuardRows } from './lead-guard.ts';
import { sendSpeedToLead } from './speed-to-lead.ts';
import { websiteDeps } from './website.deps.ts';

/**
 * Background work of the website area: the speed-to-lead reply of a landing page's form (and the
 * hourly clean-up of its guard's rows), scheduled blog posts.
 */
export const websiteJobs: ModuleJob[] = [
  {
    name: SPEED_TO_LEAD_JOB,
    retryLimit: 3,
    expireInSeconds: 60,
    pollingIntervalSeconds: 1, // a visitor waits for it
    async handler(data, ctx) {
      const lead = ZSpeedToLead.parse(data);
      const { services } = ctx;
      const result = await sendSpeedToLead(
        {
          db: services.database.db,
          mailer: services.mailer,
          appUrl: services.config.appUrl,
          box: services.secretBox,
          outbound: createOutbound({ allow: services.config.outboundAllow }),
          twilioBaseUrl: services.config.twilioBaseUrl,
          jobs: services.jobs,
          inboundEmailDomain: services.config.inboundEmail?.domain,
        },
        lead,
      );
      ctx.log.info({ jobId: ctx.jobId, ...result }, 'speed-to-lead sent');
    },
  },
  {
    name: 'website.lead-guard-cleanup',
    cron: '17 * * * *',
    retryLimit: 0,
    expireInSeconds: 300,
    async handler(_data, ctx) {
      const n = await forgetOldGuardRows(websiteDeps(ctx.services));
      if (n > 0) ctx.log.info({ jobId: ctx.jobId, forgotten: n }, 'old lead-form stamps and reply counts forgotten');
    },
  },
  {
    name: BLOG_PUBLISH_JOB,
    // The queue's own retry is only for a run that died: it then finds its try "publishing" and says so.
    retryLimit: 1,
    expireInSeconds: BLOG_STALE_PUBLISHING_MS / 1000,
    pollingIntervalSeconds: 1, // "Publish now": the owner waits for it
    async handler(data, ctx) {
      const job = ZBlogPublishJob.parse(data);
      const outcome = await runScheduledPublish(websiteDeps(ctx.services), job);
      ctx.log.info({ jobId: ctx.jobId, postId: job.postId, outcome }, 'scheduled blog post run');
    },
  },
  cronSweep({
    name: 'website.blog-enqueue-due',
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 60,
    run: (services) => enqueueDueBlogPosts(websiteDeps(services)),
    report: (due) => (due > 0 ? { figures: { due }, message: 'due blog posts checked' } : null),
  }),
];
