// A local HTTP server speaking Google Places API (New): POST /v1/places:searchText and
// GET /v1/places/{id}, X-Goog-Api-Key and a mandatory X-Goog-FieldMask, Google's error envelope.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, type Listening } from './listen.ts';

export const FAKE_PLACES_KEY = 'AIzaFakePlacesKey0123456789';
/** A second valid key: a business's own key saved in Settings → Business. */
export const FAKE_TENANT_PLACES_KEY = 'AIzaTenantOwnPlacesKey-0123456789abcdef';
const VALID_KEYS = new Set([FAKE_PLACES_KEY, FAKE_TENANT_PLACES_KEY]);

export interface FakePlace {
  id: string;
  displayName: { text: string; languageCode: string };
  formattedAddress: string;
  rating: number;
  userRatingCount: number;
  googleMapsUri: string;
  reviews: Array<Record<string, unknown>>;
}

export const FAKE_PLACES: FakePlace[] = [
  {
    id: 'ChIJrosaplumbing01',
    displayName: { text: 'Rosa Plumbing', languageCode: 'en' },
    formattedAddress: '12 Main St, Portland, OR 97201, USA',
    rating: 4.57,
    userRatingCount: 38,
    googleMapsUri: 'https://maps.google.com/?cid=1001',
    reviews: [
      {
        name: 'places/ChIJrosaplumbing01/reviews/ChZrev1',
        rating: 5,
        text: { text: 'Fixed our water heater the same day. Very tidy work.', languageCode: 'en' },
        authorAttribution: {
          displayName: 'Jane Doe',
          uri: '//www.google.com/maps/contrib/1/reviews',
          photoUri: '//lh3.googleusercontent.com/a/jane',
        },
        publishTime: '2026-02-11T18:04:51.937705Z',
      },
    ],
  },
  {
    id: 'ChIJrosaeast0002',
    displayName: { text: 'Rosa Plumbing Eastside', languageCode: 'en' },
    formattedAddress: '400 E Burnside St, Portland, OR 97214, USA',
    rating: 4.2,
    userRatingCount: 12,
    googleMapsUri: 'https://maps.google.com/?cid=1002',
    reviews: [],
  },
];

export interface FakePlaces extends Listening {
  /** Every call with the X-Goog-Api-Key it carried. */
  calls: { path: string; fieldMask: string; body: unknown; apiKey: string }[];
  /** The next N calls answer this status (e.g. 429 to test retries). */
  failNext(status: number, times?: number): void;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export async function startFakePlaces(places: FakePlace[] = FAKE_PLACES): Promise<FakePlaces> {
  const calls: FakePlaces['calls'] = [];
  let failures: { status: number; times: number } | null = null;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, code: number, status: string, message: string) =>
    send(res, code, { error: { code, message, status } });

  const server = await listen({ contracts: ['places'] }, async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const fieldMask = String(req.headers['x-goog-fieldmask'] ?? '');
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    const apiKey = String(req.headers['x-goog-api-key'] ?? '');
    calls.push({ path: url.pathname, fieldMask, body, apiKey });
    if (failures && failures.times > 0) {
      failures.times--;
      return error(res, failures.status, 'RESOURCE_EXHAUSTED', 'Quota exceeded.');
    }
    if (!VALID_KEYS.has(apiKey))
      return error(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    if (!fieldMask) return error(res, 400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
    if (req.method === 'POST' && url.pathname === '/v1/places:searchText') {
      const asked = body as { textQuery?: unknown; maxResultCount?: unknown } | undefined;
      const q = String(asked?.textQuery ?? '').toLowerCase();
      const found = places
        .filter((p) => q.split(/\s+/).some((w) => w && p.displayName.text.toLowerCase().includes(w)))
        .slice(0, Number(asked?.maxResultCount ?? 20) || 20);
      if (!found.length) return send(res, 200, {});
      return send(res, 200, {
        places: found.map(({ id, displayName, formattedAddress, rating, userRatingCount }) => ({
          id,
          displayName,
          formattedAddress,
          rating,
          userRatingCount,
        })),
      });
    }
    const m = /^\/v1\/places\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const place = places.find((p) => p.id === m[1]);
      if (!place) return error(res, 404, 'NOT_FOUND', `Place '${m[1]}' was not found.`);
      return send(res, 200, place);
    }
    return error(res, 404, 'NOT_FOUND', 'Method not found.');
  });
  return {
    ...server,
    calls,
    failNext: (status, times = 1) => {
      failures = { status, times };
    },
  };
}
