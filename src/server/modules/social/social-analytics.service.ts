import { ANALYTICS_PERIODS, type TAnalyticsPeriod, type TSocialAnalytics } from '#shared/schemas/social-analytics.ts';
import { PLATFORM_DEFS, SOCIAL_PLATFORMS, type TSocialPlatform } from '#shared/schemas/social.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { isDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import type { PostMetrics } from '#server/integrations/social-metrics.ts';
import {
  facebookPageFollowers,
  facebookPostMetrics,
  instagramFollowers,
  instagramMediaMetrics,
} from '#server/integrations/meta/meta-insights.ts';
import { tweetMetrics, xFollowers } from '#server/integrations/x/x-metrics.ts';
import { linkedinFollowers, linkedinPostStats } from '#server/integrations/linkedin/linkedin-stats.ts';
import type { ConnectionProblem } from '#server/integrations/provider-http.ts';
import {
  connectedTenants,
  recordProblemFor,
  withAccountToken,
} from '#server/modules/connections/connections.service.ts';
import * as repo from './social-analytics.repo.ts';
import type { SocialDeps } from './social.service.ts';

/**
 * Post analytics (issue 15): a recurring job asks each network for the figures of the posts it
 * published in the last SYNC_WINDOW_DAYS and keeps one row per post in social_media_analytics.
 * It also reads each connected account's follower count (one figure a day per platform), for the
 * followers and their change over the period. A network that fails (expired token, outage) is
 * skipped for this run and logged; the others go on.
 */
export const SYNC_WINDOW_DAYS = 30;
const DAY = 86_400_000;

type Fetched = Map<string, PostMetrics>;

async function perPost(ids: string[], one: (id: string) => Promise<PostMetrics>): Promise<Fetched> {
  const out: Fetched = new Map();
  for (const id of ids) out.set(id, await one(id));
  return out;
}

/**
 * The posts' figures. Meta's insights refused for a missing permission leave those figures at 0
 * while likes and comments are kept; the refusal, naming the permission, goes on the connection
 * (banner and mail: reconnecting asks for it).
 */
async function fetchMetrics(deps: SocialDeps, tenantId: string, platform: TSocialPlatform, ids: string[]) {
  const cfg = deps.connections.config;
  const http = deps.http ?? {};
  let refused: ConnectionProblem | undefined;
  const note = (problem: ConnectionProblem) => void (refused ??= problem);
  const fetched = await withAccountToken(
    deps.connections,
    tenantId,
    PLATFORM_DEFS[platform].provider,
    (token, accountId) => {
      switch (platform) {
        case 'facebook':
          return perPost(ids, (id) => facebookPostMetrics(cfg.meta, token, id, http, note));
        case 'instagram':
          return perPost(ids, (id) => instagramMediaMetrics(cfg.meta, token, id, http, note));
        case 'twitter':
          return tweetMetrics(cfg.x, token, ids, http);
        case 'linkedin':
          return linkedinPostStats(cfg.linkedin, token, accountId, ids, http);
      }
    },
  );
  if (refused) await recordProblemFor(deps.connections, tenantId, refused);
  return fetched;
}

/** The account's follower count from the network's account/page endpoint; null when it has none. */
function fetchFollowers(deps: SocialDeps, tenantId: string, platform: TSocialPlatform) {
  const cfg = deps.connections.config;
  const http = deps.http ?? {};
  return withAccountToken(deps.connections, tenantId, PLATFORM_DEFS[platform].provider, (token, accountId) => {
    switch (platform) {
      case 'facebook':
        return facebookPageFollowers(cfg.meta, token, accountId, http);
      case 'instagram':
        return instagramFollowers(cfg.meta, token, accountId, http);
      case 'twitter':
        return xFollowers(cfg.x, token, http);
      case 'linkedin':
        return linkedinFollowers(cfg.linkedin, token, accountId, http);
    }
  });
}

export interface SyncResult {
  /** Posts whose figures were stored, and those left for the next run. */
  synced: number;
  skipped: number;
  /** Accounts whose follower count was stored. */
  followers: number;
}

