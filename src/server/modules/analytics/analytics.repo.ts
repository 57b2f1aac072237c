import { and, desc, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { analyticsPreferences, analyticsReports } from '#server/db/schema/index.ts';

// SQL for analytics_reports and analytics_preferences. Every query is scoped by tenant_id.

export type ReportRow = typeof analyticsReports.$inferSelect;
export type NewReport = Omit<typeof analyticsReports.$inferInsert, 'id' | 'tenantId'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertReport(db: Db, tenantId: string, values: NewReport): Promise<ReportRow> {
  const [row] = await db
    .insert(analyticsReports)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function listReports(db: Db, tenantId: string, limit: number): Promise<ReportRow[]> {
  return db
    .select()
    .from(analyticsReports)
    .where(eq(analyticsReports.tenantId, tenantId))
    .orderBy(desc(analyticsReports.generatedAt), desc(analyticsReports.id))
    .limit(limit);
}

/** Another business's report is undefined, like a missing one. */
export async function findReport(db: Db, tenantId: string, id: string): Promise<ReportRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(analyticsReports)
    .where(and(eq(analyticsReports.tenantId, tenantId), eq(analyticsReports.id, id)));
  return row;
}

export async function findPreferences(db: Db, tenantId: string) {
  const [row] = await db.select().from(analyticsPreferences).where(eq(analyticsPreferences.tenantId, tenantId));
  return row;
}

export async function savePreferences(db: Db, tenantId: string, weeklyEmail: boolean): Promise<void> {
  await db
    .insert(analyticsPreferences)
    .values({ tenantId, weeklyEmail })
    .onConflictDoUpdate({ target: analyticsPreferences.tenantId, set: { weeklyEmail, updatedAt: new Date() } });
}

/**
 * Claims the week's report mail for the business: true once per `week` (and never when the
 * owners opted out), however many job runs and app processes race for it.
 */
export async function claimWeeklyMail(db: Db, tenantId: string, week: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(analyticsPreferences)
    .values({ tenantId, lastWeeklyWeek: week, lastWeeklySentAt: now })
    .onConflictDoUpdate({
      target: analyticsPreferences.tenantId,
      set: { lastWeeklyWeek: week, lastWeeklySentAt: now, updatedAt: now },
      setWhere: and(
        eq(analyticsPreferences.weeklyEmail, true),
        or(isNull(analyticsPreferences.lastWeeklyWeek), ne(analyticsPreferences.lastWeeklyWeek, week)),
      ),
    })
    .returning({ tenantId: analyticsPreferences.tenantId });
  return rows.length > 0;
}

/** Gives the claim back when the mail could not be made (the next hourly run tries again). */
export async function releaseWeeklyMail(db: Db, tenantId: string, week: string): Promise<void> {
  await db
    .update(analyticsPreferences)
    .set({ lastWeeklyWeek: null, lastWeeklySentAt: null })
    .where(and(eq(analyticsPreferences.tenantId, tenantId), eq(analyticsPreferences.lastWeeklyWeek, week)));
}
