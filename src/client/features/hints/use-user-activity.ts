import { useEffect, useSyncExternalStore } from 'react';
import {
  ACTIVITY_STORAGE_KEY,
  emptyActivity,
  loadActivity,
  saveActivity,
  withPageView,
  withTimeSpent,
  type UserActivity,
} from './user-activity';

// One store per tab over localStorage: the widget and the page tracker see the same activity,
// and a change in another tab (the storage event) shows up here too.
let cachedRaw: string | null | undefined;
let cached: UserActivity = emptyActivity();
const listeners = new Set<() => void>();

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(ACTIVITY_STORAGE_KEY);
  } catch {
    return null;
  }
}

function snapshot(): UserActivity {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = loadActivity({ getItem: () => raw });
  }
  return cached;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACTIVITY_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function updateActivity(change: (activity: UserActivity) => UserActivity): void {
  saveActivity(change(snapshot()));
  listeners.forEach((listener) => listener());
}

export function useUserActivity(): UserActivity {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Counts a view of `path` and adds the time spent on it when the user leaves (or the tab goes away). */
export function useTrackPage(path: string): void {
  useEffect(() => {
    let started = Date.now();
    updateActivity((a) => withPageView(a, path, new Date()));
    const flush = () => {
      const now = Date.now();
      updateActivity((a) => withTimeSpent(a, path, now - started));
      started = now;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [path]);
}