/** Every connected account's followers; a network that fails is logged and left for the next run. */
async function syncFollowers(deps: SocialDeps, now: Date): Promise<number> {
  let stored = 0;
  const providers = [...new Set(SOCIAL_PLATFORMS.map((p) => PLATFORM_DEFS[p].provider))];
  const accounts = await Promise.all(
    providers.map(async (provider) =>
      (await connectedTenants(deps, provider)).map((tenantId) => ({ tenantId, provider })),
    ),
  );
  for (const { tenantId, provider } of accounts.flat()) {
    for (const platform of SOCIAL_PLATFORMS.filter((p) => PLATFORM_DEFS[p].provider === provider)) {
      try {
        const followers = await fetchFollowers(deps, tenantId, platform);
        if (followers === null) continue;
        await repo.recordFollowers(deps.db, tenantId, platform, followers, now);
        stored++;
      } catch (err) {
        deps.log.warn(
          { tenantId, platform, error: err instanceof Error ? err.message : String(err) },
          'social followers not synced for this platform',
        );
      }
    }
  }
  return stored;
}

export async function syncAnalytics(deps: SocialDeps, now = new Date()): Promise<SyncResult> {
  const targets = await repo.postsToSync(deps.db, new Date(now.getTime() - SYNC_WINDOW_DAYS * DAY));
  const groups = new Map<string, repo.SyncTarget[]>();
  for (const t of targets) {
    if (!(SOCIAL_PLATFORMS as readonly string[]).includes(t.platform)) continue;
    const key = `${t.tenantId}|${t.platform}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const result: SyncResult = { synced: 0, skipped: 0, followers: await syncFollowers(deps, now) };
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
  const [rows, sample, followers] = await Promise.all([
    repo.platformTotals(deps.db, auth.tenantId, since),
    isDemoBusiness(deps, auth.tenantId),
    repo.followerFigures(deps.db, auth.tenantId, since, now),
  ]);
  const isPlatform = (p: string): p is TSocialPlatform => (SOCIAL_PLATFORMS as readonly string[]).includes(p);
  const known = rows.filter((r) => isPlatform(r.platform));
  const follows = new Map(followers.filter((f) => isPlatform(f.platform)).map((f) => [f.platform, f]));
  const total = { posts: 0, likes: 0, shares: 0, comments: 0, reach: 0, impressions: 0, clicks: 0 };
  let last: Date | null = null;
  const seen = (at: Date | null) => {
    if (at && (!last || at > last)) last = at;
  };
  for (const r of known) {
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
    seen(r.lastRecordedAt ? new Date(r.lastRecordedAt) : null);
  }
  for (const f of follows.values()) seen(f.latest.recordedAt);
  const followersOf = (platform: string) => {
    const f = follows.get(platform);
    return {
      followers: f?.latest.followers ?? null,
      followersChange: f?.start ? f.latest.followers - f.start.followers : null,
    };
  };
  // A platform with followers but no post in the period is shown too (with no post figures).
  const zero = { posts: 0, likes: 0, shares: 0, comments: 0, reach: 0, impressions: 0, clicks: 0 };
  const platforms = [
    ...known.map((r) => ({ platform: r.platform as TSocialPlatform, ...figures(r), ...followersOf(r.platform) })),
    ...[...follows.keys()]
      .filter((p) => !known.some((r) => r.platform === p))
      .map((p) => ({ platform: p as TSocialPlatform, ...figures({ ...zero }), ...followersOf(p) })),
  ];
  const withFollowers = platforms.filter((p) => p.followers !== null);
  const changes = withFollowers.filter((p) => p.followersChange !== null);
  const lastSynced = last as Date | null;
  return {
    period,
    sample,
    lastSyncedAt: lastSynced?.toISOString() ?? null,
    totals: {
      ...figures(total),
      followers: withFollowers.length ? withFollowers.reduce((n, p) => n + (p.followers ?? 0), 0) : null,
      followersChange: changes.length ? changes.reduce((n, p) => n + (p.followersChange ?? 0), 0) : null,
    },
    platforms,
  };
}
