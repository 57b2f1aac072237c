import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './accounts.ts';
import { timestamps, tstz } from './columns.ts';

/**
 * One row per business (analytics owns it): whether the owners get the Monday report mail, and
 * the ISO week it was last sent for, so the hourly job sends it once per week.
 */
export const analyticsPreferences = pgTable('analytics_preferences', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  weeklyEmail: boolean('weekly_email').notNull().default(true),
  /** e.g. 2026-W48, in the business's time zone. */
  lastWeeklyWeek: text('last_weekly_week'),
  lastWeeklySentAt: tstz('last_weekly_sent_at'),
  ...timestamps(),
});
