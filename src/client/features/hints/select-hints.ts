import type { TConnection } from '@shared/schemas/connections';
import { contextOf } from '@shared/hint-column';
import { HINTS, type Hint, type HintPriority } from './hint-catalog';
import type { UserActivity } from './user-activity';

/** The spec's rules. */
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
  // Shown only from live connection data (connectionHints), never from the catalog.
  if (hint.id === 'connection-problem') return false;
  if (hint.dismissible && activity.dismissedHints.includes(hint.id)) return false;
  if (hint.dismissible && hint.action && activity.completedActions.includes(`${hint.id}:${hint.action.id}`))
    return false;
  if (hint.id === 'business-hours-opportunity') return isBusinessHours(now);
  if (hint.id === 'quick-start-guide') return (activity.pageViews['/dashboard'] ?? 0) <= QUICK_START_MAX_VISITS;
  return true;
}

/**
 * The hints for a path: those of its page group that still apply, most urgent
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

/**
 * Felix's hint for each broken connection, on every page that has hints, before the others:
 * "Reconnect Google" with the plain-English reason and the one action that fixes it.
 */
export function connectionHints(location: string, problems: TConnection[]): Hint[] {
  if (!contextOf(location)) return [];
  const template = HINTS['connection-problem'];
  return problems.flatMap((c) =>
    c.problem
      ? [
          {
            ...template,
            context: contextOf(location) ?? template.context,
            title: c.problem.action,
            message: c.problem.message,
            action: { label: c.problem.action, id: `fix-${c.provider}`, target: '/settings?tab=connections' },
          },
        ]
      : [],
  );
}

/** The hint after `index`, wrapping around. */
export function nextHintIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}
