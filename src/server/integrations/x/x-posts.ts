import { fetchWithRetry, problemFromResponse, retryAfterSeconds, type ProviderHttpOptions } from '../provider-http.ts';
import { RejectedPost, obj, postCall, str, type PostText, type PublishedPost } from '../social-publish.ts';

/**
 * X API v2 (X_API_BASE_URL): POST /2/tweets with the owner's OAuth 2.0 user token. An image is
 * first sent to the media upload (X_UPLOAD_BASE_URL, POST /2/media/upload, multipart, category
 * tweet_image; needs the media.write scope) and its media id attached to the post.
 */
export interface XConfig {
  apiBaseUrl: string;
  uploadBaseUrl?: string;
}

export interface XImage {
  data: Buffer;
  mimeType: string;
  filename: string;
}

export async function uploadXMedia(
  config: XConfig,
  token: string,
  image: XImage,
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
    throw problemFromResponse('x', response.status, body, retryAfterSeconds(response.headers));
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

export async function publishTweet(
  config: XConfig,
  token: string,
  post: PostText,
  http: ProviderHttpOptions = {},
  image?: XImage,
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
  return { externalId: id, url: `https://x.com/i/web/status/${id}` };
}
