import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, clientConfigurations, leads, reviews, socialMediaAnalytics, tasks } from '../../db/schema/index.ts';

export async function findTimezone(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db.select({ timezone: clientConfigurations.timezone }).from(clientConfigurations).where(eq(clientConfigurations.tenantId, tenantId));
  return row?.timezone;
}

/**
 * Lead counts for the stat cards. Month boundaries are midnight on the 1st in the tenant's
 * time zone, so a lead at 11 pm on the 31st in New York belongs to the month it was in there.
 */
export async function leadCounts(db: Db, tenantId: string, timezone: string, now: Date) {
  const monthStart = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timezone}) at time zone ${timezone})`;
  const lastMonthStart = sql`((date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timezone}) - interval '1 month') at time zone ${timezone})`;
  const [row] = await db
    .select({
      total: count(),
      converted: sql<number>`count(*) filter (where ${leads.status} = 'converted')`.mapWith(Number),
      thisMonth: sql<number>`count(*) filter (where ${leads.createdAt} >= ${monthStart} and ${leads.createdAt} <= ${now.toISOString()}::timestamptz)`.mapWith(Number),
      lastMonth: sql<number>`count(*) filter (where ${leads.createdAt} >= ${lastMonthStart} and ${leads.createdAt} < ${monthStart})`.mapWith(Number),
    })
    .from(leads)
    .where(eq(leads.tenantId, tenantId));
  return row ?? { total: 0, converted: 0, thisMonth: 0, lastMonth: 0 };
}

export async function reviewStats(db: Db, tenantId: string) {
  const [row] = await db
    .select({ count: count(), average: sql<number | null>`avg(${reviews.rating})`.mapWith((v) => (v === null ? null : Number(v))) })
    .from(reviews)
    .where(eq(reviews.tenantId, tenantId));
  return row ?? { count: 0, average: null };
}

/** Likes + shares + comments over every recorded post analytics row; null when none is recorded. */
export async function socialEngagements(db: Db, tenantId: string): Promise<number | null> {
  const [row] = await db
    .select({
      rows: count(),
      total: sql<number>`coalesce(sum(${socialMediaAnalytics.likes} + ${socialMediaAnalytics.shares} + ${socialMediaAnalytics.comments}), 0)`.mapWith(Number),
    })
    .from(socialMediaAnalytics)
    .where(eq(socialMediaAnalytics.tenantId, tenantId));
  return row && row.rows > 0 ? row.total : null;
}

export async function recentActivities(db: Db, tenantId: string, limit: number) {
  return db
    .select({ id: activities.id, type: activities.type, title: activities.title, description: activities.description, createdAt: activities.createdAt })
    .from(activities)
    .where(eq(activities.tenantId, tenantId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}

/** Pending tasks, soonest due first; tasks without a due date come last. */
export async function pendingTasks(db: Db, tenantId: string, limit: number) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      description: tasks.description,
      type: tasks.type,
      status: tasks.status,
      progress: tasks.progress,
      dueAt: tasks.dueAt,
    })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.status, 'pending')))
    .orderBy(sql`${tasks.dueAt} asc nulls last`, asc(tasks.createdAt))
    .limit(limit);
}
