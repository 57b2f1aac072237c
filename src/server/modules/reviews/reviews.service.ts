import {
  type TPlace,
  type TPlaceSearch,
  type TPlacesStatus,
  type TReview,
  type TReviewBusiness,
  type TReviewList,
  type TReviewListQuery,
  type TReviewOverview,
} from '#shared/schemas/reviews.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { AppError, RateLimitError, notFound } from '#server/errors.ts';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import {
  PlacesError,
  placeDetails,
  searchPlaces as placesSearch,
  type PlaceDetails,
  type PlacesConfig,
} from '#server/integrations/google-places/places-client.ts';
import { assertDemoBusiness, isDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import { listConnections } from '#server/modules/connections/connections.service.ts';
import { tenantPlacesKey } from '#server/modules/settings/settings.service.ts';
import { reviewFollowUpsResolved } from '#server/modules/tasks/tasks.service.ts';
import type { ReviewsDeps } from './reviews.deps.ts';
import { DEMO_PLACES, demoDetails } from './reviews-demo.ts';
import { writeReviewUrl } from './review-request-rules.ts';
import * as repo from './reviews.repo.ts';
import { pushLowReviews } from './review-push.ts';
import { syncTenantReviews } from './reviews-sync.service.ts';

/**
 * Reviews (issue 16): the business search and the chosen business (Places API (New) with the
 * business's own key from Settings → Business, else the operator's, else sample data under Demo Data), the review list from the `reviews` table
 * with its figures, and the review figures other areas show. Replies, follow-ups and templates
 * are in review-reply.service.ts; the Business Profile sync in reviews-sync.service.ts.
 */
/** Reviews per page of the list; the next page starts at nextOffset. */
const PAGE_SIZE = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);
export const reviewNotFound = () => notFound('Review');

/** The key a tenant's Places calls use: its own when saved, else the operator's; undefined means Demo Data. */
async function placesConfig(deps: ReviewsDeps, tenantId: string): Promise<PlacesConfig | undefined> {
  const { placesApiKey, placesBaseUrl } = deps.config;
  const apiKey = (await tenantPlacesKey(deps, tenantId)) ?? placesApiKey;
  return apiKey ? { apiKey, baseUrl: placesBaseUrl, ...(deps.http ? { http: deps.http } : {}) } : undefined;
}

/** A Places failure as the screen shows it (the message is the 'Search Error' toast's text). */
function placesFailure(err: unknown): never {
  if (!(err instanceof PlacesError)) throw err;
  if (err.status === 404) throw new AppError('not_found', err.message);
  if (err.status === 429) throw new RateLimitError(err.message, 60);
  throw new AppError(err.status === 403 ? 'bad_request' : 'unavailable', err.message);
}

/** A Business Profile problem as the owner is told ("Reconnect Google", or try later). */
export function connectionFailure(err: unknown): never {
  if (!(err instanceof ConnectionProblem)) throw err;
  if (err.needsReconnect) throw new AppError('conflict', err.message);
  if (err.code === 'rate_limited') throw new RateLimitError(err.message, err.retryAfterSeconds ?? 60);
  throw new AppError('unavailable', err.message);
}

export async function placesStatus(deps: ReviewsDeps, tenantId: string): Promise<TPlacesStatus> {
  return { configured: (await placesConfig(deps, tenantId)) !== undefined };
}

export async function searchPlaces(deps: ReviewsDeps, tenantId: string, q: string): Promise<TPlaceSearch> {
  const config = await placesConfig(deps, tenantId);
  if (!config) return { results: q ? DEMO_PLACES : [], demo: true };
  // A blank query does nothing.
  if (!q) return { results: [], demo: false };
  try {
    return { results: await placesSearch(config, q), demo: false };
  } catch (err) {
    placesFailure(err);
  }
}

async function detailsOf(
  deps: ReviewsDeps,
  tenantId: string,
  placeId: string,
): Promise<{ details: PlaceDetails; demo: boolean }> {
  const config = await placesConfig(deps, tenantId);
  if (!config) {
    const details = demoDetails(placeId);
    if (!details) throw new AppError('not_found', 'That business was not found on Google.');
    return { details, demo: true };
  }
  try {
    return { details: await placeDetails(config, placeId), demo: false };
  } catch (err) {
    placesFailure(err);
  }
}

