import type { FastifyBaseLogger } from 'fastify';
import {
  PLATFORM_DEFS,
  SOCIAL_PLATFORMS,
  lengthProblem,
  type TCreatePost,
  type TPostStatus,
  type TSocialPlatform,
  type TSocialPost,
  type TSocialPostList,
  type TUpdatePost,
} from '#shared/schemas/social.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Ai } from '#server/ai/ai.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, FieldError, notFound } from '#server/errors.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { ProviderHttpOptions } from '#server/integrations/provider-http.ts';
import type { AppServices } from '#server/services.ts';
import {
  connectionsDeps,
  usableProviders,
  type ConnectionsDeps,
} from '#server/modules/connections/connections.service.ts';
import { onboardingDeps, type OnboardingDeps } from '#server/modules/onboarding/onboarding.service.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import * as repo from './social.repo.ts';
import { checkPostImage } from './social-images.ts';
import { postsCsv } from './social-csv.ts';

/**
 * Social posts (issue 15): a post for N platforms becomes N targets, each with its own publishing
 * job at its time (social.jobs.ts). Targets change only while scheduled; a failed one can be
 * retried; cancelling keeps the row (status cancelled) so the list says what happened.
 */
export interface SocialDeps {
  db: Db;
  jobs: Pick<Jobs, 'enqueue'>;
  ai: Ai;
  connections: ConnectionsDeps;
  onboarding: OnboardingDeps;
  log: FastifyBaseLogger;
  http?: ProviderHttpOptions;
  now?: () => Date;
  /** How long a target may stay "publishing" before its run counts as dead (config SOCIAL_PUBLISH_STALE_MS). */
  publishStaleMs?: number;
}

export function socialDeps(services: AppServices, log: FastifyBaseLogger = services.log): SocialDeps {
  return {
    db: services.database.db,
    jobs: services.jobs,
    ai: services.ai,
    connections: connectionsDeps(services, log),
    onboarding: onboardingDeps(services),
    log,
    publishStaleMs: services.config.social.publishStaleMs,
  };
}

export const PUBLISH_JOB = 'social.publish';
/** A scheduled time this far in the past still counts as "now" (the wizard's clock vs ours). */
const PAST_GRACE_MS = 2 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound('Post');
const nowOf = (deps: Pick<SocialDeps, 'now'>) => deps.now?.() ?? new Date();
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A stored platform name as one of ours (rows only ever hold ours). */
export const asPlatform = (platform: string): TSocialPlatform =>
  (SOCIAL_PLATFORMS as readonly string[]).includes(platform) ? (platform as TSocialPlatform) : 'facebook';

