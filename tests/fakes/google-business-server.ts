// A local HTTP server speaking the Business Profile reviews API (v4): list with pagination
// (pageSize ≤ 50, nextPageToken), PUT …/reply (updateReply), Bearer auth, Google's error envelope.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, type Listening } from './listen.ts';

const STARS = ['', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];

export interface FakeBusinessReview {
  reviewId: string;
  reviewer: { displayName: string; profilePhotoUrl?: string; isAnonymous: boolean };
  starRating: string;
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
}

/** n reviews, newest first; ratings cycle 5,4,3,2,1 and every 4th one already has a reply. */
export function makeBusinessReviews(n: number, start = Date.parse('2026-03-01T12:00:00Z')): FakeBusinessReview[] {
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(start - i * 3_600_000).toISOString();
    const rating = 5 - (i % 5);
    return {
      reviewId: `AbFv${String(i).padStart(5, '0')}`,
      reviewer: { displayName: `Customer ${i + 1}`, isAnonymous: false },
      starRating: STARS[rating]!,
      ...(i % 7 === 6
        ? {}
        : {
            comment:
              rating <= 2
                ? `The technician was late and the leak came back (${i}).`
                : `Great service on the boiler (${i}).`,
          }),
      createTime: at,
      updateTime: at,
      ...(i % 4 === 3
        ? { reviewReply: { comment: 'Thank you!', updateTime: new Date(Date.parse(at) + 7_200_000).toISOString() } }
        : {}),
    };
  });
}

export interface FakeBusiness extends Listening {
  reviews: FakeBusinessReview[];
  /** Bodies of PUT …/reply, in order. */
  replies: { location: string; reviewId: string; comment: string }[];
  token: string;
  failNext(status: number, times?: number): void;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** `token`: the access token it accepts; undefined accepts any Bearer token (the OAuth fake's). */
export async function startFakeBusiness(reviews: FakeBusinessReview[], token?: string): Promise<FakeBusiness> {
  const replies: FakeBusiness['replies'] = [];
  let failures: { status: number; times: number } | null = null;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, code: number, status: string, message: string) =>
    send(res, code, { error: { code, message, status } });

  const server = await listen({ contracts: ['business-profile'] }, async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (failures && failures.times > 0) {
      failures.times--;
      return error(res, failures.status, failures.status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE', 'Try later.');
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || (token !== undefined && bearer !== token))
      return error(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    const list = /^\/v4\/(accounts\/[\w-]+\/locations\/[\w-]+)\/reviews$/.exec(url.pathname);
    if (req.method === 'GET' && list) {
      const size = Math.min(50, Number(url.searchParams.get('pageSize') ?? 50) || 50);
      const from = Number(url.searchParams.get('pageToken') ?? 0) || 0;
      const page = reviews.slice(from, from + size);
      const rated = reviews.map((r) => STARS.indexOf(r.starRating));
      return send(res, 200, {
        reviews: page.map((r) => ({ name: `${list[1]}/reviews/${r.reviewId}`, ...r })),
        averageRating: rated.length ? Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 10) / 10 : 0,
        totalReviewCount: reviews.length,
        ...(from + size < reviews.length ? { nextPageToken: String(from + size) } : {}),
      });
    }
    const reply = /^\/v4\/(accounts\/[\w-]+\/locations\/[\w-]+)\/reviews\/([\w-]+)\/reply$/.exec(url.pathname);
    if (req.method === 'PUT' && reply) {
      const review = reviews.find((r) => r.reviewId === reply[2]);
      if (!review) return error(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      const comment = String((await readJson(req)).comment ?? '');
      const updateTime = new Date().toISOString();
      review.reviewReply = { comment, updateTime };
      replies.push({ location: reply[1]!, reviewId: reply[2]!, comment });
      return send(res, 200, { comment, updateTime });
    }
    return error(res, 404, 'NOT_FOUND', 'Method not found.');
  });
  return {
    ...server,
    reviews,
    replies,
    token: token ?? '',
    failNext: (status, times = 1) => {
      failures = { status, times };
    },
  };
}