/** GET /api/places/details/:placeId — the place and its (at most five) reviews, read-only. */
export async function placeDetailsView(
  deps: ReviewsDeps,
  tenantId: string,
  placeId: string,
): Promise<TPlace & { reviews: TReview[] }> {
  const { details, demo } = await detailsOf(deps, tenantId, placeId);
  const { reviews, googleMapsUri: _uri, ...place } = details;
  return {
    ...place,
    reviews: reviews.map((r) => ({
      id: r.name,
      reviewerName: r.author_name,
      reviewerPhotoUrl: r.profile_photo_url,
      rating: r.rating,
      comment: r.text,
      createTime: r.publishTime,
      platform: demo ? repo.DEMO_PLATFORM : 'google_places',
      reviewUrl: r.author_url,
      draft: null,
      replyText: null,
      repliedAt: null,
      flagged: false,
      followUpResolvedAt: null,
      canPost: false,
    })),
  };
}

async function googleState(deps: ReviewsDeps, auth: AuthContext): Promise<boolean> {
  const { connections } = await listConnections(deps.connections, auth);
  const google = connections.find((c) => c.provider === 'google');
  return google?.state === 'healthy' || google?.state === 'problem';
}

function toBusiness(row: repo.BusinessRow | undefined): TReviewBusiness | null {
  if (!row) return null;
  return {
    placeId: row.placeId,
    name: row.name,
    address: row.address,
    rating: row.rating === null ? null : Number(row.rating),
    ratingCount: row.ratingCount,
  };
}

export async function overview(deps: ReviewsDeps, auth: AuthContext): Promise<TReviewOverview> {
  const [row, googleConnected, config] = await Promise.all([
    repo.findBusiness(deps.db, auth.tenantId),
    googleState(deps, auth),
    placesConfig(deps, auth.tenantId),
  ]);
  if (!row && (await isDemoBusiness(deps, auth.tenantId))) {
    // The demo business's own sample reviews stand for its profile (under Demo Data).
    const all = await repo.reviewFigures(deps.db, auth.tenantId, { source: { platform: 'own' }, replied: 'all' });
    const rating = all.average === null ? null : Math.round(all.average * 10) / 10;
    const business = { placeId: 'demo-own', name: auth.tenantName, address: null, rating, ratingCount: all.total };
    return { business, demo: true, googleConnected };
  }
  return {
    business: toBusiness(row),
    demo: config === undefined,
    googleConnected,
  };
}

/** Choosing a business remembers it for the tenant and stores its Places reviews. */
export async function chooseBusiness(deps: ReviewsDeps, auth: AuthContext, placeId: string): Promise<TReviewOverview> {
  const { details, demo } = await detailsOf(deps, auth.tenantId, placeId);
  const platform = demo ? repo.DEMO_PLATFORM : 'google_places';
  const firstImport = (await repo.countPlatform(deps.db, auth.tenantId, platform)) === 0;
  const { added } = await deps.db.transaction(async (tx) => {
    await repo.saveBusiness(tx, auth.tenantId, {
      placeId: details.place_id,
      name: details.name,
      address: details.formatted_address || null,
      rating: details.rating,
      ratingCount: details.user_ratings_total,
    });
    return repo.upsertReviews(
      tx,
      auth.tenantId,
      details.reviews.map((r) => ({
        platform,
        externalId: r.name,
        placeId: details.place_id,
        customerName: r.author_name,
        reviewerPhotoUrl: r.profile_photo_url,
        rating: r.rating,
        content: r.text,
        reviewedAt: r.publishTime ? new Date(r.publishTime) : null,
        reviewUrl: r.author_url ?? details.googleMapsUri,
      })),
    );
  });
  // The sample business's reviews are no news to push.
  if (!demo) await pushLowReviews(deps, auth.tenantId, added, { firstImport });
  // With a Business Profile connected, every review is pulled now rather than at the next run.
  if (await googleState(deps, auth)) {
    try {
      await syncTenantReviews(deps, auth.tenantId);
    } catch (err) {
      // Recorded on the connection (banner, mail); the list shows what Places gave meanwhile.
      if (!(err instanceof ConnectionProblem)) throw err;
    }
  }
  return overview(deps, auth);
}

