import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { TDashboardLayout } from '#shared/schemas/dashboard-layout.ts';
import type { Db } from '#server/db/client.ts';
import {
  aiCoachInsights,
  userAchievements,
  userEngagementSessions,
  userGoals,
  userProgress,
} from '#server/db/schema/index.ts';

// SQL of the coach. Insights and goals are the business's (tenant_id in every WHERE); engagement
// sessions, achievements and points are the person's (user_id in every WHERE).

export type InsightRow = typeof aiCoachInsights.$inferSelect;
export type NewInsight = Omit<typeof aiCoachInsights.$inferInsert, 'id' | 'tenantId'>;
export type GoalRow = typeof userGoals.$inferSelect;

export const INSIGHTS_SHOWN = 30;

export async function insertInsights(db: Db, tenantId: string, rows: NewInsight[]): Promise<InsightRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(aiCoachInsights)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .returning();
}

export async function listInsights(db: Db, tenantId: string): Promise<InsightRow[]> {
  return db
    .select()
    .from(aiCoachInsights)
    .where(eq(aiCoachInsights.tenantId, tenantId))
    .orderBy(desc(aiCoachInsights.createdAt), desc(aiCoachInsights.id))
    .limit(INSIGHTS_SHOWN);
}

export async function updateInsight(
  db: Db,
  tenantId: string,
  id: string,
  changes: { isRead?: boolean; isActionTaken?: boolean },
): Promise<InsightRow | undefined> {
  const [row] = await db
    .update(aiCoachInsights)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(aiCoachInsights.tenantId, tenantId), eq(aiCoachInsights.id, id)))
    .returning();
  return row;
}

/** Businesses that use the coach (an insight or a goal on file): the weekly job writes to them. */
export async function coachTenants(db: Db): Promise<string[]> {
  const [a, b] = await Promise.all([
    db.selectDistinct({ tenantId: aiCoachInsights.tenantId }).from(aiCoachInsights),
    db.selectDistinct({ tenantId: userGoals.tenantId }).from(userGoals),
  ]);
  return [...new Set([...a, ...b].map((r) => r.tenantId))];
}

export async function insertGoal(
  db: Db,
  tenantId: string,
  values: Omit<typeof userGoals.$inferInsert, 'id' | 'tenantId'>,
) {
  const [row] = await db
    .insert(userGoals)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('goal insert returned no row');
  return row;
}

export async function listGoals(db: Db, tenantId: string): Promise<GoalRow[]> {
  return db
    .select()
    .from(userGoals)
    .where(eq(userGoals.tenantId, tenantId))
    .orderBy(desc(userGoals.createdAt), desc(userGoals.id))
    .limit(200);
}

/** Saves a goal's recount; moves it to completed only once (returns true when this call did). */
export async function saveGoalProgress(
  db: Db,
  tenantId: string,
  id: string,
  currentValue: number,
  complete: boolean,
): Promise<boolean> {
  const now = new Date();
  if (complete) {
    const done = await db
      .update(userGoals)
      .set({ currentValue, status: 'completed', completedAt: now, updatedAt: now })
      .where(and(eq(userGoals.tenantId, tenantId), eq(userGoals.id, id), eq(userGoals.status, 'active')))
      .returning({ id: userGoals.id });
    return done.length > 0;
  }
  await db
    .update(userGoals)
    .set({ currentValue, updatedAt: now })
    .where(and(eq(userGoals.tenantId, tenantId), eq(userGoals.id, id)));
  return false;
}

export async function expireGoal(db: Db, tenantId: string, id: string): Promise<void> {
  await db
    .update(userGoals)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(userGoals.tenantId, tenantId), eq(userGoals.id, id), eq(userGoals.status, 'active')));
}

// ---- the person's points and achievements (user_progress is shared with the dashboard layout:
// only the points columns are written here, and a missing row is created without a layout).

export async function addPoints(db: Db, userId: string, points: number): Promise<void> {
  await db
    .insert(userProgress)
    .values({ userId, totalPoints: points, experiencePoints: points, lastActivity: new Date() })
    .onConflictDoUpdate({
      target: userProgress.userId,
      set: {
        totalPoints: sql`${userProgress.totalPoints} + ${points}`,
        experiencePoints: sql`${userProgress.experiencePoints} + ${points}`,
        level: sql`1 + ((${userProgress.totalPoints} + ${points}) / 200)`,
        lastActivity: new Date(),
        updatedAt: new Date(),
      },
    });
}

export async function findProgress(db: Db, userId: string) {
  const [row] = await db
    .select({ totalPoints: userProgress.totalPoints, level: userProgress.level })
    .from(userProgress)
    .where(eq(userProgress.userId, userId));
  return row ?? { totalPoints: 0, level: 1 };
}

// ---- the dashboard's column of user_progress: the person's card layout (a row made on first save).

export async function findDashboardLayout(db: Db, userId: string): Promise<unknown> {
  const [row] = await db
    .select({ layout: userProgress.dashboardLayout })
    .from(userProgress)
    .where(eq(userProgress.userId, userId))
    .limit(1);
  return row?.layout ?? null;
}

export async function saveDashboardLayout(db: Db, userId: string, layout: TDashboardLayout): Promise<void> {
  await db
    .insert(userProgress)
    .values({ userId, dashboardLayout: layout })
    .onConflictDoUpdate({ target: userProgress.userId, set: { dashboardLayout: layout } });
}

export async function unlockAchievement(db: Db, userId: string, achievementId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(userAchievements)
    .values({
      userId,
      achievementId,
      progress: 1,
      maxProgress: 1,
      isUnlocked: true,
      isCompleted: true,
      unlockedAt: now,
      completedAt: now,
    })
    .onConflictDoNothing();
}

export async function listAchievements(db: Db, userId: string) {
  return db
    .select({ id: userAchievements.achievementId, unlockedAt: userAchievements.unlockedAt })
    .from(userAchievements)
    .where(and(eq(userAchievements.userId, userId), eq(userAchievements.isUnlocked, true)));
}

// ---- engagement sessions

export type SessionRow = typeof userEngagementSessions.$inferSelect;

export async function findSession(db: Db, userId: string, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(userEngagementSessions)
    .where(and(eq(userEngagementSessions.userId, userId), eq(userEngagementSessions.sessionId, sessionId)))
    .limit(1);
  return row;
}

export async function insertSession(db: Db, values: typeof userEngagementSessions.$inferInsert): Promise<void> {
  await db.insert(userEngagementSessions).values(values);
}

export async function updateSession(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<typeof userEngagementSessions.$inferInsert>,
): Promise<void> {
  await db
    .update(userEngagementSessions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(userEngagementSessions.userId, userId), eq(userEngagementSessions.id, id)));
}

export async function sessionsSince(db: Db, userId: string, since: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(userEngagementSessions)
    .where(and(eq(userEngagementSessions.userId, userId), gte(userEngagementSessions.startTime, since)))
    .orderBy(desc(userEngagementSessions.startTime))
    .limit(1000);
}
