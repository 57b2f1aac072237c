import { z } from 'zod';
import { PROVIDER_NAMES } from '#shared/schemas/connections.ts';
import { SOCIAL_IMAGE_MESSAGES } from '#shared/schemas/social-analytics.ts';
import { PLATFORM_DEFS, postText, type TSocialPlatform } from '#shared/schemas/social.ts';
import { ConnectionProblem, type ProviderHttpOptions } from '#server/integrations/provider-http.ts';
import { RejectedPost, UncertainPost, type PublishedPost } from '#server/integrations/social-publish.ts';
import {
  findFacebookPost,
  findInstagramMedia,
  publishFacebook,
  publishInstagram,
} from '#server/integrations/meta/meta-posts.ts';
import { findTweet, publishTweet } from '#server/integrations/x/x-posts.ts';
import { findLinkedinPost, publishLinkedin } from '#server/integrations/linkedin/linkedin-posts.ts';
import { withAccountToken, type ConnectionsDeps } from '#server/modules/connections/connections.service.ts';
import { notify } from '#server/modules/push/push.service.ts';
import { trackPostLinks } from '#server/modules/links/post-links.ts';
import * as repo from './social.repo.ts';
import { imageOf } from './social-images.ts';
import { asPlatform, enqueuePublish, toPost, type SocialDeps } from './social.service.ts';
import { POSTING_LIMITS, claimWithinLimit } from './social-limits.ts';

/**
 * Publishing one target, run by its job (at least once, maybe in two processes at the same time):
 * the row is claimed for exactly this try, so only one run posts; then published with the
 * network's id and link, or failed with a reason the owner can act on. A rate limit or outage
 * (nothing was made) is tried again later (Retry-After honoured, else 30 s doubling) up to
 * MAX_TRIES. A try without a clear answer (timeout, 5xx) may have gone out: the target stays
 * "publishing" and a check job follows, which looks for the post on the network, records it when
 * it is there and sends it only when it is not. A try left "publishing" by a run that died gets
 * the same check. Every network is looked up; for Instagram only media_publish can leave the
 * outcome unknown (a failed media container made nothing public and is simply tried again). A
 * target over its network's posting limit is not sent: it waits for a free slot (social-limits.ts).
 */
export const ZPublishJob = z.object({
  tenantId: z.uuid(),
  postId: z.uuid(),
  attempt: z.number().int().min(1),
  tries: z.number().int().min(1).default(1),
  /** The previous try may have reached the network: look there before sending. */
  check: z.boolean().default(false),
  /** The target's network, for its posting limit (a job made before this was added reads the row). */
  platform: z.string().optional(),
});
export type PublishJob = z.infer<typeof ZPublishJob>;

export const MAX_TRIES = 4;
/**
 * The publish job's expireInSeconds (social.jobs.ts): a run still "publishing" after this has died.
 * SOCIAL_PUBLISH_STALE_MS (deps.publishStaleMs) may say so sooner; it is never longer.
 */
export const STALE_PUBLISHING_MS = 120_000;
const staleMs = (deps: Pick<SocialDeps, 'publishStaleMs'>) => deps.publishStaleMs ?? STALE_PUBLISHING_MS;
/** A scheduled target this late has lost its job (failed, or never made): the sweep makes a new one. */
const OVERDUE_MS = 120_000;
const BASE_DELAY_S = 30;
/** A network that answered unclearly gets this long to list the post before we look for it. */
const CHECK_AFTER_S = 20;
/** Clock differences between us and a network, when looking for a post made since its time. */
const CLOCK_SKEW_MS = 120_000;
/** Runs of one target that died mid-publish before the sweep stops re-checking it and asks the owner. */
const MAX_INTERRUPTED_RUNS = 10;

export type PublishOutcome =
  | 'published'
  | 'sandboxed'
  | 'failed'
  | 'retrying'
  | 'checking'
  | 'skipped'
  /** The account's posting limit is reached: scheduled again for a free slot (social-limits.ts). */
  | 'waiting';

type Finder = (
  config: ConnectionsDeps['config'],
  token: string,
  accountId: string,
  text: string,
  since: Date,
  http: ProviderHttpOptions,
) => Promise<PublishedPost | null>;

/** The networks whose recent posts we can read back, to find a post that went out unanswered. */
const FINDERS: Partial<Record<TSocialPlatform, Finder>> = {
  facebook: (config, ...rest) => findFacebookPost(config.meta, ...rest),
  instagram: (config, ...rest) => findInstagramMedia(config.meta, ...rest),
  twitter: (config, ...rest) => findTweet(config.x, ...rest),
  linkedin: (config, ...rest) => findLinkedinPost(config.linkedin, ...rest),
};

