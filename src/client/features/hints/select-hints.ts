import { contextOf, HINTS, type Hint, type HintPriority } from './hint-catalog';
import type { UserActivity } from './user-activity';

/** Spec-2 §9. */
export const HINT_ROTATION_MS = 10_000;
export const BUSINESS_HOURS = { from: 9, to: 17 } as const;
/** The quick-start guide is for newcomers: it stops after this many dashboard visits. */
export const QUICK_START_MAX_VISITS = 3;

const RANK: Record<HintPriority, number> = { high: 0, medium: 1, low: 2 };

export function isBusinessHours(now: Date): boolean {
  const hour = now.getHours();
  return hour >= BUSINESS_HOURS.from && hour <= BUSINESS_HOURS.to;
}

function applies(hint: Hint, activity: UserActivity, now: Date): boolean {
  if (hint.dismissible && activity.dismissedHints.includes(hint.id)) return false;
  if (hint.dismissible && hint.action && activity.completedActions.includes(`${hint.id}:${hint.action.id}`)) return false;
  if (hint.id === 'business-hours-opportunity') return isBusinessHours(now);
  if (hint.id === 'quick-start-guide') return (activity.pageViews['/dashboard'] ?? 0) <= QUICK_START_MAX_VISITS;
  return true;
}

/**
 * The hints for a path (spec-2 §4): those of its page group that still apply, most urgent
 * first. A hint the user dismissed — or whose action they already took — is gone; the
 * non-dismissible connect-analytics stays.
 */
export function selectHints(location: string, activity: UserActivity, now: Date): Hint[] {
  const context = contextOf(location);
  if (!context) return [];
  return Object.values(HINTS)
    .filter((hint) => hint.context === context && applies(hint, activity, now))
    .sort((a, b) => RANK[a.priority] - RANK[b.priority]);
}

/** The hint after `index`, wrapping around. */
export function nextHintIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}
