import type { ProviderHttpOptions } from '../provider-http.ts';
import { RejectedPost, postCall, str, type PostText, type PublishedPost } from '../social-publish.ts';

/**
 * LinkedIn Posts API as an organization (LINKEDIN_API_BASE_URL): POST /rest/posts answers 201
 * with the post URN in `x-restli-id`. Commentary is "little text": its reserved characters are
 * escaped or LinkedIn cuts the text.
 */
export interface LinkedinConfig {
  apiBaseUrl: string;
}

/** LinkedIn retires versions after about a year (426): keep this recent. */
export const LINKEDIN_POSTS_VERSION = '202601';

export function littleText(text: string): string {
  return text.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`);
}

function rejection(status: number, body: Record<string, unknown>): string | null {
  if (status === 422 || status === 400) return str(body.message) || 'invalid post';
  return null;
}

export async function publishLinkedin(
  config: LinkedinConfig,
  token: string,
  organizationUrn: string,
  post: PostText,
  http: ProviderHttpOptions = {},
): Promise<PublishedPost> {
  const { headers } = await postCall(
    'linkedin',
    {
      url: `${config.apiBaseUrl}/rest/posts`,
      token,
      headers: { 'LinkedIn-Version': LINKEDIN_POSTS_VERSION, 'X-Restli-Protocol-Version': '2.0.0' },
      json: {
        author: organizationUrn,
        commentary: littleText(post.text),
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      },
    },
    http,
    rejection,
  );
  const urn = headers.get('x-restli-id') ?? '';
  if (!urn) throw new RejectedPost('linkedin', 'LinkedIn answered without a post id');
  return { externalId: urn, url: `https://www.linkedin.com/feed/update/${urn}` };
}
