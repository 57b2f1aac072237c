// A local fake of the three networks' publishing APIs on one port (paths do not collide), in the
// shapes of ../shared/EXTERNAL-APIS.md: Meta Graph (Page /feed and /photos, the Page's Instagram
// account, media container + media_publish, permalink), X v2 POST /2/tweets, LinkedIn POST
// /rest/posts (201, URN in x-restli-id) with an image through its Images API. `failNext` scripts the next answers of a network:
// an expired token, a 429 with Retry-After, a content refusal, a 5xx, or a 5xx after the post was
// made. It lists the posts it took back as each network does (Page feed, the Instagram account's
// published media, a user's posts, an organization's posts) and answers the post metrics and account follower reads the analytics
// sync makes. It keeps the networks' published per-account posting limits (FAKE_POSTING_LIMITS),
// refusing a post over them as the network does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, type Listening } from './listen.ts';
import { INSTAGRAM_PUBLISH_LIMIT, INVALID_REQUEST, failureResponse, graphError, xProblem } from './social-errors.ts';

export type FakeNetwork = 'meta' | 'x' | 'linkedin';
/** `server_error_after_create`: the post is made, then the answer is a 5xx (a gateway lost it). */
export type FakeFailure =
  | 'expired'
  | 'missing_permission'
  | 'blocked'
  | 'rate_limited'
  | 'rejected'
  | 'server_error'
  | 'server_error_after_create';

export interface ReceivedPost {
  network: FakeNetwork;
  path: string;
  /** The id the network gave it (Page post id, tweet id, LinkedIn URN, Instagram container id). */
  id: string;
  at: Date;
  token: string;
  /** The post's text as the network got it (message, caption, text or commentary). */
  text: string;
  imageUrl?: string;
  /** X: the media ids attached to the post; LinkedIn: its image URN. */
  mediaIds?: string[];
}

/** A post media_publish made public on the Instagram account, from one of its containers. */
export interface InstagramMedia {
  id: string;
  /** The Instagram account (IG user id) it is on. */
  igUser: string;
  containerId: string;
  caption: string;
  permalink: string;
  at: Date;
}

/** An image X's media upload or LinkedIn's image upload received. */
export interface ReceivedMedia {
  id: string;
  size: number;
  type: string;
  category: string;
}

export interface FakeSocialServer extends Listening {
  received: ReceivedPost[];
  /** Metrics reads, as `network:path?query`. */
  reads: string[];
  media: ReceivedMedia[];
  /** Instagram posts made public (media_publish), oldest first; a container is published at most once. */
  instagramMedia: InstagramMedia[];
  /** Follower counts the account/page reads answer (tests may change them between syncs). */
  followers: { facebook: number; instagram: number; x: number; linkedin: number };
  /** Account follower reads, as `network:path?query`. */
  accountReads: string[];
  /** Reads of the posts a network lists back (looking for a post that went out unanswered), as `network:path`. */
  lookups: string[];
  /** Posts refused for their account's posting limit (FAKE_POSTING_LIMITS), oldest first. */
  limitRefusals: LimitRefusal[];
  /** The next X post is received (counted) but answered only after `ms`: a publisher can die meanwhile. */
  holdNextTweet(ms: number): void;
  /** For `ms`, other X posts wait before the network takes them; one whose sender is gone by then is never taken. */
  stallTweets(ms: number): void;
  /**
   * What the owner granted a token (X scopes, Meta permissions): X's media upload then needs
   * media.write, Meta's insights read_insights / instagram_manage_insights, as the networks do.
   * A token never granted here is taken as granted everything; reset() keeps the grants.
   */
  grant(token: string, scopes: readonly string[]): void;
  /** `path`: only a POST to that path takes the failure (default: the network's next POST). */
  failNext(network: FakeNetwork, failure: FakeFailure, times?: number, retryAfterSeconds?: number, path?: string): void;
  reset(): void;
}

export const FAKE_SOCIAL = { pageId: '1001', instagramId: '17841400000000', orgUrn: 'urn:li:organization:5001' };

/** The Instagram account linked to a Page: FAKE_SOCIAL's for its Page, one of its own for any other. */
export const instagramIdOf = (pageId: string) =>
  pageId === FAKE_SOCIAL.pageId ? FAKE_SOCIAL.instagramId : `178414${pageId.padStart(8, '0')}`;

