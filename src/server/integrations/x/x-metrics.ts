import type { ProviderHttpOptions } from '../provider-http.ts';
import { metricsGet, num, obj, str, type PostMetrics } from '../social-metrics.ts';
import type { XConfig } from './x-posts.ts';

/** X v2 GET /2/tweets?ids=…&tweet.fields=public_metrics, up to 100 ids a call. X gives no unique reach. */
export async function tweetMetrics(
  config: XConfig,
  token: string,
  ids: string[],
  http: ProviderHttpOptions = {},
): Promise<Map<string, PostMetrics>> {
  const out = new Map<string, PostMetrics>();
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids
      .slice(i, i + 100)
      .map(encodeURIComponent)
      .join(',');
    const body = obj(
      await metricsGet('x', `${config.apiBaseUrl}/2/tweets?ids=${batch}&tweet.fields=public_metrics`, token, http),
    );
    for (const item of Array.isArray(body.data) ? body.data : []) {
      const t = obj(item);
      const m = obj(t.public_metrics);
      out.set(str(t.id), {
        likes: num(m.like_count),
        shares: num(m.retweet_count) + num(m.quote_count),
        comments: num(m.reply_count),
        reach: 0,
        impressions: num(m.impression_count),
        clicks: 0,
      });
    }
  }
  return out;
}

/** The connected account's followers: GET /2/users/me?user.fields=public_metrics. */
export async function xFollowers(
  config: XConfig,
  token: string,
  http: ProviderHttpOptions = {},
): Promise<number | null> {
  const body = obj(await metricsGet('x', `${config.apiBaseUrl}/2/users/me?user.fields=public_metrics`, token, http));
  const m = obj(obj(body.data).public_metrics);
  return m.followers_count === undefined ? null : num(m.followers_count);
}
