import { boolean, date, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { id, textList, timestamps, tstz } from './columns.ts';

const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const userOnboarding = pgTable('user_onboarding', {
  id: id(),
  userId: userId().unique(),
  businessName: text('business_name'),
  businessType: text('business_type'),
  teamSize: text('team_size'),
  yearsInBusiness: text('years_in_business'),
  serviceArea: text('service_area'),
  monthlyBudget: text('monthly_budget'),
  primaryGoals: textList('primary_goals'),
  currentChallenges: textList('current_challenges'),
  currentMarketing: textList('current_marketing'),
  socialPlatforms: textList('social_platforms'),
  hasWebsite: boolean('has_website'),
  websiteUrl: text('website_url'),
  businessDescription: text('business_description'),
  // The onboarding profile's preference answers, saved with the rest of the profile.
  contentTone: text('content_tone'),
  automationLevel: text('automation_level'),
  reportingFrequency: text('reporting_frequency'),
  aiRecommendations: jsonb('ai_recommendations'),
  completedAt: tstz('completed_at'),
  ...timestamps(),
});

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: id(),
    userId: userId(),
    achievementId: text('achievement_id').notNull(),
    progress: integer('progress').notNull().default(0),
    maxProgress: integer('max_progress').notNull().default(1),
    isUnlocked: boolean('is_unlocked').notNull().default(false),
    isCompleted: boolean('is_completed').notNull().default(false),
    unlockedAt: tstz('unlocked_at'),
    completedAt: tstz('completed_at'),
    ...timestamps(),
  },
  (t) => [unique('user_achievements_user_achievement_unique').on(t.userId, t.achievementId)],
);

export const userProgress = pgTable('user_progress', {
  id: id(),
  userId: userId().unique(),
  totalPoints: integer('total_points').notNull().default(0),
  level: integer('level').notNull().default(1),
  experiencePoints: integer('experience_points').notNull().default(0),
  streak: integer('streak').notNull().default(0),
  lastActivity: tstz('last_activity'),
  // The dashboard cards this user shows, in order ({ order, hidden } of card ids); null = default.
  dashboardLayout: jsonb('dashboard_layout').$type<{ order: string[]; hidden: string[] }>(),
  ...timestamps(),
});

export const userEngagementSessions = pgTable(
  'user_engagement_sessions',
  {
    id: id(),
    userId: userId(),
    sessionId: text('session_id').notNull(),
    startTime: tstz('start_time').notNull().defaultNow(),
    endTime: tstz('end_time'),
    duration: integer('duration'), // seconds
    pagesVisited: textList('pages_visited'),
    actionsPerformed: textList('actions_performed'),
    clicksCount: integer('clicks_count').notNull().default(0),
    scrollDepth: integer('scroll_depth').notNull().default(0),
    deviceType: text('device_type'),
    userAgent: text('user_agent'),
    ...timestamps(),
  },
  (t) => [index('user_engagement_sessions_user_start_idx').on(t.userId, t.startTime.desc().nullsFirst())],
);

export const userEngagementMetrics = pgTable(
  'user_engagement_metrics',
  {
    id: id(),
    userId: userId(),
    date: date('date', { mode: 'string' }).notNull(), // 'YYYY-MM-DD'
    totalSessions: integer('total_sessions').notNull().default(0),
    totalTimeSpent: integer('total_time_spent').notNull().default(0), // seconds
    averageSessionDuration: integer('average_session_duration').notNull().default(0), // seconds
    featuresUsed: textList('features_used'),
    actionsCompleted: integer('actions_completed').notNull().default(0),
    goalsAchieved: integer('goals_achieved').notNull().default(0),
    engagementScore: integer('engagement_score').notNull().default(0),
    productivityScore: integer('productivity_score').notNull().default(0),
    weeklyGoals: jsonb('weekly_goals'),
    weeklyProgress: jsonb('weekly_progress'),
    ...timestamps(),
  },
  (t) => [unique('user_engagement_metrics_user_date_unique').on(t.userId, t.date)],
);
