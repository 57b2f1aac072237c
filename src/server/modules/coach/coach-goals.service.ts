import {
  GOAL_TYPES,
  GOAL_UNITS,
  type TCreateGoal,
  type TGoal,
  type TGoalList,
  type TGoalUnit,
} from '#shared/schemas/coach.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { FieldError } from '#server/errors.ts';
import { assertDemoBusiness } from '#server/modules/auth/accounts.service.ts';
import { countUnit, type CoachSourceDeps } from './coach-sources.ts';
import type { GoalFacts } from './coach-facts.ts';
import { DAY_MS } from './coach-summary.ts';
import * as repo from './coach.repo.ts';

// Goals track themselves: each unit is a real counter (posts published, reviews received, …)
// counted from the goal's creation to its due date, recounted whenever the goals are read.
// Reaching the target completes the goal once and earns the creator points and achievements.

export const GOAL_POINTS = 50;
export const ACHIEVEMENTS: { id: string; title: string; goals: number }[] = [
  { id: 'first-goal', title: 'First goal reached', goals: 1 },
  { id: 'five-goals', title: 'Five goals reached', goals: 5 },
  { id: 'ten-goals', title: 'Ten goals reached', goals: 10 },
];
const PERIOD_DAYS: Record<string, number | null> = { daily: 1, weekly: 7, monthly: 30, custom: null };

const isUnit = (u: string | null): u is TGoalUnit => (GOAL_UNITS as readonly string[]).includes(u ?? '');

/** When the goal stops counting: its due date, or the end of its period. */
function endOf(row: repo.GoalRow): Date | null {
  if (row.dueDate) return row.dueDate;
  const days = PERIOD_DAYS[row.goalType];
  return days ? new Date(row.createdAt.getTime() + days * DAY_MS) : null;
}

const progressOf = (current: number, target: number) =>
  target > 0 ? Math.min(100, Math.round((current / target) * 100)) : 0;

