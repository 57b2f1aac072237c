import type { TDashboard } from '#shared/schemas/dashboard.ts';
import type { Db } from '#server/db/client.ts';
import type { AppServices } from '#server/services.ts';
import { listActivities, monthlyLeadCounts } from '#server/modules/leads/leads.service.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import { tasksDeps, upcomingTasks, type TasksDeps } from '#server/modules/tasks/tasks.service.ts';
import { reviewStats as reviewFigures } from '#server/modules/reviews/reviews.service.ts';
import { postEngagements } from '#server/modules/social/social.service.ts';

export interface DashboardDeps {
  db: Db;
  tasks: TasksDeps;
}

export function dashboardDeps(services: AppServices): DashboardDeps {
  return { db: services.database.db, tasks: tasksDeps(services) };
}

const RECENT_ACTIVITY = 10;
const UPCOMING_TASKS = 5;

/** One decimal place, as the stat card shows it. */
const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
const rating = (avg: number) => Math.round(avg * 10) / 10;

/**
 * The dashboard of the spec computed from the tenant's own rows. Where there is nothing to
 * compute from, the value is null (a new business sees an honest empty state, never samples).
 * Every figure comes through its owner's service (leads, reviews, social posts, tasks, settings).
 */
export async function getDashboard(deps: DashboardDeps, tenantId: string, now = new Date()): Promise<TDashboard> {
  const timezone = await tenantTimezone(deps, tenantId);
  const [leadCounts, reviewStats, engagements, activity, tasks] = await Promise.all([
    monthlyLeadCounts(deps, tenantId, timezone, now),
    reviewFigures(deps, tenantId),
    postEngagements(deps, tenantId),
    listActivities(deps, { tenantId }, RECENT_ACTIVITY),
    upcomingTasks(deps.tasks, tenantId, UPCOMING_TASKS),
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
    recentActivity: activity.activities.map(({ id, type, title, description, createdAt }) => ({
      id,
      type,
      title,
      description,
      createdAt,
    })),
    upcomingTasks: tasks,
    timezone,
  };
}
