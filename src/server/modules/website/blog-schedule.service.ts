import { z } from 'zod';
import { WEBSITE_MESSAGES, type TBlogPost, type TScheduleBlogPostRequest } from '#shared/schemas/website.ts';
import { zonedToIso } from '#shared/zoned-time.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { AppError, FieldError, notFound } from '#server/errors.ts';
import { tenantTimezone, wordpressCredentials } from '#server/modules/settings/settings.service.ts';
import { NOT_ON_WORDPRESS, PUBLISHING_NOW, pushToWordpress, rowOr404, viewPost } from './blog.service.ts';
import type { WebsiteDeps } from './website.deps.ts';
import * as repo from './website.repo.ts';

/**
 * Scheduled publishing (issue 18). A post scheduled for a wall-clock time in the business's time
 * zone gets one job at that instant, keyed by post and try, so a repeat enqueue is a no-op. The
 * job claims the row scheduled → publishing for exactly its try (a reschedule or a cancel moves
 * the try on, so an old job finds nothing to do), publishes, and records the outcome: published,
 * or failed with a reason the owner can act on. A site that is down is tried again later.
 */
export const BLOG_PUBLISH_JOB = 'website.blog-publish';
export const ZBlogPublishJob = z.object({
  tenantId: z.uuid(),
  postId: z.uuid(),
  attempt: z.number().int().min(1),
  tries: z.number().int().min(1).default(1),
});
export type BlogPublishJob = z.infer<typeof ZBlogPublishJob>;

export const BLOG_MAX_TRIES = 3;
/** The job's expireInSeconds: a run still "publishing" after this has died. */
export const BLOG_STALE_PUBLISHING_MS = 180_000;
const RETRY_DELAY_MS = 5 * 60_000;
/** A time a minute in the past still counts (the form's clock and ours differ a little). */
const PAST_GRACE_MS = 60_000;
const AHEAD_LIMIT_MS = 366 * 24 * 3_600_000;

export const SCHEDULE_MESSAGES = {
  past: 'Pick a date and time in the future.',
  tooFar: 'Pick a date within the next year.',
  notScheduled: 'This post has no publish scheduled.',
  interrupted:
    'Publishing was interrupted, so we cannot tell whether the post reached WordPress. Check your WordPress posts; if it is not there, press Publish to WordPress.',
  failed: (reason: string) => `${reason} Fix this, then schedule the post again or press Publish to WordPress.`,
  siteDown: (reason: string) => `${reason} We tried ${BLOG_MAX_TRIES} times.`,
} as const;

async function enqueue(deps: Pick<WebsiteDeps, 'jobs'>, row: repo.BlogPostRow, tries = 1, startAfter?: Date) {
  const at = startAfter ?? row.scheduledFor ?? new Date();
  const job: BlogPublishJob = { tenantId: row.tenantId, postId: row.id, attempt: row.scheduleAttempt, tries };
  await deps.jobs.enqueue(BLOG_PUBLISH_JOB, job, { key: `${row.id}:${row.scheduleAttempt}:${tries}`, startAfter: at });
}

/** Schedules (or moves) the publish of a blog post to WordPress at a time in the business's time zone. */
export async function scheduleBlogPost(
  deps: WebsiteDeps,
  auth: AuthContext,
  id: string,
  input: TScheduleBlogPostRequest,
  now = new Date(),
): Promise<TBlogPost> {
  const row = await rowOr404(deps, auth.tenantId, id);
  if (row.platform !== 'blog') throw new AppError('bad_request', NOT_ON_WORDPRESS);
  if (row.scheduleState === 'publishing') throw new AppError('conflict', PUBLISHING_NOW);
  // Checked now so the owner hears it today rather than from a failed job later.
  await wordpressCredentials(deps.settings, auth.tenantId).catch((err: unknown) => {
    if (err instanceof AppError) throw new AppError('bad_request', WEBSITE_MESSAGES.wordpressNotConfigured);
    throw err;
  });
  const timezone = await tenantTimezone(deps, auth.tenantId);
  const at = new Date(zonedToIso(input.date, input.time, timezone));
  if (Number.isNaN(at.getTime())) throw new FieldError('date', 'Pick a date');
  if (at.getTime() < now.getTime() - PAST_GRACE_MS) throw new FieldError('time', SCHEDULE_MESSAGES.past);
  if (at.getTime() > now.getTime() + AHEAD_LIMIT_MS) throw new FieldError('date', SCHEDULE_MESSAGES.tooFar);
  const updated = await repo.updateBlogPost(deps.db, auth.tenantId, id, {
    scheduledFor: at,
    scheduleState: 'scheduled',
    scheduleError: null,
    scheduleAttempt: row.scheduleAttempt + 1,
  });
  if (!updated) throw notFound('Blog post');
  // A failed enqueue leaves the row scheduled: the minute sweep enqueues it.
  await enqueue(deps, updated).catch(() => undefined);
  return viewPost(deps, auth.tenantId, updated);
}