export function toPost(row: repo.PostRow): TSocialPost {
  return {
    id: row.id,
    groupId: row.groupId,
    platform: asPlatform(row.platform),
    content: row.content,
    hashtags: row.hashtags,
    imageUrl: row.imageUrl,
    status: row.status as TPostStatus,
    scheduledFor: iso(row.scheduledFor),
    publishedAt: iso(row.publishedAt),
    externalUrl: row.externalUrl,
    errorMessage: row.errorMessage,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The spec's 'Platform Not Configured' message for a platform without a connected account. */
export const notConfiguredMessage = (platform: TSocialPlatform) =>
  `Please configure ${PLATFORM_DEFS[platform].name} in Settings first.`;

export async function connectedPlatforms(
  deps: Pick<SocialDeps, 'db'>,
  tenantId: string,
): Promise<Set<TSocialPlatform>> {
  const providers = await usableProviders(deps, tenantId);
  return new Set(SOCIAL_PLATFORMS.filter((p) => providers.has(PLATFORM_DEFS[p].provider)));
}

export async function listPosts(
  deps: SocialDeps,
  auth: AuthContext,
  query: { from?: string | undefined; to?: string | undefined; status?: TPostStatus | undefined },
): Promise<TSocialPostList> {
  const [rows, timezone, connected] = await Promise.all([
    repo.listPosts(deps.db, auth.tenantId, {
      ...(query.from ? { from: new Date(query.from) } : {}),
      ...(query.to ? { to: new Date(query.to) } : {}),
      ...(query.status ? { status: query.status } : {}),
    }),
    tenantTimezone(deps, auth.tenantId),
    connectedPlatforms(deps, auth.tenantId),
  ]);
  return {
    posts: rows.map(toPost),
    timezone,
    platforms: SOCIAL_PLATFORMS.map((platform) => ({ platform, connected: connected.has(platform) })),
  };
}

/** Every post of the business as CSV (social-csv.ts), however many there are. */
export async function exportCsv(deps: SocialDeps, auth: AuthContext): Promise<string> {
  const [rows, timezone] = await Promise.all([
    repo.listPosts(deps.db, auth.tenantId, {}, null),
    tenantTimezone(deps, auth.tenantId),
  ]);
  return postsCsv(rows.map(toPost), timezone);
}

function futureTime(deps: SocialDeps, value: string, field = 'scheduledFor'): Date {
  const at = new Date(value);
  if (at.getTime() < nowOf(deps).getTime() - PAST_GRACE_MS)
    throw new FieldError(field, 'Pick a date and time in the future.');
  return at;
}

/**
 * One publishing job per try at its time; the key makes a second enqueue of the same try a no-op.
 * `check`: the previous try may have reached the network, so this one looks there before sending.
 * `fresh`: a fresh key, for a try whose job was lost or failed (the sweep's), or that waits for a
 * free slot under the network's posting limit (the claim still allows one post).
 */
export async function enqueuePublish(
  deps: Pick<SocialDeps, 'jobs'>,
  row: Pick<repo.PostRow, 'id' | 'tenantId' | 'platform' | 'attempts' | 'scheduledFor'>,
  options: { tries?: number; startAfter?: Date; check?: boolean; fresh?: string } = {},
): Promise<void> {
  const attempt = row.attempts + 1;
  const startAfter = options.startAfter ?? row.scheduledFor;
  const check = options.check ?? false;
  const key = [row.id, attempt, check ? 'check' : '', options.fresh ?? ''].filter(Boolean).join(':');
  await deps.jobs.enqueue(
    PUBLISH_JOB,
    { tenantId: row.tenantId, postId: row.id, attempt, tries: options.tries ?? 1, check, platform: row.platform },
    { key, ...(startAfter ? { startAfter } : {}) },
  );
}

export async function createPost(deps: SocialDeps, auth: AuthContext, input: TCreatePost): Promise<TSocialPost[]> {
  // Any platform can be chosen: one not connected at the post's time goes to the sandbox channel.
  for (const [i, target] of input.targets.entries()) {
    const problem = lengthProblem(target.platform, target.content, target.hashtags);
    if (problem) throw new FieldError(`targets.${i}.content`, problem);
    if (target.platform === 'instagram' && !input.imageUrl)
      throw new FieldError('imageUrl', 'Instagram posts need an image: add an image URL.');
  }
  await checkPostImage(
    deps.db,
    auth.tenantId,
    input.imageUrl,
    input.targets.map((t) => t.platform),
  );
  const scheduledFor = input.now ? nowOf(deps) : futureTime(deps, input.scheduledFor ?? '');
  const groupId = crypto.randomUUID();
  const rows = await repo.insertPosts(
    deps.db,
    auth.tenantId,
    input.targets.map((t) => ({
      userId: auth.userId,
      groupId,
      platform: t.platform,
      content: t.content.trim(),
      hashtags: t.hashtags?.trim() || null,
      imageUrl: input.imageUrl ?? null,
      status: 'scheduled',
      scheduledFor,
    })),
  );
  // A failed enqueue leaves the row scheduled: the minute sweep (social.jobs.ts) enqueues it then.
  for (const row of rows) {
    await enqueuePublish(deps, row).catch((err: unknown) =>
      deps.log.warn({ postId: row.id, error: String(err) }, 'publish job not enqueued; the sweep will'),
    );
  }
  return rows.map(toPost);
}

async function postOr404(deps: SocialDeps, tenantId: string, id: string): Promise<repo.PostRow> {
  const row = UUID.test(id) ? await repo.findPost(deps.db, tenantId, id) : undefined;
  if (!row) throw missing();
  return row;
}

const notScheduled = (row: repo.PostRow) =>
  new AppError('conflict', `This post is ${row.status} and can no longer be changed.`);

export async function updatePost(
  deps: SocialDeps,
  auth: AuthContext,
  id: string,
  input: TUpdatePost,
): Promise<TSocialPost> {
  const row = await postOr404(deps, auth.tenantId, id);
  if (row.status !== 'scheduled') throw notScheduled(row);
  const platform = toPost(row).platform;
  const content = input.content ?? row.content;
  const hashtags = input.hashtags !== undefined ? input.hashtags || null : row.hashtags;
  const problem = lengthProblem(platform, content, hashtags);
  if (problem) throw new FieldError('content', problem);
  const scheduledFor = input.scheduledFor ? futureTime(deps, input.scheduledFor) : row.scheduledFor;
  // A new time is a new try: the job queued for the old time finds the attempt count moved on and does nothing.
  const moved = scheduledFor?.getTime() !== row.scheduledFor?.getTime();
  const updated = await repo.updateIf(deps.db, auth.tenantId, id, 'scheduled', {
    content,
    hashtags,
    scheduledFor,
    ...(moved ? { attempts: row.attempts + 1 } : {}),
  });
  if (!updated) throw notScheduled((await repo.findPost(deps.db, auth.tenantId, id)) ?? row);
  if (moved) await enqueuePublish(deps, updated);
  return toPost(updated);
}

export async function cancelPost(deps: SocialDeps, auth: AuthContext, id: string): Promise<TSocialPost> {
  const row = await postOr404(deps, auth.tenantId, id);
  const updated = await repo.updateIf(deps.db, auth.tenantId, id, 'scheduled', { status: 'cancelled' });
  if (!updated) throw notScheduled(row);
  return toPost(updated);
}

/** A failed target goes out again now, as a new try (its own job key). */
export async function retryPost(deps: SocialDeps, auth: AuthContext, id: string): Promise<TSocialPost> {
  const row = await postOr404(deps, auth.tenantId, id);
  if (row.status !== 'failed')
    throw new AppError('conflict', `Only a failed post can be retried; this one is ${row.status}.`);
  const platform = toPost(row).platform;
  if (!(await connectedPlatforms(deps, auth.tenantId)).has(platform))
    throw new AppError('bad_request', notConfiguredMessage(platform));
  const updated = await repo.updateIf(deps.db, auth.tenantId, id, 'failed', {
    status: 'scheduled',
    scheduledFor: nowOf(deps),
    errorMessage: null,
  });
  if (!updated) throw notScheduled(row);
  await enqueuePublish(deps, updated);
  return toPost(updated);
}

// Figures other areas show (dashboard, Felix): read-only, by tenant.

/**
 * The tenant's posts among `ids` (other businesses' ids and malformed ones are left out): what
 * the coach's Revenue by source shows for a post a lead or a click came from.
 */
export async function postsForAttribution(
  deps: Pick<SocialDeps, 'db'>,
  tenantId: string,
  ids: string[],
): Promise<{ id: string; platform: string; content: string }[]> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
  return repo.postsByIds(deps.db, tenantId, valid.slice(0, 1000));
}

export async function postEngagements(deps: Pick<SocialDeps, 'db'>, tenantId: string): Promise<number | null> {
  return repo.engagements(deps.db, tenantId);
}

/** How many posts went out in the window (either end open), counted over all of them (the coach's goals). */
export async function countPublishedPosts(
  deps: Pick<SocialDeps, 'db'>,
  tenantId: string,
  window: { from?: Date; to?: Date },
): Promise<number> {
  return repo.countPublished(deps.db, tenantId, window);
}

/** When each post published in [from, to] went out (the coach's summary). */
export async function publishedPostDates(
  deps: Pick<SocialDeps, 'db'>,
  tenantId: string,
  from: Date,
  to: Date,
): Promise<Date[]> {
  return repo.publishedDates(deps.db, tenantId, from, to);
}

export async function upcomingPosts(deps: Pick<SocialDeps, 'db'>, tenantId: string, limit: number) {
  return repo.upcoming(deps.db, tenantId, limit);
}
