import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { TTaskStatus } from '#shared/schemas/tasks.ts';
import type { Db } from '#server/db/client.ts';
import { tasks } from '#server/db/schema/index.ts';

// SQL for tasks. Every query is scoped by tenant_id in its WHERE clause.

const columns = {
  id: tasks.id,
  title: tasks.title,
  description: tasks.description,
  type: tasks.type,
  status: tasks.status,
  progress: tasks.progress,
  dueAt: tasks.dueAt,
  completedAt: tasks.completedAt,
  leadId: tasks.leadId,
  reviewId: tasks.reviewId,
  createdAt: tasks.createdAt,
};
export type TaskRow = Awaited<ReturnType<typeof findTask>> & object;

/** Pending tasks soonest due first (undated last); completed ones newest first. */
export async function listTasks(db: Db, tenantId: string, status: TTaskStatus | 'all', limit: number) {
  const where =
    status === 'all' ? eq(tasks.tenantId, tenantId) : and(eq(tasks.tenantId, tenantId), eq(tasks.status, status));
  return db
    .select(columns)
    .from(tasks)
    .where(where)
    .orderBy(
      sql`case when ${tasks.status} = 'pending' then 0 else 1 end`,
      sql`case when ${tasks.status} = 'pending' then ${tasks.dueAt} end asc nulls last`,
      desc(tasks.completedAt),
      asc(tasks.createdAt),
    )
    .limit(limit);
}

export async function countOverdue(db: Db, tenantId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.status, 'pending'), lt(tasks.dueAt, now)));
  return row?.n ?? 0;
}

export async function countPending(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.status, 'pending')));
  return row?.n ?? 0;
}

export async function findTask(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
  return row;
}

export type NewTask = Omit<typeof tasks.$inferInsert, 'id' | 'tenantId'>;

export async function insertTask(db: Db, tenantId: string, values: NewTask): Promise<string> {
  const [row] = await db
    .insert(tasks)
    .values({ ...values, tenantId })
    .returning({ id: tasks.id });
  if (!row) throw new Error('task insert returned no row');
  return row.id;
}

export async function updateTask(db: Db, tenantId: string, id: string, changes: Partial<NewTask>): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

export async function deleteTask(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** The follow-up tasks of these reviews: whether each is done, and when. */
export async function reviewTasks(db: Db, tenantId: string, reviewIds: string[]) {
  if (reviewIds.length === 0) return [];
  return db
    .select({ reviewId: tasks.reviewId, status: tasks.status, completedAt: tasks.completedAt })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), inArray(tasks.reviewId, reviewIds)))
    .orderBy(asc(tasks.createdAt));
}

/**
 * The due-task sweep's claim, across businesses: pending tasks due by `now` (and at most `window`
 * ago, so tasks long overdue before pushes existed stay quiet) whose due time has not been told;
 * each is marked told in the same statement, so two sweeps never push one task twice.
 */
export async function claimDueTasks(db: Db, now: Date, windowMs: number) {
  return db
    .update(tasks)
    .set({ dueNotifiedAt: now })
    .where(
      and(
        eq(tasks.status, 'pending'),
        isNull(tasks.dueNotifiedAt),
        lte(tasks.dueAt, now),
        gt(tasks.dueAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .returning({ id: tasks.id, tenantId: tasks.tenantId, title: tasks.title, leadId: tasks.leadId });
}
