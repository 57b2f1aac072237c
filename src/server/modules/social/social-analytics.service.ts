import { ANALYTICS_PERIODS, type TAnalyticsPeriod, type TSocialAnalytics } from '#shared/schemas/social-analytics.ts';
import { PLATFORM_DEFS, SOCIAL_PLATFORMS, type TSocialPlatform } from '#shared/schemas/social.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { DEMO_TENANT_SLUG } from '#server/db/demo-account.ts';
import type { PostMetrics } from '#server/integrations/social-metrics.ts';
import { facebookPostMetrics, instagramMediaMetrics } from '#server/integrations/meta/meta-insights.ts';
import { tweetMetrics } from '#server/integrations/x/x-metrics.ts';
import { linkedinPostStats } from '#server/integrations/linkedin/linkedin-stats.ts';
import { withAccountToken } from '#server/modules/connections/connections.service.ts';
import * as repo from './social-analytics.repo.ts';
import type { SocialDeps } from './social.service.ts';

/**
 * Post analytics (issue 15): a recurring job asks each network for the figures of the posts it
 * published in the last SYNC_WINDOW_DAYS and keeps one row per post in social_media_analytics.
 * A network that fails (expired token, outage) is skipped for this run and logged; the others go on.
 */
export const SYNC_WINDOW_DAYS = 30;
const DAY = 86_400_000;

type Fetched = Map<string, PostMetrics>;

async function perPost(ids: string[], one: (id: string) => Promise<PostMetrics>): Promise<Fetched> {
  const out: Fetched = new Map();
  for (const id of ids) out.set(id, await one(id));
  return out;
}

function fetchMetrics(deps: SocialDeps, tenantId: string, platform: TSocialPlatform, ids: string[]) {
  const cfg = deps.connections.config;
  const http = deps.http ?? {};
  return withAccountToken(deps.connections, tenantId, PLATFORM_DEFS[platform].provider, (token, accountId) => {
    switch (platform) {
      case 'facebook':
        return perPost(ids, (id) => facebookPostMetrics(cfg.meta, token, id, http));
      case 'instagram':
        return perPost(ids, (id) => instagramMediaMetrics(cfg.meta, token, id, http));
      case 'twitter':
        return tweetMetrics(cfg.x, token, ids, http);
      case 'linkedin':
        return linkedinPostStats(cfg.linkedin, token, accountId, ids, http);
    }
  });
}

export interface SyncResult {
  synced: number;
  skipped: number;
}

export async function syncAnalytics(deps: SocialDeps, now = new Date()): Promise<SyncResult> {
  const targets = await repo.postsToSync(deps.db, new Date(now.getTime() - SYNC_WINDOW_DAYS * DAY));
  const groups = new Map<string, repo.SyncTarget[]>();
  for (const t of targets) {
    if (!(SOCIAL_PLATFORMS as readonly string[]).includes(t.platform)) continue;
    const key = `${t.tenantId}|${t.platform}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const result: SyncResult = { synced: 0, skipped: 0 };
  for (const posts of groups.values()) {
    const [first] = posts;
    if (!first) continue;
    const platform = first.platform as TSocialPlatform;
    let fetched: Fetched | null;
    try {
      fetched = await fetchMetrics(
        deps,
        first.tenantId,
        platform,
        posts.map((p) => p.externalPostId),
      );
    } catch (err) {
      deps.log.warn(
        { tenantId: first.tenantId, platform, error: err instanceof Error ? err.message : String(err) },
        'social analytics not synced for this platform',
      );
      result.skipped += posts.length;
      continue;
    }
    for (const post of posts) {
      const m = fetched?.get(post.externalPostId);
      if (!m) {
        result.skipped++;
        continue;
      }
      await repo.recordMetrics(deps.db, post, m, now);
      result.synced++;
    }
  }
  return result;
}

const figures = (m: Omit<PostMetrics, 'clicks'> & { clicks: number; posts: number }) => {
  const base = m.reach || m.impressions;
  const engagementRate = base > 0 ? Math.round(((m.likes + m.shares + m.comments) / base) * 1000) / 10 : null;
  const { posts, likes, shares, comments, reach, impressions, clicks } = m;
  return { posts, likes, shares, comments, reach, impressions, clicks, engagementRate };
};

export async function getAnalytics(
  deps: Pick<SocialDeps, 'db' | 'now'>,
  auth: AuthContext,
  period: TAnalyticsPeriod,
): Promise<TSocialAnalytics> {
  const now = deps.now?.() ?? new Date();
  const since = new Date(now.getTime() - ANALYTICS_PERIODS[period] * DAY);
  const [rows, slug] = await Promise.all([
    repo.platformTotals(deps.db, auth.tenantId, since),
    repo.tenantSlug(deps.db, auth.tenantId),
  ]);
  const known = rows.filter((r) => (SOCIAL_PLATFORMS as readonly string[]).includes(r.platform));
  const total = { posts: 0, likes: 0, shares: 0, comments: 0, reach: 0, impressions: 0, clicks: 0 };
  let last: Date | null = null;
  for (const r of known) {
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
    const at = r.lastRecordedAt ? new Date(r.lastRecordedAt) : null;
    if (at && (!last || at > last)) last = at;
  }
  return {
    period,
    sample: slug === DEMO_TENANT_SLUG,
    lastSyncedAt: last?.toISOString() ?? null,
    totals: figures(total),
    platforms: known.map((r) => ({ platform: r.platform as TSocialPlatform, ...figures(r) })),
  };
}
