import { providerCall, type ProviderHttpOptions } from '#server/integrations/provider-http.ts';
import { safeText } from '#server/integrations/http-helpers.ts';
import { cleanText } from '#server/integrations/google-places/places-client.ts';

/**
 * Google Business Profile reviews (v4): every review of the chosen location, page by page
 * (pageSize 50, nextPageToken), and the owner's reply (updateReply, PUT …/reply). Calls go
 * through the provider helper, so 429/5xx are retried and a 401 is a ConnectionProblem
 * ("Reconnect Google"). The location is accounts/{a}/locations/{l} as the connection stores it.
 */
export interface BusinessReviewsConfig {
  baseUrl: string;
  http?: ProviderHttpOptions;
}

export interface BusinessReview {
  reviewId: string;
  reviewerName: string;
  reviewerPhotoUrl: string | null;
  rating: number;
  comment: string | null;
  createTime: string | null;
  reply: { comment: string; updateTime: string | null } | null;
}

export interface BusinessReviewPage {
  reviews: BusinessReview[];
  averageRating: number | null;
  totalReviewCount: number | null;
  nextPageToken: string | null;
}

const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
const LOCATION = /^accounts\/[\w-]+\/locations\/[\w-]+$/;
const REVIEW_ID = /^[\w-]{1,300}$/;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function checkLocation(location: string): void {
  if (!LOCATION.test(location)) throw new Error('not a Business Profile location name');
}

function toReview(raw: unknown): BusinessReview | null {
  const r = obj(raw);
  const reviewId = str(r.reviewId);
  const rating = STARS[str(r.starRating)];
  if (!REVIEW_ID.test(reviewId) || !rating) return null;
  const reviewer = obj(r.reviewer);
  const reply = obj(r.reviewReply);
  const photo = str(reviewer.profilePhotoUrl);
  return {
    reviewId,
    reviewerName: safeText(
      reviewer.isAnonymous === true ? 'A Google user' : str(reviewer.displayName) || 'A Google user',
      120,
    ),
    reviewerPhotoUrl: /^https:\/\//.test(photo) ? photo : null,
    rating,
    comment: cleanText(str(r.comment)) || null,
    createTime: str(r.createTime) || null,
    reply: str(reply.comment)
      ? { comment: cleanText(str(reply.comment)), updateTime: str(reply.updateTime) || null }
      : null,
  };
}

/** One page of a location's reviews, newest update first. */
export async function listReviewPage(
  config: BusinessReviewsConfig,
  token: string,
  location: string,
  pageToken?: string,
): Promise<BusinessReviewPage> {
  checkLocation(location);
  const params = new URLSearchParams({ pageSize: '50', orderBy: 'updateTime desc' });
  if (pageToken) params.set('pageToken', pageToken);
  const answer = obj(
    await providerCall('google', { url: `${config.baseUrl}/v4/${location}/reviews?${params}`, token }, config.http),
  );
  const reviews = (Array.isArray(answer.reviews) ? answer.reviews : []).map(toReview);
  return {
    reviews: reviews.filter((r): r is BusinessReview => r !== null),
    averageRating: typeof answer.averageRating === 'number' ? answer.averageRating : null,
    totalReviewCount: typeof answer.totalReviewCount === 'number' ? answer.totalReviewCount : null,
    nextPageToken: str(answer.nextPageToken) || null,
  };
}

/** Every page, handed to `onPage` as it arrives (bounded: 200 pages = 10,000 reviews). */
export async function forEachReviewPage(
  config: BusinessReviewsConfig,
  token: string,
  location: string,
  onPage: (page: BusinessReviewPage) => Promise<void>,
  maxPages = 200,
): Promise<number> {
  let pageToken: string | undefined;
  let pages = 0;
  do {
    const page = await listReviewPage(config, token, location, pageToken);
    pages++;
    await onPage(page);
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken && pages < maxPages);
  return pages;
}

/** Creates or replaces the owner's reply; answers Google's update time. */
export async function updateReply(
  config: BusinessReviewsConfig,
  token: string,
  location: string,
  reviewId: string,
  comment: string,
): Promise<{ updateTime: string | null }> {
  checkLocation(location);
  if (!REVIEW_ID.test(reviewId)) throw new Error('not a review id');
  const answer = obj(
    await providerCall(
      'google',
      { method: 'PUT', url: `${config.baseUrl}/v4/${location}/reviews/${reviewId}/reply`, token, json: { comment } },
      config.http,
    ),
  );
  return { updateTime: str(answer.updateTime) || null };
}
