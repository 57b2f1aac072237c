import { z } from 'zod';
import { zString } from './string.ts';
import { ZKeywordRevenue } from './leads.ts';
import {
  GOAL_CATEGORIES,
  GOAL_PRIORITIES,
  GOAL_TYPES,
  GOAL_UNITS,
  INSIGHT_PRIORITIES,
  INSIGHT_TYPES,
} from '../coach.ts';

// The AI Coach (/ai-coach): insights built from the business's own
// numbers, goals that track themselves, engagement metrics, and revenue by lead source.

/** The zod-free constants live in shared/coach.ts, so the client can load them without zod. */
export * from '../coach.ts';

export { LEAD_SOURCES, LEAD_SOURCE_LABELS, type TLeadSource } from './lead-sources.ts';
import { LEAD_SOURCES } from './lead-sources.ts';

export const ZInsight = z.object({
  id: z.uuid(),
  insightType: z.enum(INSIGHT_TYPES),
  title: zString(),
  message: zString(),
  priority: z.enum(INSIGHT_PRIORITIES),
  category: zString().nullable(),
  actionable: z.boolean(),
  isRead: z.boolean(),
  isActionTaken: z.boolean(),
  /** The one in-app action: a label and a path inside the app. */
  action: z.object({ label: zString(), href: zString() }).nullable(),
  /** The figures the insight rests on, as "label: value" pairs. */
  figures: z.array(z.object({ label: zString(), value: zString() })),
  source: z.enum(['ai', 'offline']).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TInsight = z.infer<typeof ZInsight>;
export const ZInsightList = z.object({ insights: z.array(ZInsight) });
export type TInsightList = z.infer<typeof ZInsightList>;

export const ZGenerateResult = z.object({
  insights: z.array(ZInsight),
  source: z.enum(['ai', 'offline']),
  /** Areas whose figures were missing (not connected or no rows), so fewer insights came out. */
  missing: z.array(zString()),
});
export type TGenerateResult = z.infer<typeof ZGenerateResult>;

const title = zString({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title must be at most 200 characters');

/** POST /api/ai-coach/goals (defaults: weekly, posts, content, medium). */
export const ZCreateGoalRequest = z.object({
  title,
  description: zString()
    .trim()
    .max(1000, 'Description must be at most 1000 characters')
    .transform((v) => v || null)
    .optional(),
  goalType: z.enum(GOAL_TYPES, { error: 'Goal type must be daily, weekly, monthly or custom' }).default('weekly'),
  // Parsed as an integer; anything else becomes 0, which is refused as "nonzero".
  targetValue: z
    .union([z.number(), zString()])
    .transform((v) => {
      const n = typeof v === 'number' ? Math.trunc(v) : Number.parseInt(v, 10);
      return Number.isFinite(n) ? n : 0;
    })
    .pipe(
      z
        .number()
        .int()
        .refine((n) => n !== 0, 'Target must be a nonzero number')
        .refine((n) => n > 0 && n <= 100_000, 'Target must be between 1 and 100,000'),
    )
    .default(0),
  unit: z.enum(GOAL_UNITS, { error: 'Pick what the goal counts' }).default('posts'),
  category: z.enum(GOAL_CATEGORIES, { error: 'Category is not valid' }).default('content'),
  priority: z.enum(GOAL_PRIORITIES, { error: 'Priority must be low, medium or high' }).default('medium'),
  dueDate: z.iso.datetime({ offset: true, error: 'Please choose a valid due date' }).nullable().optional(),
});
export type TCreateGoalRequest = z.input<typeof ZCreateGoalRequest>;
export type TCreateGoal = z.output<typeof ZCreateGoalRequest>;

export const ZGoal = z.object({
  id: z.uuid(),
  title: zString(),
  description: zString().nullable(),
  goalType: z.enum(GOAL_TYPES),
  category: zString().nullable(),
  priority: zString(),
  targetValue: z.number().int(),
  currentValue: z.number().int(),
  unit: zString().nullable(),
  /** current over target in percent, capped at 100. */
  progress: z.number(),
  status: zString(),
  /** The counting window: from the goal's start of period to its due date. */
  periodStart: z.iso.datetime({ offset: true }),
  dueDate: z.iso.datetime({ offset: true }).nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TGoal = z.infer<typeof ZGoal>;
export const ZGoalList = z.object({
  goals: z.array(ZGoal),
  points: z.number().int(),
  level: z.number().int(),
  achievements: z.array(z.object({ id: zString(), title: zString(), unlockedAt: zString().nullable() })),
});
export type TGoalList = z.infer<typeof ZGoalList>;

export const ZCoachMetrics = z.object({
  engagementScore: z.number().int(),
  productivityScore: z.number().int(),
  /** Seconds this week. */
  totalTimeSpent: z.number().int(),
  goalsAchieved: z.number().int(),
  totalSessions: z.number().int(),
  averageSessionDuration: z.number().int(),
  actionsCompleted: z.number().int(),
  /** Seconds spent per day of the last 7 days, keyed YYYY-MM-DD. */
  weeklyProgress: z.record(zString(), z.number()),
  featuresUsed: z.array(zString()),
  /** How each score was reached, in words, so the cards can explain themselves. */
  explanations: z.object({ engagement: zString(), productivity: zString() }),
});
export type TCoachMetrics = z.infer<typeof ZCoachMetrics>;

/** POST /api/ai-coach/sessions: the client's batched record of one browser session. */
export const ZSessionBatch = z.object({
  sessionId: zString().trim().min(8).max(64),
  startedAt: z.iso.datetime({ offset: true }),
  /** Seconds spent since the last batch (time on page, visible tab only). */
  seconds: z.number().int().min(0).max(3600),
  pages: z.array(zString().trim().min(1).max(200)).max(50),
  actions: z.array(zString().trim().min(1).max(100)).max(50),
  clicks: z.number().int().min(0).max(10_000),
  deviceType: z.enum(['desktop', 'mobile', 'tablet']).optional(),
});
export type TSessionBatch = z.infer<typeof ZSessionBatch>;

/**
 * One post or landing page under its source: the leads it brought (a post by the lead's
 * utm_content=post-<id>, a page by the lead's landing:<id> source), the jobs and their value,
 * and the clicks on its tracked links (null when it has no tracked link).
 */
export const ZRevenueItem = z.object({
  kind: z.enum(['post', 'page']),
  id: z.uuid(),
  /** A post: its platform and the start of its text; a page: its title. */
  label: zString(),
  platform: zString().nullable(),
  /** Where it lives in the app (a post: /social; a page: its published address or /website). */
  href: zString(),
  leads: z.number().int(),
  converted: z.number().int(),
  revenue: z.number(),
  clicks: z.number().int().nullable(),
});
export type TRevenueItem = z.infer<typeof ZRevenueItem>;

export const ZRevenueBySource = z.object({
  days: z.number().int(),
  sources: z.array(
    z.object({
      source: z.enum(LEAD_SOURCES),
      label: zString(),
      leads: z.number().int(),
      converted: z.number().int(),
      revenue: z.number(),
      /** Revenue per post or landing page of this source, highest first. */
      items: z.array(ZRevenueItem),
    }),
  ),
  /** Organic search's revenue per keyword (the Organic search row, split). */
  keywords: z.array(ZKeywordRevenue),
  totalRevenue: z.number(),
});
export type TRevenueBySource = z.infer<typeof ZRevenueBySource>;
export const ZRevenueQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
