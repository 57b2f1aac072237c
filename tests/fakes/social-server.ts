// A local fake of the three networks' publishing APIs on one port (paths do not collide), in the
// shapes of ../shared/EXTERNAL-APIS.md: Meta Graph (Page /feed and /photos, the Page's Instagram
// account, media container + media_publish, permalink), X v2 POST /2/tweets, LinkedIn POST
// /rest/posts (201, URN in x-restli-id). `failNext` scripts the next answers of a network:
// an expired token, a 429 with Retry-After, a content refusal, or a 5xx.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, type Listening } from './listen.ts';

export type FakeNetwork = 'meta' | 'x' | 'linkedin';
export type FakeFailure = 'expired' | 'rate_limited' | 'rejected' | 'server_error';

export interface ReceivedPost {
  network: FakeNetwork;
  path: string;
  token: string;
  /** The post's text as the network got it (message, caption, text or commentary). */
  text: string;
  imageUrl?: string;
  /** X: the media ids attached to the post. */
  mediaIds?: string[];
}

/** An image X's media upload received. */
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
  /** The next X post is received (counted) but answered only after `ms`: a publisher can die meanwhile. */
  holdNextTweet(ms: number): void;
  failNext(network: FakeNetwork, failure: FakeFailure, times?: number, retryAfterSeconds?: number): void;
  reset(): void;
}

export const FAKE_SOCIAL = { pageId: '1001', instagramId: '17841400000000', orgUrn: 'urn:li:organization:5001' };

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
  const fields = url.searchParams.get('fields') ?? '';
  const node = path.slice(1);
  if (network !== 'meta' || !fields.includes('insights.metric(')) return undefined;
  const insight = (name: string, value: number) => ({
    name,
    period: 'lifetime',
    values: [{ value }],
    id: `${node}/insights/${name}/lifetime`,
  });
  const f = FAKE_METRICS.facebook;
  const i = FAKE_METRICS.instagram;
  if (fields.includes('like_count'))
    return {
      id: node,
      like_count: i.likes,
      comments_count: i.comments,
      insights: { data: [insight('reach', i.reach), insight('views', i.views), insight('shares', i.shares)] },
    };
  return {
    id: node,
    shares: { count: f.shares },
    comments: { data: [], summary: { order: 'ranked', total_count: f.comments, can_comment: true } },
    reactions: { data: [], summary: { total_count: f.reactions, viewer_reaction: 'NONE' } },
    insights: {
      data: [
        insight('post_impressions', f.impressions),
        insight('post_impressions_unique', f.reach),
        insight('post_clicks', f.clicks),
      ],
    },
  };
}

function failureResponse(network: FakeNetwork, failure: FakeFailure, retryAfter: number) {
  const headers: Record<string, string> = {};
  if (failure === 'rate_limited') {
    if (network === 'x') headers['x-rate-limit-reset'] = String(Math.floor(Date.now() / 1000) + retryAfter);
    else headers['retry-after'] = String(retryAfter);
  }
  const bodies: Record<FakeNetwork, Record<FakeFailure, [number, unknown]>> = {
    meta: {
      expired: [
        401,
        {
          error: {
            message: 'Error validating access token: Session has expired',
            type: 'OAuthException',
            code: 190,
            error_subcode: 463,
          },
        },
      ],
      rate_limited: [429, { error: { message: 'Application request limit reached', code: 4 } }],
      rejected: [
        400,
        { error: { message: '(#100) Invalid parameter', code: 100, error_user_msg: 'The message is too long' } },
      ],
      server_error: [500, { error: { message: 'An unknown error occurred', code: 1 } }],
    },
    x: {
      expired: [401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }],
      rate_limited: [
        429,
        { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      ],
      rejected: [
        403,
        {
          title: 'Forbidden',
          detail: 'You are not allowed to create a Tweet with duplicate content.',
          type: 'about:blank',
          status: 403,
        },
      ],
      server_error: [503, { title: 'Service Unavailable', status: 503 }],
    },
    linkedin: {
      expired: [
        401,
        {
          status: 401,
          serviceErrorCode: 65601,
          code: 'EXPIRED_ACCESS_TOKEN',
          message: 'The token used in the request has expired',
        },
      ],
      rate_limited: [429, { status: 429, message: 'Resource level throttle limit reached' }],
      rejected: [
        422,
        {
          status: 422,
          message: 'Content is a duplicate of urn:li:share:714',
          errorDetails: { inputErrors: [{ code: 'DUPLICATE_POST' }] },
        },
      ],
      server_error: [500, { status: 500, message: 'Internal Server Error' }],
    },
  };
  const [status, body] = bodies[network][failure];
  return { status, body, headers };
}

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  if (!raw) return {};
  if ((req.headers['content-type'] ?? '').includes('json')) return JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(raw));
}

