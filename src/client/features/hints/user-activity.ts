/** What the hints widget remembers about the user on this device. */
export interface UserActivity {
  pageViews: Record<string, number>;
  /** Milliseconds spent per path. */
  timeSpent: Record<string, number>;
  /** ISO time of the last visit per path. */
  lastVisit: Record<string, string>;
  /** 'hintId:action' for every hint action the user took. */
  completedActions: string[];
  dismissedHints: string[];
}

export const ACTIVITY_STORAGE_KEY = 'felixHintsActivity';

export function emptyActivity(): UserActivity {
  return { pageViews: {}, timeSpent: {}, lastVisit: {}, completedActions: [], dismissedHints: [] };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function numbers(v: unknown): Record<string, number> {
  if (!isRecord(v)) return {};
  return Object.fromEntries(
    Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])),
  );
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

/** Reads the stored activity; anything unreadable (old shape, private mode) starts afresh. */
export function loadActivity(storage: Pick<Storage, 'getItem'> = window.localStorage): UserActivity {
  try {
    const raw: unknown = JSON.parse(storage.getItem(ACTIVITY_STORAGE_KEY) ?? 'null');
    if (!isRecord(raw)) return emptyActivity();
    const lastVisit = isRecord(raw.lastVisit)
      ? Object.fromEntries(Object.entries(raw.lastVisit).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
    return {
      pageViews: numbers(raw.pageViews),
      timeSpent: numbers(raw.timeSpent),
      lastVisit,
      completedActions: strings(raw.completedActions),
      dismissedHints: strings(raw.dismissedHints),
    };
  } catch {
    return emptyActivity();
  }
}

export function saveActivity(activity: UserActivity, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  try {
    storage.setItem(ACTIVITY_STORAGE_KEY, JSON.stringify(activity));
  } catch {
    // Storage full or disabled: hints still work for this visit.
  }
}

/** The path without its query, which is what activity is counted by. */
export function pathOf(location: string): string {
  return location.split(/[?#]/)[0] || '/';
}

export function withPageView(activity: UserActivity, path: string, now: Date): UserActivity {
  return {
    ...activity,
    pageViews: { ...activity.pageViews, [path]: (activity.pageViews[path] ?? 0) + 1 },
    lastVisit: { ...activity.lastVisit, [path]: now.toISOString() },
  };
}

export function withTimeSpent(activity: UserActivity, path: string, ms: number): UserActivity {
  if (!(ms > 0)) return activity;
  return {
    ...activity,
    timeSpent: { ...activity.timeSpent, [path]: (activity.timeSpent[path] ?? 0) + Math.round(ms) },
  };
}

export function withCompletedAction(activity: UserActivity, hintId: string, action: string): UserActivity {
  const entry = `${hintId}:${action}`;
  if (activity.completedActions.includes(entry)) return activity;
  return { ...activity, completedActions: [...activity.completedActions, entry] };
}

export function withDismissed(activity: UserActivity, hintId: string): UserActivity {
  if (activity.dismissedHints.includes(hintId)) return activity;
  return { ...activity, dismissedHints: [...activity.dismissedHints, hintId] };
}
