import {
  fetchWithRetry,
  problemFromResponse,
  providerCall,
  retryAfterSeconds,
  type ProviderHttpOptions,
} from '../provider-http.ts';
import { scopedCall } from '../provider-scopes.ts';
import {
  RejectedPost,
  obj,
  postCall,
  sameText,
  str,
  type PostImage,
  type PostText,
  type PublishedPost,
} from '../social-publish.ts';

/**
 * X API v2 (X_API_BASE_URL): POST /2/tweets with the owner's OAuth 2.0 user token. An image is
 * first sent to the media upload (X_UPLOAD_BASE_URL, POST /2/media/upload, multipart, category
 * tweet_image; needs the media.write scope) and its media id attached to the post. findTweet
 * looks for a post that may have gone out without a clear answer.
 */
export interface XConfig {
  apiBaseUrl: string;
  uploadBaseUrl?: string;
}

export async function uploadXMedia(
  config: XConfig,
  token: string,
  image: PostImage,
  http: ProviderHttpOptions = {},
): Promise<string> {
  const form = new FormData();
  form.set('media', new Blob([new Uint8Array(image.data)], { type: image.mimeType }), image.filename);
  form.set('media_category', 'tweet_image');
  form.set('media_type', image.mimeType);
  const response = await fetchWithRetry(
    'x',
    `${config.uploadBaseUrl ?? config.apiBaseUrl}/2/media/upload`,
    { method: 'POST', headers: { accept: 'application/json', authorization: `Bearer ${token}` }, body: form },
    http,
  );
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = obj(JSON.parse(text || '{}'));
  } catch {
    body = { detail: text };
  }
  if (!response.ok) {
    if (response.status === 400)
      throw new RejectedPost('x', `the image: ${str(body.detail) || str(body.title) || 'invalid media'}`);
    // A 403 here is the grant without media.write (X's OpenAPI): the owner is told which.
    throw problemFromResponse('x', response.status, body, retryAfterSeconds(response.headers)).lacking(
      scopedCall('x', 'POST /2/media/upload'),
    );
  }
  const id = str(obj(body.data).id);
  if (!id) throw new RejectedPost('x', 'X answered the image upload without a media id');
  return id;
}

/** 400 invalid request, 403 duplicate content: the text is the problem, not the token. */
function rejection(status: number, body: Record<string, unknown>): string | null {
  const detail = str(body.detail) || str(body.title);
  if (status === 400) return detail || 'invalid request';
  if (status === 403 && /duplicate/i.test(detail)) return detail;
  if (status === 402) return 'the X account is out of API credits';
  return null;
}

const tweetUrl = (id: string) => `https://x.com/i/web/status/${id}`;

export async function publishTweet(
  config: XConfig,
  token: string,
  post: PostText,
  http: ProviderHttpOptions = {},
  image?: PostImage,
): Promise<PublishedPost> {
  const mediaId = image ? await uploadXMedia(config, token, image, http) : null;
  const { body } = await postCall(
    'x',
    {
      url: `${config.apiBaseUrl}/2/tweets`,
      token,
      json: mediaId ? { text: post.text, media: { media_ids: [mediaId] } } : { text: post.text },
    },
    http,
    rejection,
  );
  const id = str(obj(body.data).id);
  if (!id) throw new RejectedPost('x', 'X answered without a post id');
  return { externalId: id, url: tweetUrl(id) };
}

/** The user's post with this text made since `since` (GET /2/users/:id/tweets), or null when there is none. */
export async function findTweet(
  config: XConfig,
  token: string,
  userId: string,
  text: string,
  since: Date,
  http: ProviderHttpOptions = {},
): Promise<PublishedPost | null> {
  const query = new URLSearchParams({
    start_time: since.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    max_results: '100',
    'tweet.fields': 'created_at',
  });
  const body = await providerCall<{ data?: { id?: string; text?: string; created_at?: string }[] }>(
    'x',
    { url: `${config.apiBaseUrl}/2/users/${encodeURIComponent(userId)}/tweets?${query}`, token },
    http,
  );
  const found = (body?.data ?? []).find((t) => t.id && sameText(text, t.text ?? ''));
  if (!found?.id) return null;
  const at = Date.parse(found.created_at ?? '');
  return { externalId: found.id, url: tweetUrl(found.id), ...(Number.isNaN(at) ? {} : { publishedAt: new Date(at) }) };
}
