import { PLATFORM_DEFS, type TSocialPlatform } from '#shared/schemas/social.ts';
import * as repo from './social.repo.ts';
import { asPlatform, type SocialDeps } from './social.service.ts';

export interface PostingLimit {
  posts: number;
  windowMs: number;
  /** The window as the owner reads it. */
  window: string;
}

/**
 * Each network's published limit on posts from one account, kept before sending, so a business's
 * burst (fifty posts at 09:00) never meets the network's refusal (EXTERNAL-APIS.md §7–9):
 * - X: POST /2/tweets takes 100 per user per 15 minutes (docs.x.com/x-api/fundamentals/rate-limits;
 *   the app's own 10,000 per 24 hours is across every business, not one account's);
 * - Instagram: media_publish takes 50 per professional account in a moving 24 hours (Meta's IG
 *   User Media Publish reference, "Limitations").
 * Facebook Pages (Business Use Case limits that grow with the Page's engaged users) and LinkedIn
 * ("standard rate limits are not published") give no fixed figure: their refusal, when it comes,
 * is waited out like any rate limit (social-publish.service.ts).
 */
export const POSTING_LIMITS: Partial<Record<TSocialPlatform, PostingLimit>> = {
  twitter: { posts: 100, windowMs: 15 * 60_000, window: '15 minutes' },
  instagram: { posts: 50, windowMs: 24 * 3_600_000, window: '24 hours' },
};

export type LimitedClaim = { row: repo.PostRow } | { waiting: repo.PostRow };

/**
 * Claims a due target (repo.claim) and, on a network with a posting limit, keeps it within the
 * limit. The claim and the count run under a lock on the business's account there, so whoever
 * counts next sees every target sent or in flight and none about to be handed back. With the
 * window full, the target is handed back, scheduled again without using a try, for when a slot
 * frees: behind the targets already waiting, each a window's share (window / posts) after the one
 * before, so a backlog goes out spread over the window instead of all at the moment the first slot
 * frees. Undefined when the target is not there to claim.
 */
export async function claimWithinLimit(
  deps: Pick<SocialDeps, 'db'>,
  job: { tenantId: string; postId: string; attempt: number; platform?: string | undefined },
  /** The longest a run may last: a target in flight reaches its network by then at the latest. */
  inFlightMs: number,
  now = new Date(),
): Promise<LimitedClaim | undefined> {
  const { tenantId, postId, attempt } = job;
  const stored = job.platform ?? (await repo.findPost(deps.db, tenantId, postId))?.platform;
  const platform = stored ? asPlatform(stored) : undefined;
  const limit = platform && POSTING_LIMITS[platform];
  if (!platform || !limit) {
    const row = await repo.claim(deps.db, tenantId, postId, attempt);
    return row && { row };
  }
  return deps.db.transaction(async (tx) => {
    await repo.lockAccount(tx, tenantId, platform);
    const row = await repo.claim(tx, tenantId, postId, attempt);
    if (!row) return undefined;
    const freeAt = await repo.slotFreesAt(tx, row, limit, now, inFlightMs);
    if (!freeAt) return { row };
    const latest = await repo.lastWaiting(tx, row, now, new Date(freeAt.getTime() + limit.windowMs));
    const after = latest ? latest.getTime() + limit.windowMs / limit.posts : 0;
    const back = await repo.updateIf(tx, tenantId, postId, 'publishing', {
      status: 'scheduled',
      attempts: attempt - 1,
      scheduledFor: new Date(Math.max(freeAt.getTime(), after)),
      errorMessage: `${PLATFORM_DEFS[platform].name} takes at most ${limit.posts} posts per ${limit.window} from one account, so this one waits for a free slot and goes out automatically at its new time.`,
    });
    return back && { waiting: back };
  });
}
