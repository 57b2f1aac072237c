import { ConnectionProblem, type ProviderHttpOptions } from '../provider-http.ts';
import { scopedCall } from '../provider-scopes.ts';
import { metricsGet, num, obj, str, type PostMetrics } from '../social-metrics.ts';
import type { MetaConfig } from './meta-posts.ts';

/**
 * Facebook Page post and Instagram media metrics through the Graph API, two reads per post: the
 * counts (reactions/comments/shares summaries, likes and comments), which the posting permissions
 * allow, and the post's lifetime insights, which need read_insights (Page) or
 * instagram_manage_insights (Instagram). A refused insights read is handed to `refused` and the
 * counts still come back (countsOnly: the stored reach, impressions and clicks are kept).
 */
const FB_COUNTS = 'shares,comments.limit(0).summary(true),reactions.limit(0).summary(true)';
const FB_INSIGHTS = 'post_impressions,post_impressions_unique,post_clicks';
const IG_COUNTS = 'like_count,comments_count';
const IG_INSIGHTS = 'reach,views,shares';

/** An insights answer as {name: value}: `values[0].value`, or `total_value.value` (Instagram's newer metrics). */
function insightValues(insights: unknown): Record<string, number> {
  const data = obj(insights).data;
  const out: Record<string, number> = {};
  for (const item of Array.isArray(data) ? data : []) {
    const m = obj(item);
    const values = Array.isArray(m.values) ? m.values : [];
    out[str(m.name)] = num(obj(values[0]).value ?? obj(m.total_value).value);
  }
  return out;
}

/** A missing-permission refusal of a read, named; the others are thrown. */
export type Refused = (problem: ConnectionProblem) => void;

async function insightsOf(
  config: MetaConfig,
  token: string,
  id: string,
  metrics: string,
  call: string,
  http: ProviderHttpOptions,
  refused?: Refused,
): Promise<Record<string, number> | null> {
  const url = `${config.graphBaseUrl}/${encodeURIComponent(id)}/insights?metric=${metrics}`;
  try {
    return insightValues(await metricsGet('meta', url, token, http));
  } catch (err) {
    if (!(err instanceof ConnectionProblem) || err.code !== 'missing_permission') throw err;
    refused?.(err.lacking(scopedCall('meta', call)));
    return null;
  }
}

export async function facebookPostMetrics(
  config: MetaConfig,
  token: string,
  postId: string,
  http: ProviderHttpOptions = {},
  refused?: Refused,
): Promise<PostMetrics> {
  const url = `${config.graphBaseUrl}/${encodeURIComponent(postId)}?fields=${encodeURIComponent(FB_COUNTS)}`;
  const body = obj(await metricsGet('meta', url, token, http));
  const insights = await insightsOf(config, token, postId, FB_INSIGHTS, 'GET /{post-id}/insights', http, refused);
  return {
    likes: num(obj(obj(body.reactions).summary).total_count),
    comments: num(obj(obj(body.comments).summary).total_count),
    shares: num(obj(body.shares).count),
    reach: insights?.post_impressions_unique ?? 0,
    impressions: insights?.post_impressions ?? 0,
    clicks: insights?.post_clicks ?? 0,
    ...(insights ? {} : { countsOnly: true as const }),
  };
}

export async function instagramMediaMetrics(
  config: MetaConfig,
  token: string,
  mediaId: string,
  http: ProviderHttpOptions = {},
  refused?: Refused,
): Promise<PostMetrics> {
  const url = `${config.graphBaseUrl}/${encodeURIComponent(mediaId)}?fields=${encodeURIComponent(IG_COUNTS)}`;
  const body = obj(await metricsGet('meta', url, token, http));
  const insights = await insightsOf(config, token, mediaId, IG_INSIGHTS, 'GET /{ig-media-id}/insights', http, refused);
  return {
    likes: num(body.like_count),
    comments: num(body.comments_count),
    shares: insights?.shares ?? 0,
    reach: insights?.reach ?? 0,
    impressions: insights?.views ?? 0,
    clicks: 0,
    ...(insights ? {} : { countsOnly: true as const }),
  };
}

/**
 * The Page's followers: GET /{page-id}?fields=followers_count,fan_count (`followers_count`, or the
 * older `fan_count` likes when a Page does not report it).
 */
export async function facebookPageFollowers(
  config: MetaConfig,
  token: string,
  pageId: string,
  http: ProviderHttpOptions = {},
): Promise<number | null> {
  const url = `${config.graphBaseUrl}/${encodeURIComponent(pageId)}?fields=followers_count,fan_count`;
  const body = obj(await metricsGet('meta', url, token, http));
  const count = body.followers_count ?? body.fan_count;
  return count === undefined ? null : num(count);
}

/**
 * The followers of the Instagram professional account linked to the Page, in one read with field
 * expansion: GET /{page-id}?fields=instagram_business_account{followers_count}. Null when the Page
 * has no Instagram account.
 */
export async function instagramFollowers(
  config: MetaConfig,
  token: string,
  pageId: string,
  http: ProviderHttpOptions = {},
): Promise<number | null> {
  const fields = encodeURIComponent('instagram_business_account{followers_count}');
  const body = obj(
    await metricsGet('meta', `${config.graphBaseUrl}/${encodeURIComponent(pageId)}?fields=${fields}`, token, http),
  );
  const ig = obj(body.instagram_business_account);
  return ig.followers_count === undefined ? null : num(ig.followers_count);
}
