import { cronSweep, type ModuleJob } from '#server/jobs/module-job.ts';
import { PUBLISH_JOB, socialDeps } from './social.service.ts';
import { syncAnalytics } from './social-analytics.service.ts';
import { STALE_PUBLISHING_MS, ZPublishJob, enqueueDue, publishTarget } from './social-publish.service.ts';

/**
 * Publishing (issue 15). Each target has its own job at its time, keyed by target and try, so a
 * repeat enqueue is a no-op; the handler claims the row before posting (exactly once across
 * processes). Retries of a rate limit or outage, and checks of a try without a clear answer, are
 * new jobs (social-publish.service.ts), so the queue's own retry is only for a run that died: it
 * finds its try "publishing" and looks for the post on the network before sending it again. The
 * minute sweep makes a job for any target left without one.
 */
export const socialJobs: ModuleJob[] = [
  {
    name: PUBLISH_JOB,
    retryLimit: 1,
    expireInSeconds: STALE_PUBLISHING_MS / 1000,
    // Publishing mostly waits on the networks (a post takes them 0.3–2 s to answer): many at
    // once per process (200: two processes keep ~400 posts a second going at 1 s each, so the
    // CPU, not the slots, bounds a burst; decision 040), and asked for 4 times a second so a due
    // post starts within 0.25 s.
    concurrency: 200,
    pollingIntervalSeconds: 0.25,
    async handler(data, ctx) {
      const job = ZPublishJob.parse(data);
      const outcome = await publishTarget(socialDeps(ctx.services, ctx.log), job);
      ctx.log.info({ jobId: ctx.jobId, postId: job.postId, outcome }, 'social post publish run');
    },
  },
  cronSweep({
    name: 'social.enqueue-due',
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 60,
    run: (services, log) => enqueueDue(socialDeps(services, log)),
    report: (due) => (due > 0 ? { figures: { due }, message: 'due social posts checked' } : null),
  }),
  cronSweep({
    // The networks' figures for posts of the last 30 days, hourly (social-analytics.service.ts).
    name: 'social.sync-analytics',
    cron: '17 * * * *',
    retryLimit: 0,
    expireInSeconds: 30 * 60,
    run: (services, log) => syncAnalytics(socialDeps(services, log)),
    report: (r) => ({ figures: r, message: 'social analytics synced' }),
  }),
];