/**
 * The per-account posting limits the networks publish, which the fake enforces over a moving
 * window (stricter than or equal to any fixed one): X's POST /2/tweets, 100 per user per 15
 * minutes, refused with 429 and x-rate-limit-* (docs.x.com/x-api/fundamentals/rate-limits);
 * Instagram's media_publish, 50 per account in a moving 24 hours, refused with a 400, code 9,
 * subcode 2207042 (Meta's IG User Media Publish reference and Instagram error codes). Facebook
 * Pages and LinkedIn publish no fixed figure, so none is kept for them. Written here on their
 * own, not taken from the app's table, so a wrong figure there is caught here.
 */
export const FAKE_POSTING_LIMITS = {
  x: { posts: 100, windowMs: 15 * 60_000 },
  instagram: { posts: 50, windowMs: 24 * 3_600_000 },
};

/** A post the network refused because its account was over the posting limit. */
export interface LimitRefusal {
  network: 'x' | 'instagram';
  /** The X user's token, or the Instagram account id. */
  account: string;
  at: Date;
}

/** What the fake answers for every post's metrics, per network (the analytics sync reads these). */
export const FAKE_METRICS = {
  facebook: { reactions: 40, comments: 6, shares: 4, impressions: 1200, reach: 900, clicks: 31 },
  instagram: { likes: 75, comments: 9, shares: 3, reach: 1500, views: 2100 },
  x: { like_count: 12, retweet_count: 3, quote_count: 1, reply_count: 2, impression_count: 640, bookmark_count: 1 },
  linkedin: {
    likeCount: 20,
    commentCount: 4,
    shareCount: 2,
    impressionCount: 800,
    uniqueImpressionsCount: 500,
    clickCount: 15,
  },
};

export const FAKE_FOLLOWERS = { facebook: 1250, instagram: 830, x: 412, linkedin: 97 };

/**
 * Account follower reads in the networks' shapes: the Page (`followers_count`, `fan_count`), the
 * Page's Instagram account by field expansion or by id (`followers_count`), X's /2/users/me
 * (`public_metrics`), LinkedIn's networkSizes (`firstDegreeSize`). Undefined when not one.
 */
function followersAnswer(network: FakeNetwork, path: string, url: URL, f: typeof FAKE_FOLLOWERS): unknown {
  if (network === 'x' && path === '/2/users/me' && url.searchParams.get('user.fields')?.includes('public_metrics'))
    return {
      data: {
        id: '1445880548472328192',
        name: 'Blue Door Cafe',
        username: 'bluedoorcafe',
        public_metrics: {
          followers_count: f.x,
          following_count: 80,
          tweet_count: 311,
          listed_count: 2,
          like_count: 90,
        },
      },
    };
  if (network === 'linkedin' && path.startsWith('/rest/networkSizes/'))
    return url.searchParams.get('edgeType') === 'COMPANY_FOLLOWED_BY_MEMBER'
      ? { firstDegreeSize: f.linkedin }
      : undefined;
  if (network !== 'meta') return undefined;
  const node = path.slice(1);
  const fields = url.searchParams.get('fields') ?? '';
  if (node === FAKE_SOCIAL.pageId && fields === 'followers_count,fan_count')
    return { id: node, followers_count: f.facebook, fan_count: f.facebook - 20 };
  if (node === FAKE_SOCIAL.pageId && fields === 'instagram_business_account{followers_count}')
    return { id: node, instagram_business_account: { followers_count: f.instagram, id: FAKE_SOCIAL.instagramId } };
  if (node === FAKE_SOCIAL.instagramId && fields === 'followers_count')
    return { id: node, followers_count: f.instagram };
  return undefined;
}

