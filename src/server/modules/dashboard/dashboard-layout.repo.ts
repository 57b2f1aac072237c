import { eq } from 'drizzle-orm';
import type { TDashboardLayout } from '#shared/schemas/dashboard-layout.ts';
import type { Db } from '#server/db/client.ts';
import { userProgress } from '#server/db/schema/index.ts';

// SQL for the dashboard layout column of user_progress (one row per user, made on first save).

export async function findLayout(db: Db, userId: string): Promise<unknown> {
  const [row] = await db
    .select({ layout: userProgress.dashboardLayout })
    .from(userProgress)
    .where(eq(userProgress.userId, userId))
    .limit(1);
  return row?.layout ?? null;
}

export async function saveLayout(db: Db, userId: string, layout: TDashboardLayout): Promise<void> {
  await db
    .insert(userProgress)
    .values({ userId, dashboardLayout: layout })
    .onConflictDoUpdate({ target: userProgress.userId, set: { dashboardLayout: layout } });
}