export async function forgetBusiness(deps: ReviewsDeps, auth: AuthContext): Promise<TReviewOverview> {
  await repo.deleteBusiness(deps.db, auth.tenantId);
  return overview(deps, auth);
}

/** Google's public page of a place's reviews: where View Full Review goes when a review has no page of its own. */
export const placeReviewsUrl = (placeId: string) =>
  `https://search.google.com/local/reviews?placeid=${encodeURIComponent(placeId)}`;

export function toReview(
  row: repo.ReviewRow,
  googleConnected: boolean,
  placeId?: string,
  followUpResolvedAt: Date | null = null,
): TReview {
  return {
    id: row.id,
    reviewerName: row.customerName,
    reviewerPhotoUrl: row.reviewerPhotoUrl,
    rating: row.rating,
    comment: row.content,
    createTime: (row.reviewedAt ?? row.createdAt).toISOString(),
    platform: row.platform,
    reviewUrl: row.reviewUrl ?? (placeId && !placeId.startsWith('demo-') ? placeReviewsUrl(placeId) : null),
    draft: row.aiResponse,
    replyText: row.replyText,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    flagged: row.status === 'flagged',
    followUpResolvedAt: row.status === 'flagged' ? (followUpResolvedAt?.toISOString() ?? null) : null,
    canPost: googleConnected && row.platform === 'google',
  };
}

/** Which stored reviews the screen shows: the synced Business Profile when there is one, else the chosen place's. */
async function sourceOf(deps: ReviewsDeps, auth: AuthContext, googleConnected: boolean) {
  if (googleConnected && (await repo.countPlatform(deps.db, auth.tenantId, 'google')) > 0)
    return { source: { platform: 'google' as const }, business: await repo.findBusiness(deps.db, auth.tenantId) };
  const business = await repo.findBusiness(deps.db, auth.tenantId);
  // The demo business shows its own sample reviews (under Demo Data) until a business is chosen.
  if (!business && (await isDemoBusiness(deps, auth.tenantId)))
    return { source: { platform: 'own' as const }, business };
  if (!business) return { source: null, business };
  const platform = business.placeId.startsWith('demo-') ? ('demo' as const) : ('google_places' as const);
  return { source: { platform, placeId: business.placeId }, business };
}

export async function listReviews(deps: ReviewsDeps, auth: AuthContext, query: TReviewListQuery): Promise<TReviewList> {
  const googleConnected = await googleState(deps, auth);
  const { source, business } = await sourceOf(deps, auth, googleConnected);
  const demo = source
    ? source.platform === 'demo' || source.platform === 'own'
    : (await placesConfig(deps, auth.tenantId)) === undefined;
  if (!source) {
    const analytics = { averageRating: null, totalReviewCount: 0, responseRate: null, averageResponseHours: null };
    return { reviews: [], analytics, nextOffset: null, liveData: false, demo };
  }
  const filter = { source, replied: query.replied, ...(query.rating ? { rating: query.rating } : {}) };
  const offset = query.offset ?? 0;
  const [page, all] = await Promise.all([
    repo.listReviews(
      deps.db,
      auth.tenantId,
      { ...filter, ...(query.since ? { since: new Date(query.since) } : {}) },
      { limit: PAGE_SIZE + 1, offset },
    ),
    repo.reviewFigures(deps.db, auth.tenantId, { source, replied: 'all' }),
  ]);
  const rows = page.slice(0, PAGE_SIZE);
  const resolved = await reviewFollowUpsResolved(
    deps,
    auth.tenantId,
    rows.filter((r) => r.status === 'flagged').map((r) => r.id),
  );
  const synced = source.platform === 'google' || source.platform === 'own';
  const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return {
    reviews: rows.map((r) => toReview(r, googleConnected, business?.placeId, resolved.get(r.id) ?? null)),
    analytics: {
      // The synced profile holds every review; a Places lookup only five, so Google's own figures win there.
      averageRating: round1(synced ? all.average : (toBusiness(business)?.rating ?? all.average)),
      totalReviewCount: synced ? all.total : (business?.ratingCount ?? all.total),
      responseRate: all.total ? Math.round((all.replied / all.total) * 100) : null,
      averageResponseHours: round1(all.hours),
    },
    nextOffset: page.length > PAGE_SIZE ? offset + PAGE_SIZE : null,
    liveData: !demo,
    demo,
  };
}

