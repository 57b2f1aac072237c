import type { TDashboard } from '../../../shared/schemas/dashboard.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './dashboard.repo.ts';

export const DEFAULT_TIMEZONE = 'America/New_York';
const RECENT_ACTIVITY = 10;
const UPCOMING_TASKS = 5;

function isTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The business's time zone from its settings; an unset or unknown zone means the spec's default. */
export async function tenantTimezone(db: Db, tenantId: string): Promise<string> {
  const tz = await repo.findTimezone(db, tenantId);
  return tz && isTimezone(tz) ? tz : DEFAULT_TIMEZONE;
}

/** One decimal place, as the stat card shows it. */
const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
const rating = (avg: number) => Math.round(avg * 10) / 10;

/**
 * The dashboard of spec-1 §2 computed from the tenant's own rows. Where there is nothing to
 * compute from, the value is null (a new business sees an honest empty state, never samples).
 */
export async function getDashboard(db: Db, tenantId: string, now = new Date()): Promise<TDashboard> {
  const timezone = await tenantTimezone(db, tenantId);
  const [leadCounts, reviewStats, engagements, activity, tasks] = await Promise.all([
    repo.leadCounts(db, tenantId, timezone, now),
    repo.reviewStats(db, tenantId),
    repo.socialEngagements(db, tenantId),
    repo.recentActivities(db, tenantId, RECENT_ACTIVITY),
    repo.pendingTasks(db, tenantId, UPCOMING_TASKS),
  ]);
  return {
    stats: {
      leadsThisMonth: leadCounts.thisMonth,
      leadsLastMonth: leadCounts.lastMonth,
      averageRating: reviewStats.average === null ? null : rating(reviewStats.average),
      reviewCount: reviewStats.count,
      conversionRate: leadCounts.total > 0 ? percent(leadCounts.converted, leadCounts.total) : null,
      socialEngagements: engagements,
    },
    recentActivity: activity.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    upcomingTasks: tasks.map((t) => ({ ...t, dueAt: t.dueAt?.toISOString() ?? null })),
  };
}
