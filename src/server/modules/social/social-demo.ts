import type { TSocialPlatform } from '#shared/schemas/social.ts';
import type { PostMetrics } from '#server/integrations/social-metrics.ts';
import { assertDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import * as analytics from './social-analytics.repo.ts';
import * as repo from './social.repo.ts';
import type { SocialDeps } from './social.service.ts';

/** A post of the demo business: published with the figures a sync would have fetched, or scheduled. */
export type DemoPost =
  | { platform: TSocialPlatform; content: string; status: 'published'; at: Date; metrics: PostMetrics }
  | { platform: TSocialPlatform; content: string; status: 'scheduled'; at: Date };

/** An account's follower count on a day, as the daily sync records it. */
export interface DemoFollowers {
  platform: TSocialPlatform;
  followers: number;
  at: Date;
}

/**
 * The demo business's posts and their results (modules/demo), stored as the publishing and the
 * analytics sync store a real business's, so the dashboard, Social and Felix read the same rows.
 * Refused for any other business, which never gets sample rows.
 */
export async function addDemoPosts(
  deps: Pick<SocialDeps, 'db'>,
  tenantId: string,
  posts: DemoPost[],
  followers: DemoFollowers[],
): Promise<void> {
  await assertDemoBusiness(deps, tenantId, 'posts');
  const rows = await repo.insertPosts(
    deps.db,
    tenantId,
    posts.map((p) => ({
      platform: p.platform,
      content: p.content,
      status: p.status,
      scheduledFor: p.at,
      publishedAt: p.status === 'published' ? p.at : null,
    })),
  );
  for (const [i, post] of posts.entries()) {
    const row = rows[i];
    if (post.status !== 'published' || !row) continue;
    const target = { id: row.id, tenantId, platform: row.platform, externalPostId: '' };
    await analytics.recordMetrics(deps.db, target, post.metrics, post.at);
  }
  for (const f of followers) await analytics.recordFollowers(deps.db, tenantId, f.platform, f.followers, f.at);
}