/** The Analytics page's Review Platforms: every stored review the screen shows, counted per platform in SQL. */
export async function reviewPlatforms(
  deps: ReviewsDeps,
  auth: AuthContext,
): Promise<{ platform: string; count: number }[]> {
  const { source } = await sourceOf(deps, auth, await googleState(deps, auth));
  return source ? repo.platformCounts(deps.db, auth.tenantId, { source, replied: 'all' }) : [];
}

// Figures other areas show (dashboard, Felix): only the business's own reviews, never samples.

export const reviewStats = (deps: Pick<ReviewsDeps, 'db'>, tenantId: string) => repo.reviewStats(deps.db, tenantId);

/** The reviews the screen shows when they are the business's own; undefined for samples or no business. */
async function ownSource(deps: ReviewsDeps, auth: AuthContext): Promise<repo.ReviewFilter | undefined> {
  const { source } = await sourceOf(deps, auth, await googleState(deps, auth));
  return source && source.platform !== 'demo' ? { source, replied: 'all' } : undefined;
}

/**
 * How many of the business's own reviews (those the screen shows, never samples) were written or
 * replied to in [from, to], counted in SQL over all of them (the coach's goals); null for samples.
 */
export async function countOwnReviews(
  deps: ReviewsDeps,
  auth: AuthContext,
  by: 'written' | 'replied',
  from: Date,
  to: Date,
): Promise<number | null> {
  const filter = await ownSource(deps, auth);
  return filter ? repo.countReviewsBetween(deps.db, auth.tenantId, filter, by, from, to) : null;
}

/** When each of the business's own reviews written in [from, to] was written (the coach's summary); null for samples. */
export async function ownReviewDates(
  deps: ReviewsDeps,
  auth: AuthContext,
  from: Date,
  to: Date,
): Promise<Date[] | null> {
  const filter = await ownSource(deps, auth);
  return filter ? repo.writtenDatesBetween(deps.db, auth.tenantId, filter, from, to) : null;
}

export const unansweredLowStarReviews = (deps: Pick<ReviewsDeps, 'db'>, tenantId: string, limit: number) =>
  repo.unansweredLowStarReviews(deps.db, tenantId, limit);

/**
 * The demo business's sample reviews (src/server/demo/), stored as its own so the list, the
 * dashboard and the coach agree; refused for any other business, which never gets sample rows.
 */
export async function addDemoReviews(deps: Pick<ReviewsDeps, 'db'>, tenantId: string, rows: repo.NewReview[]) {
  await assertDemoBusiness(deps, tenantId, 'reviews');
  await repo.insertReviews(deps.db, tenantId, rows);
}

/** One of the business's reviews by id, or undefined (a task links only its own business's review). */
export async function reviewOf(deps: Pick<ReviewsDeps, 'db'>, tenantId: string, id: string) {
  const row = isUuid(id) ? await repo.findReview(deps.db, tenantId, id) : undefined;
  return row && { id: row.id };
}

/** Google's write-a-review form for the business chosen on the Reviews page, or null before one is chosen. */
export async function reviewFormUrl(deps: Pick<ReviewsDeps, 'db'>, tenantId: string): Promise<string | null> {
  const business = await repo.findBusiness(deps.db, tenantId);
  return business ? writeReviewUrl(business.placeId) : null;
}

/**
 * The review a finished job's customer wrote after the job (matched by the name they review under),
 * for a project page that may show it: rating, words and the name, or null.
 */
export async function customerReview(
  deps: Pick<ReviewsDeps, 'db'>,
  tenantId: string,
  customerName: string,
  since: Date,
): Promise<{ rating: number; content: string | null; customerName: string; reviewedAt: Date } | null> {
  const row = await repo.reviewByCustomer(deps.db, tenantId, customerName.trim(), since);
  return row
    ? {
        rating: row.rating,
        content: row.content,
        customerName: row.customerName,
        reviewedAt: row.reviewedAt ?? row.createdAt,
      }
    : null;
}
