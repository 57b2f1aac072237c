import { z } from 'zod';

/**
 * GET /api/dashboard: the four stat cards of spec-1 §2, computed from the tenant's rows.
 * A value is null when there is nothing to compute it from (the card shows an honest empty state).
 */
export const ZDashboard = z.object({
  stats: z.object({
    /** Leads created this calendar month (tenant's timezone), with last month for the trend. */
    leadsThisMonth: z.number().int(),
    leadsLastMonth: z.number().int(),
    /** Average star rating over the tenant's reviews; null with no reviews. */
    averageRating: z.number().nullable(),
    reviewCount: z.number().int(),
    /** Converted / all leads as a percent with one decimal; null with no leads. */
    conversionRate: z.number().nullable(),
    /** Likes + shares + comments over the tenant's recorded post analytics; null with none recorded. */
    socialEngagements: z.number().int().nullable(),
  }),
  recentActivity: z.array(
    z.object({
      id: z.uuid(),
      type: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
  upcomingTasks: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      description: z.string().nullable(),
      type: z.string().nullable(),
      status: z.string(),
      progress: z.number().int(),
      dueAt: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
});
export type TDashboard = z.infer<typeof ZDashboard>;
