import { z } from 'zod';
import { ZTask } from './tasks.ts';
import { zString } from './string.ts';

/**
 * GET /api/dashboard: the four stat cards of the spec, computed from the tenant's rows.
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
      type: zString(),
      title: zString(),
      description: zString().nullable(),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
  upcomingTasks: z.array(ZTask),
  /** The business's time zone: task due times are entered and shown in it. */
  timezone: zString(),
});
export type TDashboard = z.infer<typeof ZDashboard>;