/** GET reads of post metrics in the networks' shapes; undefined when the request is not one. */
function metricsAnswer(network: FakeNetwork, path: string, url: URL): unknown {
  if (network === 'x' && path === '/2/tweets' && url.searchParams.get('tweet.fields') === 'public_metrics') {
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    return { data: ids.map((id) => ({ id, text: 'post', public_metrics: FAKE_METRICS.x })) };
  }
  if (network === 'linkedin' && path === '/rest/organizationalEntityShareStatistics') {
    const urns = [...url.search.matchAll(/(shares|ugcPosts)=List\(([^)]*)\)/g)].flatMap(([, kind, list]) =>
      (list ?? '').split(',').map((u) => [kind === 'shares' ? 'share' : 'ugcPost', decodeURIComponent(u)] as const),
    );
    return {
      elements: urns.map(([kind, urn]) => ({
        [kind]: urn,
        organizationalEntity: url.searchParams.get('organizationalEntity'),
        totalShareStatistics: { ...FAKE_METRICS.linkedin, engagement: 0.05 },
      })),
      paging: { count: 10, start: 0, links: [] },
    };
  }
  if (network !== 'meta') return undefined;
  const fields = url.searchParams.get('fields') ?? '';
  const f = FAKE_METRICS.facebook;
  const i = FAKE_METRICS.instagram;
  const insights = /^\/([^/]+)\/insights$/.exec(path)?.[1];
  if (insights) {
    const value: Record<string, number> = {
      post_impressions: f.impressions,
      post_impressions_unique: f.reach,
      post_clicks: f.clicks,
      reach: i.reach,
      views: i.views,
      shares: i.shares,
    };
    const names = (url.searchParams.get('metric') ?? '').split(',').filter((n) => n in value);
    return {
      data: names.map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: value[name] }],
        id: `${insights}/insights/${name}/lifetime`,
      })),
    };
  }
  const node = path.slice(1);
  if (fields === 'like_count,comments_count') return { id: node, like_count: i.likes, comments_count: i.comments };
  if (fields.startsWith('shares,comments'))
    return {
      id: node,
      shares: { count: f.shares },
      comments: { data: [], summary: { order: 'ranked', total_count: f.comments, can_comment: true } },
      reactions: { data: [], summary: { total_count: f.reactions, viewer_reaction: 'NONE' } },
    };
  return undefined;
}

/**
 * The permission a read needs that the token lacks, answered as the network refuses it (X's
 * problem shape from its OpenAPI, Graph's OAuthException code 10); undefined when granted.
 */
function permissionRefusal(
  network: FakeNetwork,
  path: string,
  url: URL,
  granted: readonly string[] | undefined,
): { status: number; body: unknown; headers: Record<string, string> } | undefined {
  if (!granted) return undefined;
  if (network === 'x' && path === '/2/media/upload' && !granted.includes('media.write'))
    return {
      status: 403,
      body: { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' },
      headers: { 'content-type': 'application/problem+json' },
    };
  if (network !== 'meta' || !path.endsWith('/insights')) return undefined;
  const page = (url.searchParams.get('metric') ?? '').startsWith('post_');
  if (granted.includes(page ? 'read_insights' : 'instagram_manage_insights')) return undefined;
  return {
    status: 403,
    body: {
      error: {
        message: '(#10) Application does not have permission for this action',
        type: 'OAuthException',
        code: 10,
        fbtrace_id: 'AzFakeTrace',
      },
    },
    headers: {},
  };
}

/** X lists a post with its links shortened (and an attached image as one more link), & < > as entities. */
function asXListsIt(post: ReceivedPost): string {
  const text = post.text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/https?:\/\/\S+/g, () => `https://t.co/${Math.random().toString(36).slice(2, 12)}`);
  return post.mediaIds?.length ? `${text} https://t.co/m${post.mediaIds[0]!.slice(-8)}` : text;
}

/**
 * The posts a network lists back, newest first, in its shape: a Page's feed (`since` unix seconds),
 * an Instagram account's media (`limit`, no time filter; only the `fields` asked for), a user's
 * posts on X (`start_time`), an organization's posts on LinkedIn. Undefined when the request is
 * not one.
 */