/** Calls off a scheduled (or failed) publish; the queued job then finds its try gone. */
export async function cancelSchedule(deps: WebsiteDeps, auth: AuthContext, id: string): Promise<TBlogPost> {
  const row = await rowOr404(deps, auth.tenantId, id);
  if (row.scheduleState === 'publishing') throw new AppError('conflict', PUBLISHING_NOW);
  if (row.scheduleState !== 'scheduled' && row.scheduleState !== 'failed')
    throw new AppError('conflict', SCHEDULE_MESSAGES.notScheduled);
  const updated = await repo.updateBlogPostIf(
    deps.db,
    auth.tenantId,
    id,
    { state: row.scheduleState, attempt: row.scheduleAttempt },
    { scheduleState: null, scheduledFor: null, scheduleError: null, scheduleAttempt: row.scheduleAttempt + 1 },
  );
  if (!updated) throw new AppError('conflict', PUBLISHING_NOW);
  return viewPost(deps, auth.tenantId, updated);
}

export type BlogPublishOutcome = 'published' | 'failed' | 'retrying' | 'skipped';

/** The job: publish the post if this try is still the scheduled one, exactly once. */
export async function runScheduledPublish(deps: WebsiteDeps, job: BlogPublishJob): Promise<BlogPublishOutcome> {
  const { tenantId, postId, attempt } = job;
  const row = await repo.updateBlogPostIf(
    deps.db,
    tenantId,
    postId,
    { state: 'scheduled', attempt },
    {
      scheduleState: 'publishing',
    },
  );
  if (!row) {
    const now = await repo.findBlogPost(deps.db, tenantId, postId);
    const stale = now && Date.now() - now.updatedAt.getTime() > BLOG_STALE_PUBLISHING_MS;
    if (now?.scheduleState === 'publishing' && now.scheduleAttempt === attempt && stale) {
      await repo.updateBlogPostIf(
        deps.db,
        tenantId,
        postId,
        { state: 'publishing', attempt },
        {
          scheduleState: 'failed',
          scheduleError: SCHEDULE_MESSAGES.interrupted,
        },
      );
      return 'failed';
    }
    return 'skipped'; // published, cancelled, rescheduled or taken by another run
  }
  const fail = async (scheduleError: string): Promise<BlogPublishOutcome> => {
    await repo.updateBlogPostIf(
      deps.db,
      tenantId,
      postId,
      { state: 'publishing', attempt },
      {
        scheduleState: 'failed',
        scheduleError,
      },
    );
    return 'failed';
  };
  try {
    await pushToWordpress(deps, row, 'publish', { scheduleState: null, scheduleError: null });
    return 'published';
  } catch (err) {
    if (!(err instanceof AppError)) {
      return fail(SCHEDULE_MESSAGES.failed('Something went wrong on our side while publishing.'));
    }
    if (err.code !== 'unavailable') return fail(SCHEDULE_MESSAGES.failed(err.message));
    if (job.tries >= BLOG_MAX_TRIES) return fail(SCHEDULE_MESSAGES.failed(SCHEDULE_MESSAGES.siteDown(err.message)));
    const back = await repo.updateBlogPostIf(
      deps.db,
      tenantId,
      postId,
      { state: 'publishing', attempt },
      {
        scheduleState: 'scheduled',
        scheduleError: `${err.message} Trying again automatically.`,
      },
    );
    if (back) await enqueue(deps, back, job.tries + 1, new Date(Date.now() + RETRY_DELAY_MS));
    return 'retrying';
  }
}

/** The minute sweep: a due post without a job (its enqueue failed) gets one; existing keys are no-ops. */
export async function enqueueDueBlogPosts(deps: Pick<WebsiteDeps, 'db' | 'jobs'>, now = new Date()): Promise<number> {
  const due = await repo.dueBlogPosts(deps.db, now);
  for (const row of due) {
    const job: BlogPublishJob = { tenantId: row.tenantId, postId: row.id, attempt: row.scheduleAttempt, tries: 1 };
    await deps.jobs.enqueue(BLOG_PUBLISH_JOB, job, { key: `${row.id}:${row.scheduleAttempt}:1` });
  }
  return due.length;
}
