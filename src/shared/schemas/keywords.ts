import { z } from 'zod';
import { zString } from './string.ts';
import { KEYWORD_DIFFICULTIES, KEYWORD_SORTS, KEYWORD_TRENDS, KEYWORDS_PAGE_MAX } from '../keywords.ts';

// Keywords (/keywords): the Search Console rows, their summary,
// quick wins and content recommendations.

export * from '../keywords.ts';

export const ZKeywordQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int()
    .min(1, 'Page must be at least 1')
    .max(10_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1, 'Page size must be at least 1')
    .max(KEYWORDS_PAGE_MAX, `Page size must be at most ${KEYWORDS_PAGE_MAX}`)
    .default(25),
  sort: z
    .enum(KEYWORD_SORTS, { error: 'Sort must be clicks, impressions, ctr, position or keyword' })
    .default('clicks'),
  dir: z.enum(['asc', 'desc'], { error: 'Direction must be asc or desc' }).optional(),
  q: zString().trim().max(200, 'Search must be at most 200 characters').optional(),
});
export type TKeywordQuery = z.output<typeof ZKeywordQuery>;

export const ZKeywordRow = z.object({
  keyword: zString(),
  position: z.number(),
  clicks: z.number(),
  impressions: z.number(),
  /** Percent. */
  ctr: z.number(),
  /** Estimated monthly searches from impressions and position; null when not estimable. */
  searchVolume: z.number().nullable(),
  difficulty: z.enum(KEYWORD_DIFFICULTIES).nullable(),
  trend: z.enum(KEYWORD_TRENDS),
  /** Weekly clicks, oldest first (up to 12 weeks) from the stored history. */
  sparkline: z.array(z.number()),
  page: zString().nullable(),
});
export type TKeywordRow = z.infer<typeof ZKeywordRow>;

export const ZKeywordList = z.object({
  keywords: z.array(ZKeywordRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  meta: z.object({
    source: z.enum(['search_console', 'demo']),
    siteUrl: zString().nullable(),
    syncedAt: zString().nullable(),
  }),
});
export type TKeywordList = z.infer<typeof ZKeywordList>;

const ZFigure = z.object({ value: z.number(), previous: z.number().nullable() });
export const ZKeywordSummary = z.object({
  source: z.enum(['search_console', 'demo']),
  /** The compared windows (ISO days), null for demo data. */
  period: z.object({ from: zString(), to: zString(), previousFrom: zString() }).nullable(),
  totalClicks: ZFigure,
  totalImpressions: ZFigure,
  averageCtr: ZFigure,
  averagePosition: ZFigure,
});
export type TKeywordSummary = z.infer<typeof ZKeywordSummary>;

export const ZQuickWin = z.object({
  kind: z.enum(['striking_distance', 'low_ctr']),
  keyword: zString(),
  page: zString().nullable(),
  position: z.number(),
  impressions: z.number(),
  ctr: z.number(),
  expectedCtr: z.number(),
  reason: zString(),
});
export const ZContentRecommendation = z.object({
  title: zString(),
  reason: zString(),
  keywords: z.array(zString()),
});
export const ZKeywordInsights = z.object({
  source: z.enum(['search_console', 'demo']),
  quickWins: z.array(ZQuickWin),
  recommendations: z.array(ZContentRecommendation),
  recommendationSource: z.enum(['ai', 'offline']),
});
export type TQuickWin = z.infer<typeof ZQuickWin>;
export type TContentRecommendation = z.infer<typeof ZContentRecommendation>;
export type TKeywordInsights = z.infer<typeof ZKeywordInsights>;

export const ZKeywordSyncResult = z.object({
  siteUrl: zString(),
  days: z.number(),
  from: zString(),
  to: zString(),
  message: zString(),
});
export type TKeywordSyncResult = z.infer<typeof ZKeywordSyncResult>;

/** One Search Console site or GA4 property the owner's Google account can read. */
export const ZGoogleOption = z.object({ id: zString(), name: zString(), detail: zString() });
export const ZGooglePropertyList = z.object({
  options: z.array(ZGoogleOption),
  /** The one in use; null before the owner or the first sync chose one. */
  selected: zString().nullable(),
  /** Why the list could not be read (this part only), else null. */
  error: zString().nullable(),
});
/** The Google card's pickers: which Search Console site and which GA4 property this business uses. */
export const ZGoogleProperties = z.object({
  searchConsole: ZGooglePropertyList,
  ga4: ZGooglePropertyList,
});
export type TGoogleProperties = z.infer<typeof ZGoogleProperties>;
export const ZSaveGoogleProperties = z
  .object({
    searchConsoleSite: zString().trim().min(1).max(2000).optional(),
    ga4Property: zString()
      .trim()
      .regex(/^\d{1,20}$/, 'A GA4 property ID is a number.')
      .optional(),
  })
  .refine((v) => v.searchConsoleSite !== undefined || v.ga4Property !== undefined, {
    message: 'Choose a Search Console site or a GA4 property.',
  });
export type TSaveGoogleProperties = z.infer<typeof ZSaveGoogleProperties>;
export const ZGooglePropertiesSaved = ZGoogleProperties.extend({
  /** Whether a Search Console resync was started because the site changed. */
  resyncing: z.boolean(),
  message: zString(),
});
export type TGooglePropertiesSaved = z.infer<typeof ZGooglePropertiesSaved>;
