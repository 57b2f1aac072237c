// The AI Coach's constants without zod, so /ai-coach loads no schema code before its first
// paint; schemas/coach.ts re-exports them beside the schemas that use them.

export const INSIGHT_TYPES = ['achievement', 'warning', 'recommendation', 'tip', 'other'] as const;
export type TInsightType = (typeof INSIGHT_TYPES)[number];
export const INSIGHT_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type TInsightPriority = (typeof INSIGHT_PRIORITIES)[number];

export const GOAL_TYPES = ['daily', 'weekly', 'monthly', 'custom'] as const;
export type TGoalType = (typeof GOAL_TYPES)[number];
export const GOAL_CATEGORIES = ['content', 'leads', 'engagement', 'productivity'] as const;
export const GOAL_PRIORITIES = ['low', 'medium', 'high'] as const;
/** Each unit is a real counter the goal tracks by itself (posts published in the goal's period, …). */
export const GOAL_UNITS = ['posts', 'reviews', 'leads', 'replies', 'blog posts'] as const;
export type TGoalUnit = (typeof GOAL_UNITS)[number];
export const GOAL_UNIT_LABELS: Record<TGoalUnit, string> = {
  posts: 'Social posts published',
  reviews: 'Reviews received',
  leads: 'Leads converted',
  replies: 'Review replies posted',
  'blog posts': 'Blog posts published',
};
