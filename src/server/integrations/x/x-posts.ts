import type { ProviderHttpOptions } from '../provider-http.ts';
import { RejectedPost, obj, postCall, str, type PostText, type PublishedPost } from '../social-publish.ts';

/** X API v2 (X_API_BASE_URL): POST /2/tweets with the owner's OAuth 2.0 user token. */
export interface XConfig {
  apiBaseUrl: string;
}

/** 400 invalid request, 403 duplicate content: the text is the problem, not the token. */
function rejection(status: number, body: Record<string, unknown>): string | null {
  const detail = str(body.detail) || str(body.title);
  if (status === 400) return detail || 'invalid request';
  if (status === 403 && /duplicate/i.test(detail)) return detail;
  if (status === 402) return 'the X account is out of API credits';
  return null;
}

export async function publishTweet(
  config: XConfig,
  token: string,
  post: PostText,
  http: ProviderHttpOptions = {},
): Promise<PublishedPost> {
  const { body } = await postCall(
    'x',
    { url: `${config.apiBaseUrl}/2/tweets`, token, json: { text: post.text } },
    http,
    rejection,
  );
  const id = str(obj(body.data).id);
  if (!id) throw new RejectedPost('x', 'X answered without a post id');
  return { externalId: id, url: `https://x.com/i/web/status/${id}` };
}
