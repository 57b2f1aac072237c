// Pure keyword arithmetic: days, trends, the expected click-through curve and the estimates.

/** The ISO day (YYYY-MM-DD, UTC) `offset` days from `date`. */
export function isoDay(date: Date, offset = 0): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + offset));
  return d.toISOString().slice(0, 10);
}

/** Position moves of less than half a place are noise: 'flat'. Lower position is better. */
export function trendOf(position: number, previous: number | undefined): 'up' | 'down' | 'flat' {
  if (previous === undefined) return 'flat';
  const gain = previous - position;
  if (gain >= 0.5) return 'up';
  if (gain <= -0.5) return 'down';
  return 'flat';
}

/**
 * Typical click-through rate (percent) of an organic result at a position, from published
 * click-curve studies (rounded): 1 → 28%, 2 → 15%, 3 → 11%, falling to 2% at 10 and 1% beyond.
 */
const CTR_CURVE = [28, 15, 11, 8, 7, 5, 4, 3, 2.5, 2];
export function expectedCtr(position: number): number {
  const p = Math.max(1, Math.round(position));
  return p <= CTR_CURVE.length ? CTR_CURVE[p - 1]! : 1;
}

/** How often a searcher sees a result at this position: page 1 always, page 2 ~1 in 4, else ~1 in 10. */
function visibility(position: number): number {
  if (position <= 10) return 1;
  if (position <= 20) return 0.25;
  return 0.1;
}

/**
 * Estimated monthly searches: impressions over `days` scaled to 30 days, divided by the chance a
 * searcher saw the result at that position. An estimate, labelled as such; null without data.
 */
export function estimateVolume(impressions: number, position: number, days: number): number | null {
  if (impressions <= 0 || position <= 0) return null;
  return Math.round((impressions * 30) / days / visibility(position));
}

/** Estimated difficulty from where the site already ranks: page 1 easy, up to 30 medium, else hard. */
export function estimateDifficulty(position: number): 'easy' | 'medium' | 'hard' | null {
  if (position <= 0) return null;
  if (position <= 10) return 'easy';
  if (position <= 30) return 'medium';
  return 'hard';
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
