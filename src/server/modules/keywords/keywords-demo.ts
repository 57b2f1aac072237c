import type { TKeywordRow } from '#shared/schemas/keywords.ts';

/**
 * Sample rows shown under the 'Demo Data' badge until Search Console is synced. Never mixed with
 * a business's own rows, and never counted in its figures.
 */
const sample = (
  keyword: string,
  position: number,
  clicks: number,
  impressions: number,
  trend: TKeywordRow['trend'],
) => ({
  keyword,
  position,
  clicks,
  impressions,
  ctr: Math.round((clicks / impressions) * 1000) / 10,
  trend,
});

export const DEMO_KEYWORDS = [
  sample('emergency plumber near me', 3, 145, 2400, 'up'),
  sample('water heater repair', 5, 89, 1850, 'up'),
  sample('drain cleaning service', 8, 67, 1420, 'down'),
  sample('leak detection', 12, 34, 980, 'other'),
  sample('bathroom remodel cost', 15, 22, 1650, 'up'),
  sample('sewer line replacement', 18, 12, 720, 'down'),
  sample('tankless water heater install', 24, 6, 540, 'other'),
  sample('24 hour plumber', 7, 58, 1300, 'up'),
];
