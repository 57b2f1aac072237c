import type { TCreateTask, TTask, TTaskList, TTaskStatus, TUpdateTask } from '#shared/schemas/tasks.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import { FieldError, notFound } from '#server/errors.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { notify } from '#server/modules/push/push.service.ts';
import { tenantTimezone } from '#server/modules/settings/settings.service.ts';
import type { AppServices, LinkedRecords } from '#server/services.ts';
import * as repo from './tasks.repo.ts';

export interface TasksDeps {
  db: Db;
  /** A task's lead and review, read through leads' and reviews' services (handed in by app.ts). */
  linked: LinkedRecords;
}

export function tasksDeps(services: AppServices): TasksDeps {
  return { db: services.database.db, linked: services.linked };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound('Task');

type Row = NonNullable<Awaited<ReturnType<typeof repo.findTask>>>;

function toTask(row: Row, leadName: string | null): TTask {
  return {
    ...row,
    leadName,
    status: row.status === 'completed' ? 'completed' : 'pending',
    dueAt: row.dueAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The tasks as shown, each with its lead's name (null without a lead of this business). */
async function toTasks(deps: TasksDeps, tenantId: string, rows: Row[]): Promise<TTask[]> {
  const ids = rows.flatMap((r) => (r.leadId ? [r.leadId] : []));
  const leads = ids.length ? await deps.linked.leadsOf(deps, tenantId, ids) : new Map<string, { name: string }>();
  return rows.map((r) => toTask(r, (r.leadId && leads.get(r.leadId)?.name) ?? null));
}

async function taskOr404(deps: TasksDeps, tenantId: string, id: string): Promise<TTask> {
  const row = UUID.test(id) ? await repo.findTask(deps.db, tenantId, id) : undefined;
  if (!row) throw missing();
  return (await toTasks(deps, tenantId, [row]))[0]!;
}

export async function listTasks(
  deps: TasksDeps,
  auth: AuthContext,
  query: { status: TTaskStatus | 'all'; limit: number },
  now = new Date(),
): Promise<TTaskList> {
  const [rows, overdue, timezone] = await Promise.all([
    repo.listTasks(deps.db, auth.tenantId, query.status, query.limit),
    repo.countOverdue(deps.db, auth.tenantId, now),
    tenantTimezone(deps, auth.tenantId),
  ]);
  return { tasks: await toTasks(deps, auth.tenantId, rows), overdue, timezone };
}

/** The few pending tasks the dashboard shows, soonest due first. */
export async function upcomingTasks(deps: TasksDeps, tenantId: string, limit: number): Promise<TTask[]> {
  return toTasks(deps, tenantId, await repo.listTasks(deps.db, tenantId, 'pending', limit));
}

export async function createTask(
  deps: TasksDeps,
  auth: AuthContext,
  input: TCreateTask,
  type: string | null = null,
): Promise<TTask> {
  if (input.leadId && !(await deps.linked.leadsOf(deps, auth.tenantId, [input.leadId])).has(input.leadId)) {
    throw new FieldError('leadId', 'Lead was not found.', 'not_found');
  }
  if (input.reviewId && !(await deps.linked.reviewOf(deps, auth.tenantId, input.reviewId))) {
    throw new FieldError('reviewId', 'Review was not found.', 'not_found');
  }
  const id = await repo.insertTask(deps.db, auth.tenantId, {
    title: input.title,
    description: input.description ?? null,
    dueAt: input.dueAt ? new Date(input.dueAt) : null,
    leadId: input.leadId ?? null,
    reviewId: input.reviewId ?? null,
    type: type ?? (input.leadId ? 'lead_follow_up' : input.reviewId ? 'review_follow_up' : null),
  });
  return taskOr404(deps, auth.tenantId, id);
}

export async function updateTask(deps: TasksDeps, auth: AuthContext, id: string, input: TUpdateTask): Promise<TTask> {
  await taskOr404(deps, auth.tenantId, id);
  await repo.updateTask(deps.db, auth.tenantId, id, {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    // A new due time is told again when it comes.
    ...(input.dueAt !== undefined ? { dueAt: input.dueAt ? new Date(input.dueAt) : null, dueNotifiedAt: null } : {}),
    ...(input.status === 'completed' ? { status: 'completed', completedAt: new Date(), progress: 100 } : {}),
    ...(input.status === 'pending' ? { status: 'pending', completedAt: null } : {}),
  });
  return taskOr404(deps, auth.tenantId, id);
}

export async function deleteTask(deps: TasksDeps, auth: AuthContext, id: string): Promise<void> {
  if (!UUID.test(id) || !(await repo.deleteTask(deps.db, auth.tenantId, id))) throw missing();
}

/** Tasks due this long ago or less are pushed by the sweep; older ones were missed before it ran. */
const DUE_WINDOW_MS = 24 * 3600_000;

/**
 * The minute sweep (tasks.jobs.ts): each pending task whose due time has come is pushed once to
 * the business's members who chose "A task is due", opening its lead (or the dashboard's tasks).
 */
export async function pushDueTasks(
  deps: TasksDeps & { jobs: Pick<Jobs, 'enqueue'> },
  now = new Date(),
): Promise<{ told: number }> {
  const due = await repo.claimDueTasks(deps.db, now, DUE_WINDOW_MS);
  for (const task of due) {
    const lead = task.leadId
      ? (await deps.linked.leadsOf(deps, task.tenantId, [task.leadId])).get(task.leadId)
      : undefined;
    await notify(deps, task.tenantId, 'task_due', {
      title: `Task due: ${task.title}`,
      body: lead?.name ? `For ${lead.name}.` : 'It is due now.',
      url: task.leadId ? `/leads?lead=${task.leadId}` : '/dashboard',
    });
  }
  return { told: due.length };
}

/** Tasks not yet done, for figures other areas show (the agency view). */
export async function countOpenTasks(deps: Pick<TasksDeps, 'db'>, tenantId: string): Promise<number> {
  return repo.countPending(deps.db, tenantId);
}

/**
 * When each review's follow-up was resolved (its task completed), for reviews flagged for
 * follow-up; a review whose latest task is still pending is absent.
 */
export async function reviewFollowUpsResolved(
  deps: Pick<TasksDeps, 'db'>,
  tenantId: string,
  reviewIds: string[],
): Promise<Map<string, Date>> {
  const latest = new Map<string, { status: string; completedAt: Date | null }>();
  for (const t of await repo.reviewTasks(deps.db, tenantId, reviewIds)) if (t.reviewId) latest.set(t.reviewId, t);
  const resolved = new Map<string, Date>();
  for (const [id, t] of latest) if (t.status === 'completed' && t.completedAt) resolved.set(id, t.completedAt);
  return resolved;
}
