import type { LinkedinConfig } from './linkedin/linkedin-posts.ts';
import { LINKEDIN_POSTS_VERSION } from './linkedin/linkedin-posts.ts';
import type { MetaConfig } from './meta/meta-posts.ts';
import { providerCall, type ProviderHttpOptions } from './provider-http.ts';
import type { XConfig } from './x/x-posts.ts';

/**
 * Deleting a post we made. The app itself never deletes a published post; these exist for the
 * operator's live check (`npm run smoke:providers -- --post`), which publishes a test post to each
 * connected network and removes it again. Each is the network's documented delete: Graph
 * `DELETE /{page-post-id}` and `DELETE /{ig-media-id}` (answer `{success: true}`), X
 * `DELETE /2/tweets/:id` (`{data: {deleted: true}}`, scope tweet.write), LinkedIn
 * `DELETE /rest/posts/{encoded urn}` (204). Failures are ConnectionProblems from provider-http.
 */

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

/** An answer that says the post is still there; the text is the network's answer, bounded. */
export class NotDeleted extends Error {
  constructor(network: string, answer: unknown) {
    super(`${network} answered without confirming the delete: ${JSON.stringify(answer ?? null).slice(0, 200)}`);
    this.name = 'NotDeleted';
  }
}

/** A Facebook Page post ({page}_{post}) or an Instagram media id: the Graph deletes either node the same way. */
export async function deleteGraphObject(
  config: MetaConfig,
  token: string,
  id: string,
  http: ProviderHttpOptions = {},
): Promise<void> {
  const answer = await providerCall(
    'meta',
    { method: 'DELETE', url: `${config.graphBaseUrl}/${encodeURIComponent(id)}`, token },
    http,
  );
  if (obj(answer).success !== true) throw new NotDeleted('Meta', answer);
}

export async function deleteTweet(
  config: XConfig,
  token: string,
  id: string,
  http: ProviderHttpOptions = {},
): Promise<void> {
  const answer = await providerCall(
    'x',
    { method: 'DELETE', url: `${config.apiBaseUrl}/2/tweets/${encodeURIComponent(id)}`, token },
    http,
  );
  if (obj(obj(answer).data).deleted !== true) throw new NotDeleted('X', answer);
}

export async function deleteLinkedinPost(
  config: LinkedinConfig,
  token: string,
  urn: string,
  http: ProviderHttpOptions = {},
): Promise<void> {
  await providerCall(
    'linkedin',
    {
      method: 'DELETE',
      url: `${config.apiBaseUrl}/rest/posts/${encodeURIComponent(urn)}`,
      token,
      headers: {
        'LinkedIn-Version': LINKEDIN_POSTS_VERSION,
        'X-Restli-Protocol-Version': '2.0.0',
        'X-RestLi-Method': 'DELETE',
      },
    },
    http,
  );
}
