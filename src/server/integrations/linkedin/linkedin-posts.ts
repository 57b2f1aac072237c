import {
  fetchWithRetry,
  problemFromResponse,
  providerCall,
  retryAfterSeconds,
  type ProviderHttpOptions,
} from '../provider-http.ts';
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
 * LinkedIn Posts API as an organization (LINKEDIN_API_BASE_URL): POST /rest/posts answers 201
 * with the post URN in `x-restli-id`. An image is first uploaded (Images API: initializeUpload
 * answers an upload address and the image URN, the bytes are PUT there) and its URN attached as
 * `content.media.id`. Commentary is "little text": its reserved characters are
 * escaped or LinkedIn cuts the text. findLinkedinPost looks for a post that may have gone out
 * without a clear answer.
 */
export interface LinkedinConfig {
  apiBaseUrl: string;
}

/** LinkedIn retires versions after about a year (426): keep this recent. */
export const LINKEDIN_POSTS_VERSION = '202601';

export function littleText(text: string): string {
  return text.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`);
}

const HEADERS = { 'LinkedIn-Version': LINKEDIN_POSTS_VERSION, 'X-Restli-Protocol-Version': '2.0.0' };
const postUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}`;

function rejection(status: number, body: Record<string, unknown>): string | null {
  if (status === 422 || status === 400) return str(body.message) || 'invalid post';
  return null;
}

/** Uploads an image owned by the organization; answers its urn:li:image. */
export async function uploadLinkedinImage(
  config: LinkedinConfig,
  token: string,
  organizationUrn: string,
  image: PostImage,
  http: ProviderHttpOptions = {},
): Promise<string> {
  const { body } = await postCall(
    'linkedin',
    {
      url: `${config.apiBaseUrl}/rest/images?action=initializeUpload`,
      token,
      headers: HEADERS,
      json: { initializeUploadRequest: { owner: organizationUrn } },
      repeatable: true,
    },
    http,
    rejection,
  );
  const value = obj(body.value);
  const uploadUrl = str(value.uploadUrl);
  const urn = str(value.image);
  if (!uploadUrl || !urn) throw new RejectedPost('linkedin', 'LinkedIn answered the image upload without an address');
  const put = await fetchWithRetry(
    'linkedin',
    uploadUrl,
    {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': image.mimeType },
      body: new Uint8Array(image.data),
    },
    http,
  );
  await put.body?.cancel();
  if (!put.ok) throw problemFromResponse('linkedin', put.status, {}, retryAfterSeconds(put.headers));
  return urn;
}

export async function publishLinkedin(
  config: LinkedinConfig,
  token: string,
  organizationUrn: string,
  post: PostText,
  http: ProviderHttpOptions = {},
  image?: PostImage,
): Promise<PublishedPost> {
  const imageUrn = image ? await uploadLinkedinImage(config, token, organizationUrn, image, http) : null;
  const { headers } = await postCall(
    'linkedin',
    {
      url: `${config.apiBaseUrl}/rest/posts`,
      token,
      headers: HEADERS,
      json: {
        author: organizationUrn,
        commentary: littleText(post.text),
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
        ...(imageUrn ? { content: { media: { id: imageUrn } } } : {}),
      },
    },
    http,
    rejection,
  );
  const urn = headers.get('x-restli-id') ?? '';
  if (!urn) throw new RejectedPost('linkedin', 'LinkedIn answered without a post id');
  return { externalId: urn, url: postUrl(urn) };
}

/**
 * The organization's post with this text made since `since` (GET /rest/posts?q=author, newest
 * first), or null when there is none.
 */
export async function findLinkedinPost(
  config: LinkedinConfig,
  token: string,
  organizationUrn: string,
  text: string,
  since: Date,
  http: ProviderHttpOptions = {},
): Promise<PublishedPost | null> {
  const query = new URLSearchParams({ q: 'author', author: organizationUrn, count: '100', sortBy: 'CREATED' });
  const body = await providerCall<{ elements?: { id?: string; commentary?: string; createdAt?: number }[] }>(
    'linkedin',
    { url: `${config.apiBaseUrl}/rest/posts?${query}`, token, headers: HEADERS },
    http,
  );
  const found = (body?.elements ?? []).find(
    (p) => p.id && (p.createdAt ?? 0) >= since.getTime() && sameText(text, p.commentary ?? ''),
  );
  if (!found?.id) return null;
  return {
    externalId: found.id,
    url: postUrl(found.id),
    ...(found.createdAt ? { publishedAt: new Date(found.createdAt) } : {}),
  };
}