async function sendTo(deps: SocialDeps, row: repo.PostRow, platform: TSocialPlatform): Promise<PublishedPost | null> {
  const def = PLATFORM_DEFS[platform];
  const cfg = deps.connections.config;
  const http = deps.http ?? {};
  // Attribution (coach): each web address in the text becomes this post's tracked /r/{code} link.
  const text = await trackPostLinks({ ...deps, appUrl: deps.connections.appUrl }, postText(row.content, row.hashtags), {
    tenantId: row.tenantId,
    postId: row.id,
    platform,
  });
  const post = { text, imageUrl: row.imageUrl };
  // X and LinkedIn cannot fetch a link: they get the bytes of an uploaded image. X refuses a typed
  // link (the wizard says so first); LinkedIn then goes out with the text alone.
  const bytes = platform === 'twitter' || platform === 'linkedin';
  const image = bytes && row.imageUrl ? await imageOf(deps.db, row.tenantId, row.imageUrl) : undefined;
  if (platform === 'twitter' && row.imageUrl && !image)
    throw new RejectedPost('x', SOCIAL_IMAGE_MESSAGES.xNeedsUpload.replace(/\.$/, ''));
  return withAccountToken(deps.connections, row.tenantId, def.provider, (token, accountId) => {
    switch (platform) {
      case 'facebook':
        return publishFacebook(cfg.meta, token, accountId, post, http);
      case 'instagram':
        return publishInstagram(cfg.meta, token, accountId, post, http);
      case 'twitter':
        return publishTweet(cfg.x, token, post, http, image);
      case 'linkedin':
        return publishLinkedin(cfg.linkedin, token, accountId, post, http, image);
    }
  });
}

/** This target's post on its network, made since its time; null when it is not there or the account is gone. */
async function findOnNetwork(deps: SocialDeps, row: repo.PostRow, find: Finder): Promise<PublishedPost | null> {
  const platform = toPost(row).platform;
  const text = postText(row.content, row.hashtags);
  const since = new Date((row.scheduledFor ?? row.createdAt).getTime() - CLOCK_SKEW_MS);
  const found = await withAccountToken(deps.connections, row.tenantId, PLATFORM_DEFS[platform].provider, (token, id) =>
    find(deps.connections.config, token, id, text, since, deps.http ?? {}).then((post) => ({ post })),
  );
  return found?.post ?? null;
}

/**
 * A try that finally failed: the target says why, and the business's members who chose it get a
 * push that opens the post (only the run that moved it to failed sends it).
 */
async function markFailed(deps: SocialDeps, tenantId: string, postId: string, name: string, errorMessage: string) {
  const failed = await repo.updateIf(deps.db, tenantId, postId, 'publishing', { status: 'failed', errorMessage });
  if (failed)
    await notify(deps, tenantId, 'post_failed', {
      title: `A post to ${name} failed`,
      body: errorMessage,
      url: `/social?post=${postId}`, // the Posts list, scrolled to it: its reason and Retry
    });
}

