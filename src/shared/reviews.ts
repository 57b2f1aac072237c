// The reviews area's constants and pure helpers without zod, so /reviews loads no schema code
// before its first paint; schemas/reviews.ts re-exports them beside the schemas that use them.

/** A review of this many stars or fewer may be flagged for follow-up. */
export const FLAG_MAX_RATING = 3;
export const REPLY_MAX = 4000;
export const REPLY_FILTERS = ['all', 'replied', 'unreplied'] as const;
export type TReplyFilter = (typeof REPLY_FILTERS)[number];
/** Where a stored review came from: the Business Profile sync, or a Places lookup (at most five). */
export const REVIEW_PLATFORMS = ['google', 'google_places'] as const;

/** Fills a template's {name} and {business} placeholders (first name only, as owners write). */
export function fillTemplate(body: string, values: { name: string; business: string }): string {
  const first = values.name.trim().split(/\s+/)[0] || 'there';
  return body.replaceAll('{name}', first).replaceAll('{business}', values.business || 'our team');
}
