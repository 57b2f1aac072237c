import { fetchWithRetry, type ProviderHttpOptions } from '#server/integrations/provider-http.ts';
import { safeText } from '#server/integrations/http-helpers.ts';

/**
 * Google Places API (New): Text Search and Place Details with reviews, authenticated by the
 * operator's API key (X-Goog-Api-Key) and always with a field mask (the API refuses a call
 * without one, and the fields requested decide the billing tier). Answers are mapped to the
 * legacy names the screen reads (place_id, formatted_address, user_ratings_total, …).
 * The host comes from config (GOOGLE_PLACES_BASE_URL), never from a user.
 */
export interface PlacesConfig {
  apiKey: string;
  baseUrl: string;
  http?: ProviderHttpOptions;
}

export interface PlaceResult {
  place_id: string;
  name: string;
  formatted_address: string;
  rating: number | null;
  user_ratings_total: number | null;
}

export interface PlaceReview {
  /** places/{placeId}/reviews/{id}: stable, used as the stored review's external id. */
  name: string;
  author_name: string;
  profile_photo_url: string | null;
  author_url: string | null;
  rating: number;
  text: string | null;
  publishTime: string | null;
}

export interface PlaceDetails extends PlaceResult {
  googleMapsUri: string | null;
  reviews: PlaceReview[];
}

/** A Places failure in plain words; `status` is Google's HTTP status. */
export class PlacesError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PlacesError';
  }
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** Review text as written, minus what PostgreSQL refuses (NUL, broken surrogates); bounded. */
export const cleanText = (v: string, max = 5000) =>
  // eslint-disable-next-line no-control-regex -- NUL is exactly what must go
  v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/g, '').slice(0, max);
/** photoUri/uri are sometimes protocol-relative (//lh3…). */
const https = (v: unknown) => {
  const s = str(v);
  if (!s) return null;
  const full = s.startsWith('//') ? `https:${s}` : s;
  return /^https:\/\//.test(full) ? full : null;
};

async function call(config: PlacesConfig, path: string, fieldMask: string, body?: unknown): Promise<Json> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-goog-api-key': config.apiKey,
    'x-goog-fieldmask': fieldMask,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetchWithRetry(
      'google',
      `${config.baseUrl}${path}`,
      {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      config.http,
    );
  } catch {
    throw new PlacesError('Google Places is not answering right now. Please try again in a minute.', 503);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = null;
  }
  if (response.ok && parsed && typeof parsed === 'object') return parsed as Json;
  const err = obj(obj(parsed).error);
  const said = safeText(str(err.message), 200);
  if (response.status === 429)
    throw new PlacesError('Google Places is limiting requests for now. Please try again in a minute.', 429);
  if (response.status === 400 || response.status === 401 || response.status === 403)
    throw new PlacesError(
      `Google Places refused the request${said ? `: ${said}` : ''}. Check the Places API key.`,
      403,
    );
  if (response.status === 404) throw new PlacesError('That business was not found on Google.', 404);
  throw new PlacesError('Google Places is not answering right now. Please try again in a minute.', 503);
}

function toPlace(p: Json): PlaceResult | null {
  const id = str(p.id);
  if (!id) return null;
  return {
    place_id: id,
    name: safeText(str(obj(p.displayName).text) || id, 200),
    formatted_address: safeText(str(p.formattedAddress), 300),
    rating: num(p.rating),
    user_ratings_total: num(p.userRatingCount),
  };
}

/**
 * Text Search: up to `count` businesses; no match is an empty list (Google answers {}). The count
 * goes as `maxResultCount`: the published descriptions disagree on `pageSize` (the 2024 discovery
 * document has it, the 2026 proto does not), and both take maxResultCount.
 */
export async function searchPlaces(config: PlacesConfig, query: string, count = 5): Promise<PlaceResult[]> {
  const answer = await call(
    config,
    '/v1/places:searchText',
    'places.id,places.displayName,places.formattedAddress,places.rating,places.userRatingCount',
    { textQuery: query, maxResultCount: count, languageCode: 'en' },
  );
  const places = Array.isArray(answer.places) ? answer.places : [];
  return places.map((p) => toPlace(obj(p))).filter((p): p is PlaceResult => p !== null);
}

/** Place Details with its (at most five) reviews. */
export async function placeDetails(config: PlacesConfig, placeId: string): Promise<PlaceDetails> {
  if (!/^[\w-]{1,300}$/.test(placeId)) throw new PlacesError('That business was not found on Google.', 404);
  const answer = await call(
    config,
    `/v1/places/${encodeURIComponent(placeId)}`,
    'id,displayName,formattedAddress,rating,userRatingCount,reviews,googleMapsUri',
  );
  const place = toPlace({ ...answer, id: str(answer.id) || placeId })!;
  const reviews = (Array.isArray(answer.reviews) ? answer.reviews : []).map((r): PlaceReview | null => {
    const review = obj(r);
    const author = obj(review.authorAttribution);
    const rating = num(review.rating);
    const name = str(review.name);
    if (!name || rating === null) return null;
    return {
      name,
      author_name: safeText(str(author.displayName) || 'A Google user', 120),
      profile_photo_url: https(author.photoUri),
      author_url: https(author.uri),
      rating: Math.min(5, Math.max(1, Math.round(rating))),
      text: cleanText(str(obj(review.text).text) || str(obj(review.originalText).text)) || null,
      publishTime: str(review.publishTime) || null,
    };
  });
  return {
    ...place,
    googleMapsUri: https(answer.googleMapsUri),
    reviews: reviews.filter((r): r is PlaceReview => r !== null),
  };
}