function toGoal(row: repo.GoalRow): TGoal {
  const end = endOf(row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    goalType: (GOAL_TYPES as readonly string[]).includes(row.goalType) ? (row.goalType as TGoal['goalType']) : 'custom',
    category: row.category,
    priority: row.priority,
    targetValue: row.targetValue,
    currentValue: row.currentValue,
    unit: row.unit,
    progress: progressOf(row.currentValue, row.targetValue),
    status: row.status,
    periodStart: row.createdAt.toISOString(),
    dueDate: end?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createGoal(
  deps: CoachSourceDeps,
  auth: AuthContext,
  input: TCreateGoal,
  now = new Date(),
): Promise<TGoal> {
  return insertGoal(deps, auth, input, now);
}

/**
 * The demo business's goals, set a few days before the seeding so they show progress from its
 * sample rows (and one already reached); refused for any other business.
 */
export async function addDemoGoal(
  deps: CoachSourceDeps,
  auth: AuthContext,
  input: TCreateGoal,
  setAt: Date,
  now = new Date(),
): Promise<TGoal> {
  await assertDemoBusiness(deps, auth.tenantId, 'goals');
  return insertGoal(deps, auth, input, now, setAt);
}

async function insertGoal(
  deps: CoachSourceDeps,
  auth: AuthContext,
  input: TCreateGoal,
  now: Date,
  setAt?: Date,
): Promise<TGoal> {
  const due = input.dueDate ? new Date(input.dueDate) : null;
  if (due && due.getTime() <= now.getTime()) throw new FieldError('dueDate', 'Pick a due date in the future.');
  const row = await repo.insertGoal(deps.db, auth.tenantId, {
    ...(setAt ? { createdAt: setAt } : {}),
    userId: auth.userId,
    goalType: input.goalType,
    title: input.title,
    description: input.description ?? null,
    targetValue: input.targetValue,
    unit: input.unit,
    category: input.category,
    priority: input.priority,
    dueDate: due,
  });
  const [goal] = await recount(deps, auth, [row], now);
  return toGoal(goal!);
}

async function award(deps: CoachSourceDeps, userId: string, tenantGoalsCompleted: number): Promise<void> {
  await repo.addPoints(deps.db, userId, GOAL_POINTS);
  for (const a of ACHIEVEMENTS) {
    if (tenantGoalsCompleted >= a.goals) await repo.unlockAchievement(deps.db, userId, a.id);
  }
}

/** Recounts the active goals from the rows they track; completes those that reached their target. */
async function recount(
  deps: CoachSourceDeps,
  auth: AuthContext,
  rows: repo.GoalRow[],
  now: Date,
): Promise<repo.GoalRow[]> {
  let completed = rows.filter((r) => r.status === 'completed').length;
  const out: repo.GoalRow[] = [];
  for (const row of rows) {
    if (row.status !== 'active' || !isUnit(row.unit)) {
      out.push(row);
      continue;
    }
    const end = endOf(row);
    const to = end && end < now ? end : now;
    const current = await countUnit(deps, auth, row.unit, row.createdAt, to);
    const reached = current >= row.targetValue;
    const expired = !reached && end !== null && end < now;
    const justCompleted = await repo.saveGoalProgress(deps.db, auth.tenantId, row.id, current, reached);
    if (justCompleted) {
      completed += 1;
      const who = row.userId ?? (auth.userId || null);
      if (who) await award(deps, who, completed);
    }
    if (expired) await repo.expireGoal(deps.db, auth.tenantId, row.id);
    out.push({
      ...row,
      currentValue: current,
      status: reached ? 'completed' : expired ? 'expired' : row.status,
      completedAt: reached ? (row.completedAt ?? now) : row.completedAt,
    });
  }
  return out;
}

/** Every goal of the business, active ones freshly recounted. */
export async function currentGoals(deps: CoachSourceDeps, auth: AuthContext, now: Date): Promise<repo.GoalRow[]> {
  return recount(deps, auth, await repo.listGoals(deps.db, auth.tenantId), now);
}

/** The Goals list: active goals only, with points, level and achievements. */
export async function listGoals(deps: CoachSourceDeps, auth: AuthContext, now = new Date()): Promise<TGoalList> {
  const rows = await currentGoals(deps, auth, now);
  const [progress, unlocked] = await Promise.all([
    repo.findProgress(deps.db, auth.userId),
    repo.listAchievements(deps.db, auth.userId),
  ]);
  return {
    goals: rows.filter((r) => r.status === 'active').map(toGoal),
    points: progress.totalPoints,
    level: progress.level,
    achievements: unlocked.map((a) => ({
      id: a.id,
      title: ACHIEVEMENTS.find((x) => x.id === a.id)?.title ?? a.id,
      unlockedAt: a.unlockedAt?.toISOString() ?? null,
    })),
  };
}

/** Goals completed since a moment (the "Goals Achieved, this month" card). */
export const completedSince = (rows: repo.GoalRow[], since: Date) =>
  rows.filter((r) => r.status === 'completed' && r.completedAt && r.completedAt >= since).length;

/** current over target in percent, capped at 100, of each active goal. */
export const activeProgress = (rows: repo.GoalRow[]) =>
  rows.filter((r) => r.status === 'active').map((r) => progressOf(r.currentValue, r.targetValue));

/** What the coach's summary says about goals. */
export async function goalFacts(deps: CoachSourceDeps, auth: AuthContext, now: Date): Promise<GoalFacts> {
  const rows = await currentGoals(deps, auth, now);
  const active = rows.filter((r) => r.status === 'active');
  return {
    active: active.length,
    completed30: rows.filter(
      (r) => r.status === 'completed' && r.completedAt && r.completedAt.getTime() >= now.getTime() - 30 * DAY_MS,
    ).length,
    behind: active
      .filter((r) => {
        const end = endOf(r);
        return end && end.getTime() - now.getTime() < 2 * DAY_MS && progressOf(r.currentValue, r.targetValue) < 50;
      })
      .map((r) => ({ title: r.title, progress: progressOf(r.currentValue, r.targetValue) })),
  };
}