export async function publishTarget(deps: SocialDeps, job: PublishJob): Promise<PublishOutcome> {
  const { tenantId, postId, attempt } = job;
  // A check sends again only what the network has not got: it is counted in the window already.
  const claimed = job.check
    ? await repo.claim(deps.db, tenantId, postId, attempt, 'publishing').then((r) => r && { row: r })
    : await claimWithinLimit(deps, job, staleMs(deps));
  if (claimed && 'waiting' in claimed) {
    const at = claimed.waiting.scheduledFor?.getTime() ?? Date.now();
    await enqueuePublish(deps, claimed.waiting, { tries: job.tries, fresh: `wait-${at}` });
    return 'waiting';
  }
  const row = claimed?.row;
  if (!row) {
    const now = await repo.findPost(deps.db, tenantId, postId);
    // Another run may be posting it right now; one that has been at it longer than a run may last
    // (the job's expiry) has died: its try is checked on the network before anything is sent again.
    const stale = now && Date.now() - now.updatedAt.getTime() > staleMs(deps);
    if (now?.status === 'publishing' && now.attempts === attempt && stale)
      return publishTarget(deps, { ...job, attempt: attempt + 1, check: true });
    return 'skipped'; // published, cancelled, rescheduled or taken by another run
  }
  const platform = toPost(row).platform;
  const name = PLATFORM_DEFS[platform].name;
  const find = FINDERS[platform];
  const fail = async (errorMessage: string): Promise<PublishOutcome> => {
    await markFailed(deps, tenantId, postId, name, errorMessage);
    return 'failed';
  };
  const done = async (post: PublishedPost): Promise<PublishOutcome> => {
    await repo.updateIf(deps.db, tenantId, postId, 'publishing', {
      status: 'published',
      publishedAt: post.publishedAt ?? new Date(),
      externalPostId: post.externalId,
      externalUrl: post.url,
      errorMessage: null,
    });
    return 'published';
  };
  // A try whose outcome is unknown stays "publishing"; a check job looks for it on the network.
  const unsure = async (): Promise<PublishOutcome> => {
    if (!find || job.tries >= MAX_TRIES)
      return fail(
        `${name} did not answer in time, so we cannot tell whether the post went out. Check your ${name} page; if the post is not there, press Retry.`,
      );
    const kept = await repo.updateIf(deps.db, tenantId, postId, 'publishing', {
      errorMessage: `${name} did not answer clearly; checking whether the post went out before trying again.`,
    });
    if (kept)
      await enqueuePublish(deps, kept, {
        tries: job.tries + 1,
        check: true,
        startAfter: new Date(Date.now() + CHECK_AFTER_S * 1000),
      });
    return 'checking';
  };
  // Not connected at its time: the post goes to the sandbox channel, never claimed published.
  const sandbox = async (): Promise<PublishOutcome> => {
    await repo.updateIf(deps.db, tenantId, postId, 'publishing', { status: 'sandboxed', errorMessage: null });
    return 'sandboxed';
  };
  // Until the network says the previous try is not there, any failure leaves the outcome unknown.
  let looking = job.check;
  try {
    if (job.check) {
      if (!find)
        return fail(
          `Publishing to ${name} was interrupted, so we cannot tell whether it went out. Check your ${name} page; if the post is not there, press Retry.`,
        );
      const found = await findOnNetwork(deps, row, find);
      if (found) return done(found);
      looking = false;
    }
    const published = await sendTo(deps, row, platform);
    // No account connected for the platform at its time: nothing reached a network.
    return published ? done(published) : sandbox();
  } catch (err) {
    if (err instanceof UncertainPost || looking) {
      const detail = err instanceof UncertainPost ? err.detail : err instanceof Error ? err.message : String(err);
      deps.log.warn({ postId, platform, detail }, 'publish outcome unknown');
      return unsure();
    }
    if (err instanceof RejectedPost) return fail(err.message);
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
    // Nothing was made: the target is scheduled again for its next try. A network with a posting
    // limit that refuses without saying when (Instagram's publishing limit, reached by posts made
    // outside Fieldwise) gets a window's share of time, not seconds.
    const limit = POSTING_LIMITS[platform];
    const baseS = limit ? limit.windowMs / limit.posts / 1000 : BASE_DELAY_S;
    const waitS = err.retryAfterSeconds ?? baseS * 2 ** (job.tries - 1);
    const back = await repo.updateIf(deps.db, tenantId, postId, 'publishing', {
      status: 'scheduled',
      scheduledFor: new Date(Date.now() + waitS * 1000),
      errorMessage: `${name} ${err.reason}; trying again automatically.`,
    });
    if (back) await enqueuePublish(deps, back, { tries: job.tries + 1 });
    return 'retrying';
  }
}

/**
 * The minute sweep, so no target is left hanging: a due target without a job (its enqueue failed)
 * gets one, and one long overdue (its job failed) gets a job under a fresh key; a target left
 * "publishing" (its run died, or its check job was lost) is checked on the network. The claim
 * keeps every extra job from posting twice.
 */
export async function enqueueDue(deps: SocialDeps, now = new Date()): Promise<number> {
  const sweep = `sweep-${Math.floor(now.getTime() / 60_000)}`;
  const due = await repo.findDue(deps.db, now);
  for (const row of due) {
    const overdue = row.scheduledFor && now.getTime() - row.scheduledFor.getTime() > OVERDUE_MS;
    await enqueuePublish(deps, { ...row, scheduledFor: null }, overdue ? { fresh: sweep } : {});
  }
  const stale = await repo.findStalePublishing(deps.db, new Date(now.getTime() - staleMs(deps)));
  for (const row of stale) {
    if (row.attempts < MAX_INTERRUPTED_RUNS) {
      await enqueuePublish(deps, { ...row, scheduledFor: null }, { check: true, fresh: sweep });
      continue;
    }
    const name = PLATFORM_DEFS[asPlatform(row.platform)].name;
    await markFailed(
      deps,
      row.tenantId,
      row.id,
      name,
      `Publishing to ${name} was interrupted ${row.attempts} times, so we stopped. Check your ${name} page; if the post is not there, press Retry.`,
    );
  }
  return due.length + stale.length;
}
