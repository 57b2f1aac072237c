import type { ProviderHttpOptions } from '../provider-http.ts';
import { metricsGet, num, obj, str, type PostMetrics } from '../social-metrics.ts';
import { LINKEDIN_POSTS_VERSION, type LinkedinConfig } from './linkedin-posts.ts';

/**
 * LinkedIn organization post statistics: GET /rest/organizationalEntityShareStatistics
 * ?q=organizationalEntity&organizationalEntity={org}&shares=List(…)&ugcPosts=List(…), lifetime
 * totals per post (likes, comments, shares, impressions, unique impressions, clicks).
 */
export async function linkedinPostStats(
  config: LinkedinConfig,
  token: string,
  organization: string,
  urns: string[],
  http: ProviderHttpOptions = {},
): Promise<Map<string, PostMetrics>> {
  const org = organization.startsWith('urn:') ? organization : `urn:li:organization:${organization}`;
  const out = new Map<string, PostMetrics>();
  for (let i = 0; i < urns.length; i += 20) {
    const batch = urns.slice(i, i + 20);
    const list = (kind: string) =>
      batch
        .filter((u) => u.startsWith(`urn:li:${kind}:`))
        .map(encodeURIComponent)
        .join(',');
    const params = [`q=organizationalEntity`, `organizationalEntity=${encodeURIComponent(org)}`];
    if (list('share')) params.push(`shares=List(${list('share')})`);
    if (list('ugcPost')) params.push(`ugcPosts=List(${list('ugcPost')})`);
    const body = obj(
      await metricsGet(
        'linkedin',
        `${config.apiBaseUrl}/rest/organizationalEntityShareStatistics?${params.join('&')}`,
        token,
        http,
        { 'LinkedIn-Version': LINKEDIN_POSTS_VERSION, 'X-Restli-Protocol-Version': '2.0.0' },
      ),
    );
    for (const item of Array.isArray(body.elements) ? body.elements : []) {
      const e = obj(item);
      const s = obj(e.totalShareStatistics);
      out.set(str(e.share) || str(e.ugcPost), {
        likes: num(s.likeCount),
        comments: num(s.commentCount),
        shares: num(s.shareCount),
        reach: num(s.uniqueImpressionsCount),
        impressions: num(s.impressionCount),
        clicks: num(s.clickCount),
      });
    }
  }
  return out;
}

/**
 * The organization's followers: GET /rest/networkSizes/{org urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER
 * answers `firstDegreeSize`, LinkedIn's total follower count (organizationalEntityFollowerStatistics
 * only breaks followers down by facet and over time).
 */
export async function linkedinFollowers(
  config: LinkedinConfig,
  token: string,
  organization: string,
  http: ProviderHttpOptions = {},
): Promise<number | null> {
  const org = organization.startsWith('urn:') ? organization : `urn:li:organization:${organization}`;
  const body = obj(
    await metricsGet(
      'linkedin',
      `${config.apiBaseUrl}/rest/networkSizes/${encodeURIComponent(org)}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
      token,
      http,
      { 'LinkedIn-Version': LINKEDIN_POSTS_VERSION, 'X-Restli-Protocol-Version': '2.0.0' },
    ),
  );
  return body.firstDegreeSize === undefined ? null : num(body.firstDegreeSize);
}
