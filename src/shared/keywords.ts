// The keywords area's constants without zod, so /keywords and /seo load no schema code before
// their first paint; schemas/keywords.ts re-exports them beside the schemas that use them.

export const KEYWORD_SORTS = ['clicks', 'impressions', 'ctr', 'position', 'keyword'] as const;
export type TKeywordSort = (typeof KEYWORD_SORTS)[number];
export const KEYWORD_TRENDS = ['up', 'down', 'other'] as const;
export const KEYWORD_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
/** Page size of GET /api/analytics/keywords. */
export const KEYWORDS_PAGE_MAX = 100;
/** How often the keywords page refetches. */
export const KEYWORDS_REFETCH_MS = 300_000;

export const KEYWORD_MESSAGES = {
  loadError: 'Error loading keyword data. Using demo data for display.',
  noData: 'No keyword data available. Please set up Google Search Console integration.',
  /** The Business Search panel with no business name (the spec's toast title and text). */
  businessNameRequired: { title: 'Missing Information', message: 'Please enter a business name to search' },
} as const;
