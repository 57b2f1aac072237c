import type { TCoachMetrics, TSessionBatch } from '#shared/schemas/coach.ts';
import type { TDashboardLayout } from '#shared/schemas/dashboard-layout.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { CoachSourceDeps } from './coach-sources.ts';
import { DAY_MS } from './coach-summary.ts';
import { activeProgress, completedSince, currentGoals } from './coach-goals.service.ts';
import * as repo from './coach.repo.ts';

// The person's use of the app, from the sessions the client records, and the two scores of the
// metric cards. How the scores are reached: docs/decisions/013-coach-scores.md.

const MAX_LIST = 50;

/** The area a page belongs to ('/leads/123' → 'leads'); the dashboard for '/'. */
export function featureOf(path: string): string {
  const first = path.split('?')[0]!.split('/').filter(Boolean)[0];
  return first ?? 'dashboard';
}

const merge = (a: string[], b: string[]) => [...new Set([...a, ...b])].slice(0, MAX_LIST);

/** One batch from the client: adds its time, pages, actions and clicks to the browser session. */
export async function recordSession(
  deps: Pick<CoachSourceDeps, 'db'>,
  auth: AuthContext,
  batch: TSessionBatch,
  userAgent: string | null,
  now = new Date(),
) {
  const found = await repo.findSession(deps.db, auth.userId, batch.sessionId);
  if (!found) {
    const start = new Date(batch.startedAt);
    await repo.insertSession(deps.db, {
      userId: auth.userId,
      sessionId: batch.sessionId,
      // The client's clock may be off: never start in the future nor more than a day back.
      startTime: start > now || start.getTime() < now.getTime() - DAY_MS ? now : start,
      endTime: now,
      duration: batch.seconds,
      pagesVisited: batch.pages.slice(0, MAX_LIST),
      actionsPerformed: batch.actions.slice(0, MAX_LIST),
      clicksCount: batch.clicks,
      deviceType: batch.deviceType ?? null,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    return;
  }
  await repo.updateSession(deps.db, auth.userId, found.id, {
    endTime: now,
    duration: Math.min((found.duration ?? 0) + batch.seconds, 24 * 3600),
    pagesVisited: merge(found.pagesVisited, batch.pages),
    actionsPerformed: [...found.actionsPerformed, ...batch.actions].slice(-MAX_LIST * 4),
    clicksCount: found.clicksCount + batch.clicks,
  });
}

export interface ScoreInputs {
  activeDays: number;
  seconds: number;
  features: number;
  actions: number;
  /** Average progress (0..100) of the active goals; null without active goals. */
  goalProgress: number | null;
  goalsCompletedThisWeek: number;
}

const clamp01 = (n: number) => Math.max(0, Math.min(1, n));

/**
 * Engagement: how regularly and widely the app is used this week — 40 points for days active
 * (5 days = full), 30 for time spent (60 minutes = full), 30 for areas used (5 = full).
 * Productivity: how much got done — 50 points for goal progress (the average of active goals, or
 * 50 for each goal completed this week when none is active), 50 for actions done (20 = full).
 */
export function scores(i: ScoreInputs): {
  engagement: number;
  productivity: number;
  explanations: TCoachMetrics['explanations'];
} {
  const engagement = Math.round(
    40 * clamp01(i.activeDays / 5) + 30 * clamp01(i.seconds / 3600) + 30 * clamp01(i.features / 5),
  );
  const goalPart = i.goalProgress !== null ? i.goalProgress / 100 : clamp01(i.goalsCompletedThisWeek);
  const productivity = Math.round(50 * clamp01(goalPart) + 50 * clamp01(i.actions / 20));
  const minutes = Math.round(i.seconds / 60);
  return {
    engagement,
    productivity,
    explanations: {
      engagement: `${i.activeDays} of 5 active days, ${minutes} of 60 minutes, ${i.features} of 5 areas used this week.`,
      productivity:
        (i.goalProgress !== null
          ? `Active goals are ${Math.round(i.goalProgress)}% done on average`
          : `${i.goalsCompletedThisWeek} goal${i.goalsCompletedThisWeek === 1 ? '' : 's'} completed this week`) +
        `; ${i.actions} of 20 actions done this week.`,
    },
  };
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** The four metric cards and the Analytics tab, over the last 7 days. */
export async function coachMetrics(deps: CoachSourceDeps, auth: AuthContext, now = new Date()): Promise<TCoachMetrics> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [sessions, goals] = await Promise.all([
    repo.sessionsSince(deps.db, auth.userId, weekAgo),
    currentGoals(deps, auth, now),
  ]);
  const weeklyProgress: Record<string, number> = {};
  for (let i = 6; i >= 0; i--) weeklyProgress[dayKey(new Date(now.getTime() - i * DAY_MS))] = 0;
  const features = new Set<string>();
  let seconds = 0;
  let actions = 0;
  for (const s of sessions) {
    const key = dayKey(s.startTime);
    if (key in weeklyProgress) weeklyProgress[key]! += s.duration ?? 0;
    seconds += s.duration ?? 0;
    actions += s.actionsPerformed.length;
    for (const p of s.pagesVisited) features.add(featureOf(p));
  }
  const active = activeProgress(goals);
  const s = scores({
    activeDays: Object.values(weeklyProgress).filter((v) => v > 0).length,
    seconds,
    features: features.size,
    actions,
    goalProgress: active.length ? active.reduce((sum, p) => sum + p, 0) / active.length : null,
    goalsCompletedThisWeek: completedSince(goals, weekAgo),
  });
  return {
    engagementScore: s.engagement,
    productivityScore: s.productivity,
    totalTimeSpent: seconds,
    goalsAchieved: completedSince(goals, monthStart),
    totalSessions: sessions.length,
    averageSessionDuration: sessions.length ? Math.round(seconds / sessions.length) : 0,
    actionsCompleted: actions,
    weeklyProgress,
    featuresUsed: [...features].sort(),
    explanations: s.explanations,
  };
}

/** The person's stored dashboard layout (kept in their progress row), as saved, or null. */
export async function storedDashboardLayout(deps: Pick<CoachSourceDeps, 'db'>, userId: string): Promise<unknown> {
  return repo.findDashboardLayout(deps.db, userId);
}

export async function storeDashboardLayout(
  deps: Pick<CoachSourceDeps, 'db'>,
  userId: string,
  layout: TDashboardLayout,
): Promise<void> {
  await repo.saveDashboardLayout(deps.db, userId, layout);
}