export async function startFakeSocialServer(): Promise<FakeSocialServer> {
  const received: ReceivedPost[] = [];
  const reads: string[] = [];
  const media: ReceivedMedia[] = [];
  const failures: Record<FakeNetwork, { failure: FakeFailure; retryAfter: number }[]> = {
    meta: [],
    x: [],
    linkedin: [],
  };
  let ids = 1;
  let holdMs = 0;

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
    if (network === 'x' && path === '/2/media/upload' && req.method === 'POST') {
      if (!token) return send(res, 401, { title: 'Unauthorized', status: 401, detail: 'Unauthorized' });
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = await new Response(Buffer.concat(chunks), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const file = form.get('media');
      if (!(file instanceof Blob) || file.size === 0)
        return send(res, 400, { title: 'Invalid Request', detail: 'media is required', status: 400 });
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
    const body = req.method === 'POST' ? await readBody(req) : {};
    if (!token) return send(res, 401, { error: { message: 'An access token is required', code: 190 } });
    if (req.method === 'GET') {
      const metrics = metricsAnswer(network, path, url);
      if (metrics !== undefined) {
        reads.push(`${network}:${path}${url.search}`);
        return send(res, 200, metrics);
      }
    }
    // Reads (the Page's Instagram account, a permalink, metrics) are never scripted to fail.
    if (req.method === 'POST') {
      const failure = failures[network].shift();
      if (failure) {
        const answer = failureResponse(network, failure.failure, failure.retryAfter);
        return send(res, answer.status, answer.body, answer.headers);
      }
    }
    const id = String(ids++);
    if (network === 'x' && path === '/2/tweets') {
      const attached = (body as { media?: { media_ids?: string[] } }).media?.media_ids;
      received.push({ network, path, token, text: String(body.text), ...(attached ? { mediaIds: attached } : {}) });
      if (holdMs > 0) {
        const ms = holdMs;
        holdMs = 0;
        await new Promise((r) => setTimeout(r, ms));
      }
      return send(res, 201, { data: { id: `19${id.padStart(17, '0')}`, text: body.text } });
    }
    if (network === 'linkedin' && path === '/rest/posts') {
      received.push({ network, path, token, text: String(body.commentary) });
      return send(res, 201, undefined, { 'x-restli-id': `urn:li:share:71${id.padStart(10, '0')}` });
    }
    const m = /^\/([^/]+)(?:\/([a-z_]+))?$/.exec(path);
    if (!m) return send(res, 404, { error: { message: 'Unknown path', code: 803 } });
    const [, node, edge] = m;
    if (req.method === 'GET' && !edge) {
      if (url.searchParams.get('fields') === 'instagram_business_account')
        return send(res, 200, { id: node, instagram_business_account: { id: FAKE_SOCIAL.instagramId } });
      if (url.searchParams.get('fields') === 'permalink')
        return send(res, 200, { id: node, permalink: `https://www.instagram.com/p/FAKE${node}/` });
    }
    if (edge === 'feed') {
      received.push({ network, path, token, text: body.message ?? '' });
      return send(res, 200, { id: `${node}_${id}` });
    }
    if (edge === 'photos') {
      received.push({ network, path, token, text: body.caption ?? '', imageUrl: body.url ?? '' });
      return send(res, 200, { id, post_id: `${node}_${id}` });
    }
    if (edge === 'media') {
      received.push({ network, path, token, text: body.caption ?? '', imageUrl: body.image_url ?? '' });
      return send(res, 200, { id: `1788${id}` });
    }
    if (edge === 'media_publish') return send(res, 200, { id: `1792${id}` });
    return send(res, 404, { error: { message: 'Unknown path', code: 803 } });
  };

  const server = await listen((req, res) => void handler(req, res).catch(() => send(res, 500, {})));
  return {
    ...server,
    received,
    reads,
    media,
    holdNextTweet(ms) {
      holdMs = ms;
    },
    failNext(network, failure, times = 1, retryAfterSeconds = 1) {
      for (let i = 0; i < times; i++) failures[network].push({ failure, retryAfter: retryAfterSeconds });
    },
    reset() {
      received.length = 0;
      reads.length = 0;
      media.length = 0;
      for (const n of Object.keys(failures) as FakeNetwork[]) failures[n].length = 0;
    },
  };
}