function listAnswer(
  network: FakeNetwork,
  path: string,
  url: URL,
  received: ReceivedPost[],
  instagramMedia: InstagramMedia[],
): unknown {
  const newest = (from: number, where: (r: ReceivedPost) => boolean) =>
    received.filter((r) => r.network === network && r.at.getTime() >= from && where(r)).reverse();
  const xUser = /^\/2\/users\/([^/]+)\/tweets$/.exec(path);
  if (network === 'x' && xUser) {
    const from = Date.parse(url.searchParams.get('start_time') ?? '') || 0;
    const data = newest(from, (r) => r.path === '/2/tweets').map((r) => ({
      id: r.id,
      text: asXListsIt(r),
      created_at: r.at.toISOString(),
      edit_history_tweet_ids: [r.id],
    }));
    return data.length
      ? { data, meta: { result_count: data.length, newest_id: data[0]!.id, oldest_id: data.at(-1)!.id } }
      : { meta: { result_count: 0 } };
  }
  if (network === 'linkedin' && path === '/rest/posts' && url.searchParams.get('q') === 'author') {
    const author = url.searchParams.get('author');
    const elements = newest(0, (r) => r.path === '/rest/posts' && author === FAKE_SOCIAL.orgUrn).map((r) => ({
      id: r.id,
      author,
      commentary: r.text,
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      createdAt: r.at.getTime(),
      publishedAt: r.at.getTime(),
      lastModifiedAt: r.at.getTime(),
    }));
    return { elements, paging: { start: 0, count: elements.length, links: [] } };
  }
  const igMedia = /^\/([^/]+)\/media$/.exec(path);
  if (network === 'meta' && igMedia) {
    const limit = Number(url.searchParams.get('limit') ?? 25) || 25;
    const fields = new Set(['id', ...(url.searchParams.get('fields') ?? '').split(',')]);
    const data = instagramMedia
      .filter((m) => m.igUser === igMedia[1])
      .reverse()
      .slice(0, limit)
      .map((m) => {
        const all: Record<string, string> = {
          id: m.id,
          caption: m.caption,
          permalink: m.permalink,
          timestamp: m.at.toISOString().replace(/\.\d{3}Z$/, '+0000'),
          media_type: 'IMAGE',
        };
        return Object.fromEntries(Object.entries(all).filter(([k]) => fields.has(k)));
      });
    return { data, paging: {} };
  }
  const feed = /^\/([^/]+)\/feed$/.exec(path);
  if (network === 'meta' && feed) {
    const from = Number(url.searchParams.get('since') ?? 0) * 1000;
    const page = `/${feed[1]}/`;
    const data = newest(from, (r) => r.path === `${page}feed` || r.path === `${page}photos`).map((r) => ({
      id: r.id,
      message: r.text,
      created_time: r.at.toISOString().replace(/\.\d{3}Z$/, '+0000'),
    }));
    return { data, paging: {} };
  }
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  if (!raw) return {};
  if ((req.headers['content-type'] ?? '').includes('json')) return JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * `latencyMs`: every post is taken and answered only after this long, as a real network takes a
 * moment (the fake's own answers are instant).
 */
export async function startFakeSocialServer(options: { latencyMs?: number } = {}): Promise<FakeSocialServer> {
  const received: ReceivedPost[] = [];
  const reads: string[] = [];
  const media: ReceivedMedia[] = [];
  const instagramMedia: InstagramMedia[] = [];
  const followers = { ...FAKE_FOLLOWERS };
  const accountReads: string[] = [];
  const lookups: string[] = [];
  const limitRefusals: LimitRefusal[] = [];
  // Per account, when each post it made in its current window was taken, oldest first.
  const windows = new Map<string, number[]>();
  /** Takes a post into the account's window, or refuses it; either way says when the oldest leaves. */
  const take = (key: string, limit: { posts: number; windowMs: number }) => {
    const now = Date.now();
    const times = (windows.get(key) ?? []).filter((t) => t > now - limit.windowMs);
    windows.set(key, times);
    const ok = times.length < limit.posts;
    if (ok) times.push(now);
    return { ok, remaining: limit.posts - times.length, resetMs: (times[0] ?? now) + limit.windowMs };
  };
  const failures: Record<FakeNetwork, { failure: FakeFailure; retryAfter: number; path?: string }[]> = {
    meta: [],
    x: [],
    linkedin: [],
  };
  const grants = new Map<string, readonly string[]>();
  let ids = 1;
  let holdMs = 0;
  let stallUntil = 0;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const network: FakeNetwork | null = path.startsWith('/2/')
      ? 'x'
      : path.startsWith('/rest/')
        ? 'linkedin'
        : path.startsWith('/')
          ? 'meta'
          : null;
    if (!network) return send(res, 404, {});
    const refusal = token ? permissionRefusal(network, path, url, grants.get(token)) : undefined;
    if (refusal) {
      for await (const chunk of req) void chunk; // the upload is read, then refused
      return send(res, refusal.status, refusal.body, refusal.headers);
    }
    if (network === 'x' && path === '/2/media/upload' && req.method === 'POST') {
      const problem = { 'content-type': 'application/problem+json' };
      if (!token) return send(res, 401, xProblem(401, 'Unauthorized', 'Unauthorized'), problem);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = await new Response(Buffer.concat(chunks), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const file = form.get('media');
      if (!(file instanceof Blob) || file.size === 0)
        return send(res, 400, xProblem(400, 'Invalid Request', 'media is required', INVALID_REQUEST), problem);
      const id = `18800${String(ids++).padStart(14, '0')}`;
      media.push({
        id,
        size: file.size,
        type: String(form.get('media_type')),
        category: String(form.get('media_category')),
      });
      return send(res, 200, {
        data: {
          id,
          media_key: `3_${id}`,
          size: file.size,
          expires_after_secs: 86400,
          image: { image_type: file.type },
        },
      });
    }
    // LinkedIn's image upload: the bytes are PUT to the address initializeUpload answered.
    const upload = /^\/rest\/dms-uploads\/(\d+)$/.exec(path);
    if (network === 'linkedin' && upload && req.method === 'PUT') {
      if (!token) return send(res, 401, failureResponse('linkedin', 'expired', 0).body);
      let size = 0;
      for await (const chunk of req) size += (chunk as Buffer).length;
      const type = req.headers['content-type'] ?? '';
      media.push({ id: `urn:li:image:C4E${upload[1]}`, size, type, category: 'linkedin_image' });
      return send(res, 201, undefined);
    }
    const body = req.method === 'POST' ? await readBody(req) : {};
    if (!token) {
      const answer = failureResponse(network, 'expired', 0);
      return send(res, answer.status, answer.body, answer.headers);
    }
    if (network === 'linkedin' && path === '/rest/images' && url.searchParams.get('action') === 'initializeUpload') {
      const n = ids++;
      return send(res, 200, {
        value: {
          uploadUrlExpiresAt: Date.now() + 3_600_000,
          uploadUrl: `http://${req.headers.host}/rest/dms-uploads/${n}`,
          image: `urn:li:image:C4E${n}`,
        },
      });
    }
    if (req.method === 'GET') {
      const account = followersAnswer(network, path, url, followers);
      if (account !== undefined) {
        accountReads.push(`${network}:${path}${url.search}`);
        return send(res, 200, account);
      }
      const metrics = metricsAnswer(network, path, url);
      if (metrics !== undefined) {
        reads.push(`${network}:${path}${url.search}`);
        return send(res, 200, metrics);
      }
      const listed = listAnswer(network, path, url, received, instagramMedia);
      if (listed !== undefined) {
        lookups.push(`${network}:${path}`);
        return send(res, 200, listed);
      }
    }
    if (req.method === 'POST' && options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    // Reads (the Page's Instagram account, a permalink, metrics, lists) are never scripted to fail.
    const scripted = failures[network].findIndex((f) => f.path === undefined || f.path === path);
    const failure = req.method === 'POST' && scripted >= 0 ? failures[network].splice(scripted, 1)[0] : undefined;
    if (failure && failure.failure !== 'server_error_after_create') {
      const answer = failureResponse(network, failure.failure, failure.retryAfter, path);
      return send(res, answer.status, answer.body, answer.headers);
    }
    // The post is made, but its answer is replaced by a 5xx.
    const reply: typeof send = failure
      ? (r) => {
          const lost = failureResponse(network, 'server_error', 0);
          send(r, lost.status, lost.body, lost.headers);
        }
      : send;
    const id = String(ids++);
    const at = new Date();
    if (network === 'x' && path === '/2/tweets' && req.method === 'POST') {
      const held = holdMs;
      holdMs = 0;
      if (!held && Date.now() < stallUntil) {
        await new Promise((r) => setTimeout(r, stallUntil - Date.now()));
        if (req.socket.destroyed) return; // its sender is gone: the network never took it
      }
      const slot = take(`x:${token}`, FAKE_POSTING_LIMITS.x);
      const rate = {
        'x-rate-limit-limit': String(FAKE_POSTING_LIMITS.x.posts),
        'x-rate-limit-remaining': String(slot.remaining),
        'x-rate-limit-reset': String(Math.ceil(slot.resetMs / 1000)),
      };
      if (!slot.ok) {
        limitRefusals.push({ network: 'x', account: token, at: new Date() });
        const over = failureResponse('x', 'rate_limited', 0);
        return send(res, over.status, over.body, { ...over.headers, ...rate });
      }
      const attached = (body as { media?: { media_ids?: string[] } }).media?.media_ids;
      const tweetId = `19${id.padStart(17, '0')}`;
      received.push({
        network,
        path,
        id: tweetId,
        at: new Date(),
        token,
        text: String(body.text),
        ...(attached ? { mediaIds: attached } : {}),
      });
      if (held) await new Promise((r) => setTimeout(r, held));
      return reply(res, 201, { data: { id: tweetId, text: body.text } }, rate);
    }
    if (network === 'linkedin' && path === '/rest/posts' && req.method === 'POST') {
      const urn = `urn:li:share:71${id.padStart(10, '0')}`;
      const image = (body as { content?: { media?: { id?: string } } }).content?.media?.id;
      received.push({
        network,
        path,
        id: urn,
        at,
        token,
        text: String(body.commentary),
        ...(image ? { mediaIds: [image] } : {}),
      });
      return reply(res, 201, undefined, { 'x-restli-id': urn });
    }
    const m = /^\/([^/]+)(?:\/([a-z_]+))?$/.exec(path);
    const unknownPath = graphError('(#803) Some of the aliases you requested do not exist', 803);
    if (!m) return send(res, 404, unknownPath);
    const [, node, edge] = m;
    if (req.method === 'GET' && !edge) {
      if (url.searchParams.get('fields') === 'instagram_business_account')
        return send(res, 200, { id: node, instagram_business_account: { id: instagramIdOf(node!) } });
      if (url.searchParams.get('fields') === 'permalink')
        return send(res, 200, { id: node, permalink: `https://www.instagram.com/p/FAKE${node}/` });
    }
    if (req.method !== 'POST') return send(res, 404, unknownPath);
    if (edge === 'feed') {
      received.push({ network, path, id: `${node}_${id}`, at, token, text: body.message ?? '' });
      return reply(res, 200, { id: `${node}_${id}` });
    }
    if (edge === 'photos') {
      const post = { network, path, id: `${node}_${id}`, at, token, text: body.caption ?? '' };
      received.push({ ...post, imageUrl: body.url ?? '' });
      return reply(res, 200, { id, post_id: `${node}_${id}` });
    }
    if (edge === 'media') {
      const post = { network, path, id: `1788${id}`, at, token, text: body.caption ?? '' };
      received.push({ ...post, imageUrl: body.image_url ?? '' });
      return reply(res, 200, { id: `1788${id}` });
    }
    if (edge === 'media_publish') {
      const container = received.find((r) => r.path === `/${node}/media` && r.id === body.creation_id);
      if (!container || instagramMedia.some((m) => m.containerId === container.id))
        return send(
          res,
          400,
          graphError('(#100) Invalid parameter', 100, { error_user_msg: 'Media ID is not available' }),
        );
      if (!take(`instagram:${node}`, FAKE_POSTING_LIMITS.instagram).ok) {
        limitRefusals.push({ network: 'instagram', account: node!, at: new Date() });
        return send(res, 400, INSTAGRAM_PUBLISH_LIMIT);
      }
      const mediaId = `1792${id}`;
      instagramMedia.push({
        id: mediaId,
        igUser: node!,
        containerId: container.id,
        caption: container.text,
        permalink: `https://www.instagram.com/p/FAKE${mediaId}/`,
        at,
      });
      return reply(res, 200, { id: mediaId });
    }
    return send(res, 404, unknownPath);
  };

  const server = await listen(
    { contracts: ['x', 'linkedin', 'meta'] },
    (req, res) => void handler(req, res).catch(() => send(res, 500, {})),
  );
  return {
    ...server,
    received,
    reads,
    media,
    instagramMedia,
    followers,
    accountReads,
    lookups,
    limitRefusals,
    holdNextTweet(ms) {
      holdMs = ms;
    },
    stallTweets(ms) {
      stallUntil = Date.now() + ms;
    },
    grant(token, scopes) {
      grants.set(token, scopes);
    },
    failNext(network, failure, times = 1, retryAfterSeconds = 1, path) {
      for (let i = 0; i < times; i++)
        failures[network].push({ failure, retryAfter: retryAfterSeconds, ...(path ? { path } : {}) });
    },
    reset() {
      Object.assign(followers, FAKE_FOLLOWERS);
      accountReads.length = 0;
      lookups.length = 0;
      received.length = 0;
      reads.length = 0;
      media.length = 0;
      instagramMedia.length = 0;
      limitRefusals.length = 0;
      windows.clear();
      for (const n of Object.keys(failures) as FakeNetwork[]) failures[n].length = 0;
    },
  };
}
