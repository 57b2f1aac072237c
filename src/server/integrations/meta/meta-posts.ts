import { providerCall, type ProviderHttpOptions } from '../provider-http.ts';
import { RejectedPost, obj, postCall, sameText, str, type PostText, type PublishedPost } from '../social-publish.ts';

/**
 * Facebook Page and Instagram publishing through the Graph API (META_GRAPH_BASE_URL): a Page
 * post is POST /{page-id}/feed (or /photos with an image); Instagram is a media container then
 * media_publish, and needs an image. The token is the Page's token. findFacebookPost and
 * findInstagramMedia look for a post that may have gone out without a clear answer.
 */
export interface MetaConfig {
  graphBaseUrl: string;
}

/** Graph errors that refuse the content itself: 100 invalid parameter, 368 blocked by policy, 506 duplicate. */
function rejection(_status: number, body: Record<string, unknown>): string | null {
  const err = obj(body.error);
  const code = typeof err.code === 'number' ? err.code : 0;
  if ([100, 368, 506].includes(code) || (code === 0 && _status === 400))
    return str(err.error_user_msg) || str(err.message) || 'invalid post';
  return null;
}

export async function publishFacebook(
  config: MetaConfig,
  token: string,
  pageId: string,
  post: PostText,
  http: ProviderHttpOptions = {},
): Promise<PublishedPost> {
  const page = encodeURIComponent(pageId);
  const { body } = post.imageUrl
    ? await postCall(
        'meta',
        { url: `${config.graphBaseUrl}/${page}/photos`, token, form: { caption: post.text, url: post.imageUrl } },
        http,
        rejection,
      )
    : await postCall(
        'meta',
        { url: `${config.graphBaseUrl}/${page}/feed`, token, form: { message: post.text } },
        http,
        rejection,
      );
  // /feed answers {id: "{page}_{post}"}; /photos answers {id, post_id}.
  const id = str(body.post_id) || str(body.id);
  if (!id) throw new RejectedPost('meta', 'Facebook answered without a post id');
  return { externalId: id, url: `https://www.facebook.com/${id}` };
}

export async function publishInstagram(
  config: MetaConfig,
  token: string,
  pageId: string,
  post: PostText,
  http: ProviderHttpOptions = {},
): Promise<PublishedPost> {
  if (!post.imageUrl) throw new RejectedPost('meta', 'Instagram posts need an image; add an image URL and retry');
  const base = config.graphBaseUrl;
  const { body: pageBody } = await postCall(
    'meta',
    { method: 'GET', url: `${base}/${encodeURIComponent(pageId)}?fields=instagram_business_account`, token },
    http,
    rejection,
  );
  const igUser = str(obj(pageBody.instagram_business_account).id);
  if (!igUser)
    throw new RejectedPost('meta', 'this Facebook Page has no linked Instagram Business account; link one in Meta');
  const { body: container } = await postCall(
    'meta',
    {
      url: `${base}/${igUser}/media`,
      token,
      form: { image_url: post.imageUrl, caption: post.text },
      repeatable: true,
    },
    http,
    rejection,
  );
  const creationId = str(container.id);
  // Only this step makes anything public: a 5xx or no answer here is an UncertainPost (looked up
  // with findInstagramMedia), while the container above is sent again freely (repeatable).
  const { body: media } = await postCall(
    'meta',
    { url: `${base}/${igUser}/media_publish`, token, form: { creation_id: creationId } },
    http,
    rejection,
  );
  const mediaId = str(media.id);
  if (!mediaId) throw new RejectedPost('meta', 'Instagram answered without a media id');
  // The permalink is a courtesy: the post is out whatever this answers.
  const link = await postCall(
    'meta',
    { method: 'GET', url: `${base}/${mediaId}?fields=permalink`, token },
    { ...http, retries: 0 },
    () => null,
  ).catch(() => null);
  return { externalId: mediaId, url: str(link?.body.permalink) || null };
}

/** The Page's post with this text made since `since` (GET /{page-id}/feed), or null when there is none. */
export async function findFacebookPost(
  config: MetaConfig,
  token: string,
  pageId: string,
  text: string,
  since: Date,
  http: ProviderHttpOptions = {},
): Promise<PublishedPost | null> {
  const query = new URLSearchParams({
    fields: 'id,message,created_time',
    since: String(Math.floor(since.getTime() / 1000)),
    limit: '100',
  });
  const body = await providerCall<{ data?: { id?: string; message?: string; created_time?: string }[] }>(
    'meta',
    { url: `${config.graphBaseUrl}/${encodeURIComponent(pageId)}/feed?${query}`, token },
    http,
  );
  const found = (body?.data ?? []).find((p) => p.id && sameText(text, p.message ?? ''));
  if (!found?.id) return null;
  const at = Date.parse(found.created_time ?? '');
  return {
    externalId: found.id,
    url: `https://www.facebook.com/${found.id}`,
    ...(Number.isNaN(at) ? {} : { publishedAt: new Date(at) }),
  };
}

interface IgMedia {
  id?: string;
  caption?: string;
  permalink?: string;
  timestamp?: string;
}

/**
 * The Page's Instagram post with this caption made since `since`, or null when there is none (or
 * the Page has no Instagram account). The IG user's media edge (GET /{ig-user-id}/media) lists the
 * newest first and takes no time filter, so the newest 25 are read and filtered by `timestamp`
 * here: an older post with the same caption is not this one.
 */
export async function findInstagramMedia(
  config: MetaConfig,
  token: string,
  pageId: string,
  text: string,
  since: Date,
  http: ProviderHttpOptions = {},
): Promise<PublishedPost | null> {
  const base = config.graphBaseUrl;
  const page = await providerCall<{ instagram_business_account?: { id?: string } }>(
    'meta',
    { url: `${base}/${encodeURIComponent(pageId)}?fields=instagram_business_account`, token },
    http,
  );
  const igUser = str(page?.instagram_business_account?.id);
  if (!igUser) return null;
  const query = new URLSearchParams({ fields: 'id,caption,permalink,timestamp', limit: '25' });
  const body = await providerCall<{ data?: IgMedia[] }>(
    'meta',
    { url: `${base}/${encodeURIComponent(igUser)}/media?${query}`, token },
    http,
  );
  for (const media of body?.data ?? []) {
    const at = Date.parse(media.timestamp ?? '');
    if (!media.id || Number.isNaN(at) || at < since.getTime() || !sameText(text, media.caption ?? '')) continue;
    return { externalId: media.id, url: media.permalink || null, publishedAt: new Date(at) };
  }
  return null;
}
