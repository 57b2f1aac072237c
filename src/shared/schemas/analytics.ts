import { z } from 'zod';
import { zString } from './string.ts';
import { ZKeywordRevenue } from './leads.ts';
import { ANALYTICS_STATES, REPORT_PERIODS, WEEKDAYS } from '../analytics.ts';

/** The zod-free constants live in shared/analytics.ts, so the client can load them without zod. */
export * from '../analytics.ts';

/** `7days` and `7d` both mean 7 days; absent means 30d. */
export const ZPeriodQuery = z.object({
  period: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/ays$/, '') : v),
    z.enum(REPORT_PERIODS, { error: 'Period must be 7d, 30d or 90d' }).default('30d'),
  ),
});

export const ZAnalyticsStatus = z.object({
  state: z.enum(ANALYTICS_STATES),
  /** What to connect or fix; null when live. */
  message: zString().nullable(),
  /** Where to fix it. */
  settingsPath: zString().nullable(),
  /** A report PDF can be made here (a Chromium is installed); else the report page offers Print. */
  pdfAvailable: z.boolean(),
  /** The figures are the demo business's samples (shown under Demo Data), not a GA4 property's. */
  demo: z.boolean().optional(),
});
export type TAnalyticsStatus = z.infer<typeof ZAnalyticsStatus>;

export const ZAnalyticsMetrics = z.object({
  users: z.number(),
  pageviews: z.number(),
  sessions: z.number(),
  /** Seconds. */
  avg_session_duration: z.number(),
  /** Percent, 0..100. */
  bounce_rate: z.number(),
});
export type TAnalyticsMetrics = z.infer<typeof ZAnalyticsMetrics>;

export const ZWeekdayTraffic = z.object({
  period: z.enum(REPORT_PERIODS),
  days: z.array(z.object({ day: z.enum(WEEKDAYS), visitors: z.number() })),
});
export type TWeekdayTraffic = z.infer<typeof ZWeekdayTraffic>;

export const ZTrafficSource = z.object({
  source: zString(),
  medium: zString().optional(),
  percentage: z.number(),
});
export type TTrafficSource = z.infer<typeof ZTrafficSource>;
export const ZTrafficSources = z.array(ZTrafficSource);

export const ZBreakdown = z.array(z.object({ name: zString(), value: z.number(), percentage: z.number() }));
export type TBreakdown = z.infer<typeof ZBreakdown>;

export const ZTopKeywords = z.object({
  keywords: z.array(
    z.object({ query: zString(), clicks: z.number(), impressions: z.number(), ctr: z.number(), position: z.number() }),
  ),
  source: z.enum(['search_console', 'demo']),
});
export type TTopKeywords = z.infer<typeof ZTopKeywords>;

export const ZReviewSummary = z.object({
  totalReviews: z.number(),
  averageRating: z.number().nullable(),
  responseRate: z.number().nullable(),
  platforms: z.array(z.object({ platform: zString(), count: z.number() })),
  recent: z.array(
    z.object({
      reviewerName: zString(),
      rating: z.number(),
      comment: zString().nullable(),
      createTime: zString().nullable(),
    }),
  ),
  /** Sample reviews (no Places key): shown under Demo Data. */
  demo: z.boolean(),
});
export type TReviewSummary = z.infer<typeof ZReviewSummary>;

export const ZFunnel = z.object({ steps: z.array(z.object({ step: zString(), count: z.number() })) });
export const ZRealtime = z.object({ activeUsers: z.number() });

export const ZConversionRequest = z.object({
  event: zString().trim().min(1, 'Event is required').max(100, 'Event must be at most 100 characters'),
  value: z.number().finite().min(0).max(1e9).optional(),
  properties: z.record(zString().max(100), z.union([zString().max(500), z.number(), z.boolean()])).optional(),
  timestamp: z.iso.datetime({ error: 'Timestamp must be an ISO date and time' }).optional(),
});

// Reports ------------------------------------------------------------------------------------

export const ZReportDetails = z.object({
  /** First and last day, YYYY-MM-DD in the business's time zone. */
  startDate: zString(),
  endDate: zString(),
  weeks: z.array(z.object({ label: zString(), startDate: zString(), endDate: zString(), visitors: z.number() })),
  sources: z.array(
    z.object({ source: zString(), medium: zString().optional(), sessions: z.number(), percentage: z.number() }),
  ),
  keywords: z.array(z.object({ query: zString(), clicks: z.number(), position: z.number() })),
  keywordSource: z.enum(['search_console', 'demo', 'none']),
  users: z.number(),
  pageviews: z.number(),
  leadConversions: z.number(),
  keyEvents: z.number(),
  /**
   * False for a report made without Google Analytics: traffic, sources and pages are empty and the
   * report says what connecting Google adds. Absent on reports made before (all from Google).
   */
  google: z.boolean().optional(),
  /** The business's own figures of the period: leads, conversions, revenue by source, reviews, posts. */
  own: z
    .object({
      leads: z.number(),
      converted: z.number(),
      revenue: z.number(),
      revenueBySource: z.array(
        z.object({ label: zString(), leads: z.number(), converted: z.number(), revenue: z.number() }),
      ),
      /** Organic search split by keyword (reports made before issue 35 have none). */
      revenueByKeyword: z.array(ZKeywordRevenue).optional(),
      reviews: z.number(),
      averageRating: z.number().nullable(),
      postsPublished: z.number(),
    })
    .optional(),
});
export type TReportDetails = z.infer<typeof ZReportDetails>;

export const ZReport = z.object({
  id: zString(),
  period: z.enum(REPORT_PERIODS),
  traffic: z.number(),
  conversions: z.number(),
  /** Conversions over traffic, percent to one decimal; null without traffic. */
  conversionRate: z.number().nullable(),
  trafficSources: z.array(zString()),
  topKeywords: z.array(zString()),
  topPages: z.array(zString()),
  generatedAt: zString(),
  details: ZReportDetails.nullable(),
});
export type TReport = z.infer<typeof ZReport>;
export const ZReportList = z.array(ZReport);
export const ZGenerateReportRequest = z.object({
  period: z.enum(REPORT_PERIODS, { error: 'Period must be 7d, 30d or 90d' }).default('30d'),
});

export const ZAnalyticsPreferences = z.object({ weeklyEmail: z.boolean() });
export type TAnalyticsPreferences = z.infer<typeof ZAnalyticsPreferences>;
