import { z } from 'zod';
import { PROVIDER_NAMES } from '#shared/schemas/connections.ts';
import { SOCIAL_IMAGE_MESSAGES } from '#shared/schemas/social-analytics.ts';
import { PLATFORM_DEFS, postText, type TSocialPlatform } from '#shared/schemas/social.ts';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import { RejectedPost, UncertainPost, type PublishedPost } from '#server/integrations/social-publish.ts';
import { publishFacebook, publishInstagram } from '#server/integrations/meta/meta-posts.ts';
import { publishTweet } from '#server/integrations/x/x-posts.ts';
import { publishLinkedin } from '#server/integrations/linkedin/linkedin-posts.ts';
import { withAccountToken } from '#server/modules/connections/connections.service.ts';
import * as repo from './social.repo.ts';
import { imageOf } from './social-images.ts';
import { enqueuePublish, notConfiguredMessage, toPost, type SocialDeps } from './social.service.ts';

/**
 * Publishing one target, run by its job (at least once, maybe in two processes at the same time):
 * the row is claimed scheduled → publishing for exactly this try, so only one run posts; then
 * published with the network's id and link, or failed with a reason the owner can act on. A rate
 * limit or outage is tried again later (Retry-After honoured, else 30 s doubling) up to MAX_TRIES.
 * A run that finds its own try "publishing" for longer than a run may last was interrupted
 * mid-post: it does not post again blind, it says so (the owner checks the page, then Retry).
 */
export const ZPublishJob = z.object({
  tenantId: z.uuid(),
  postId: z.uuid(),
  attempt: z.number().int().min(1),
  tries: z.number().int().min(1).default(1),
});
export type PublishJob = z.infer<typeof ZPublishJob>;

export const MAX_TRIES = 4;
/** The publish job's expireInSeconds (social.jobs.ts): a run still "publishing" after this has died. */
export const STALE_PUBLISHING_MS = 120_000;
const BASE_DELAY_S = 30;

export type PublishOutcome = 'published' | 'failed' | 'retrying' | 'skipped';

async function sendTo(deps: SocialDeps, row: repo.PostRow, platform: TSocialPlatform): Promise<PublishedPost | null> {
  const def = PLATFORM_DEFS[platform];
  const cfg = deps.connections.config;
  const http = deps.http ?? {};
  const post = { text: postText(row.content, row.hashtags), imageUrl: row.imageUrl };
  return withAccountToken(deps.connections, row.tenantId, def.provider, (token, accountId) => {
    switch (platform) {
      case 'facebook':
        return publishFacebook(cfg.meta, token, accountId, post, http);
      case 'instagram':
        return publishInstagram(cfg.meta, token, accountId, post, http);
      case 'twitter':
        return tweet(deps, row, token, post);
      case 'linkedin':
        return publishLinkedin(cfg.linkedin, token, accountId, post, http);
    }
  });
}

/** X cannot fetch a link: an uploaded image goes to X's media upload first; a typed link is refused. */
async function tweet(deps: SocialDeps, row: repo.PostRow, token: string, post: { text: string }) {
  const cfg = deps.connections.config;
  if (!row.imageUrl) return publishTweet(cfg.x, token, post, deps.http ?? {});
  const image = await imageOf(deps.db, row.tenantId, row.imageUrl);
  if (!image) throw new RejectedPost('x', SOCIAL_IMAGE_MESSAGES.xNeedsUpload.replace(/\.$/, ''));
  return publishTweet(cfg.x, token, post, deps.http ?? {}, image);
}

export async function publishTarget(deps: SocialDeps, job: PublishJob): Promise<PublishOutcome> {
  const { tenantId, postId, attempt } = job;
  const row = await repo.claim(deps.db, tenantId, postId, attempt);
  if (!row) {
    const now = await repo.findPost(deps.db, tenantId, postId);
    // Another run may be posting it right now; only one that has been at it longer than a run may
    // last (the job's expiry) has died, and then nobody can say whether the post went out.
    const stale = now && Date.now() - now.updatedAt.getTime() > STALE_PUBLISHING_MS;
    if (now?.status === 'publishing' && now.attempts === attempt && stale) {
      const name = PLATFORM_DEFS[toPost(now).platform].name;
      await repo.updateIf(deps.db, tenantId, postId, 'publishing', {
        status: 'failed',
        errorMessage: `Publishing to ${name} was interrupted, so we cannot tell whether it went out. Check your ${name} page; if the post is not there, press Retry.`,
      });
      return 'failed';
    }
    return 'skipped'; // published, cancelled, rescheduled or taken by another run
  }
  const platform = toPost(row).platform;
  const name = PLATFORM_DEFS[platform].name;
  const fail = async (errorMessage: string): Promise<PublishOutcome> => {
    await repo.updateIf(deps.db, tenantId, postId, 'publishing', { status: 'failed', errorMessage });
    return 'failed';
  };
  let published: PublishedPost | null;
  try {
    published = await sendTo(deps, row, platform);
  } catch (err) {
    if (err instanceof RejectedPost) return fail(err.message);
    if (err instanceof UncertainPost) {
      deps.log.warn({ postId, platform, detail: err.detail }, 'publish outcome unknown');
      return fail(
        `${name} did not answer in time, so we cannot tell whether the post went out. Check your ${name} page; if the post is not there, press Retry.`,
      );
    }
    if (!(err instanceof ConnectionProblem)) {
      deps.log.error({ postId, error: err instanceof Error ? err.message : String(err) }, 'publish crashed');
      return fail(`Something went wrong on our side while posting to ${name}. Press Retry to try again.`);
    }
    deps.log.warn({ postId, platform, code: err.code, detail: err.detail }, 'publish problem');
    if (err.needsReconnect) {
      const account = PROVIDER_NAMES[err.provider];
      const what = err.message.replace(/\s*Reconnect .*$/, '');
      return fail(`${what} Reconnect ${account} in Settings → Connections, then press Retry.`);
    }
    if (job.tries >= MAX_TRIES)
      return fail(
        `${name} kept refusing for now (${err.reason}); we tried ${MAX_TRIES} times. Press Retry to try again.`,
      );
    const waitS = err.retryAfterSeconds ?? BASE_DELAY_S * 2 ** (job.tries - 1);
    const back = await repo.updateIf(deps.db, tenantId, postId, 'publishing', {
      status: 'scheduled',
      errorMessage: `${name} ${err.reason}; trying again automatically.`,
    });
    if (back)
      await enqueuePublish(deps, back, { tries: job.tries + 1, startAfter: new Date(Date.now() + waitS * 1000) });
    return 'retrying';
  }
  if (!published) return fail(notConfiguredMessage(platform));
  await repo.updateIf(deps.db, tenantId, postId, 'publishing', {
    status: 'published',
    publishedAt: new Date(),
    externalPostId: published.externalId,
    externalUrl: published.url,
    errorMessage: null,
  });
  return 'published';
}

/** The minute sweep: a due target without a job (its enqueue failed) gets one; existing keys are no-ops. */
export async function enqueueDue(deps: SocialDeps, now = new Date()): Promise<number> {
  const due = await repo.findDue(deps.db, now);
  for (const row of due) await enqueuePublish(deps, { ...row, scheduledFor: null });
  return due.length;
}
