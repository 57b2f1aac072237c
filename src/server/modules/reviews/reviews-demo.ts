import type { PlaceDetails, PlaceResult } from '#server/integrations/google-places/places-client.ts';

/**
 * Sample businesses and reviews shown when no Places API key is set, always under a Demo Data
 * badge and stored under the demo platform, so no figure of the business counts them.
 */
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

export const DEMO_PLACES: PlaceResult[] = [
  {
    place_id: 'demo-summit-plumbing',
    name: 'Summit Plumbing & Heating (sample)',
    formatted_address: '100 Sample St, Springfield, USA',
    rating: 4.6,
    user_ratings_total: 5,
  },
  {
    place_id: 'demo-bright-spark',
    name: 'Bright Spark Electric (sample)',
    formatted_address: '200 Example Ave, Springfield, USA',
    rating: 4.2,
    user_ratings_total: 5,
  },
];

export const DEMO_QUERY = 'plumbing near me';

export function demoDetails(placeId: string): PlaceDetails | undefined {
  const place = DEMO_PLACES.find((p) => p.place_id === placeId);
  if (!place) return undefined;
  const reviews: [string, number, string, number][] = [
    ['Maria Lopez', 5, 'Fixed our water heater the same day. The technician was friendly and left everything tidy.', 2],
    ['Tom Becker', 4, 'Quick response and fair work on the boiler service.', 9],
    ['Dana White', 3, 'Good repair, but the crew arrived late and nobody called ahead.', 15],
    ['Sam Reed', 2, 'The leak came back a week later and I waited two days for a callback.', 21],
    ['Priya Nair', 5, 'Polite, on time and explained everything. Would book again.', 40],
  ];
  return {
    ...place,
    googleMapsUri: null,
    reviews: reviews.map(([name, rating, text, days], i) => ({
      name: `${placeId}/reviews/${i + 1}`,
      author_name: name,
      profile_photo_url: null,
      author_url: null,
      rating,
      text,
      publishTime: at(days),
    })),
  };
}
