import { useSyncExternalStore } from 'react';

// What the phone shows and keeps while it has no network (decision 027): whether the data on
// screen came from this device (the service worker's copy, public/../service-worker.js) and
// from when, and the changes made meanwhile, sent in order once the network is back.

/** A change made offline, waiting on this device to be sent. */
export interface QueuedChange {
  url: string;
  method: 'PATCH' | 'POST';
  body: unknown;
  /** What the owner did, in words ("Maria Lopez: contacted"). */
  label: string;
  queuedAt: string;
}

/** What sending a queued change came to. */
export type ReplayResult =
  { change: QueuedChange; sent: true } | { change: QueuedChange; sent: false; message: string };

const QUEUE_KEY = 'fieldwise.offline-queue';

interface OfflineState {
  /** When the data shown was fetched, when it came from this device; else null. */
  fetchedAt: string | null;
  queued: number;
}

let state: OfflineState = { fetchedAt: null, queued: 0 };
const listeners = new Set<() => void>();

function set(next: Partial<OfflineState>) {
  if (Object.entries(next).every(([k, v]) => state[k as keyof OfflineState] === v)) return;
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function readQueue(): QueuedChange[] {
  try {
    const raw = localStorage.getItem(QUEUE_KEY);
    return raw ? (JSON.parse(raw) as QueuedChange[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: QueuedChange[]) {
  if (queue.length) localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
  else localStorage.removeItem(QUEUE_KEY);
  set({ queued: queue.length });
}

/** Reads the page's own mark (a page served offline) and the queue left by an earlier visit. */
export function startOffline(): void {
  if (typeof document === 'undefined') return;
  const mark = document.querySelector('meta[name="fieldwise-offline"]')?.getAttribute('content');
  set({ fetchedAt: mark || null, queued: readQueue().length });
}

/** apiFetch tells each answer here: one from this device's copy marks the screen as offline. */
export function noteAnswer(res: Response): void {
  if (res.headers.get('x-fieldwise-offline')) {
    const at = res.headers.get('x-fieldwise-fetched-at');
    // The oldest copy on screen is the one to name.
    if (at && (!state.fetchedAt || at < state.fetchedAt)) set({ fetchedAt: at });
  } else if (res.ok && navigator.onLine) {
    set({ fetchedAt: null });
  }
}

export function queueChange(change: Omit<QueuedChange, 'queuedAt'>): void {
  writeQueue([...readQueue(), { ...change, queuedAt: new Date().toISOString() }]);
}

let replaying: Promise<ReplayResult[]> | null = null;

/**
 * Sends the queued changes in the order they were made. A change the server refuses is dropped
 * with its message (the caller says so); one the network does not carry stays for the next try.
 */
export function replayQueue(send: (change: QueuedChange) => Promise<Response>): Promise<ReplayResult[]> {
  replaying ??= (async () => {
    const results: ReplayResult[] = [];
    for (const change of readQueue()) {
      let res: Response;
      try {
        res = await send(change);
      } catch {
        break;
      }
      writeQueue(readQueue().filter((c) => c.queuedAt !== change.queuedAt || c.url !== change.url));
      if (res.ok) results.push({ change, sent: true });
      else {
        const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
        const message = typeof body?.message === 'string' ? body.message : `The server answered ${res.status}.`;
        results.push({ change, sent: false, message });
      }
    }
    return results;
  })().finally(() => (replaying = null));
  return replaying;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onChange = () => listener();
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const SERVER: OfflineState & { online: boolean } = { fetchedAt: null, queued: 0, online: true };
let snapshot = { ...state, online: true };
function getSnapshot() {
  const online = navigator.onLine;
  // The usual case is the server's own snapshot: React then has nothing to redraw after hydrating.
  if (online && state.fetchedAt === SERVER.fetchedAt && state.queued === SERVER.queued) return SERVER;
  if (snapshot.fetchedAt !== state.fetchedAt || snapshot.queued !== state.queued || snapshot.online !== online)
    snapshot = { ...state, online };
  return snapshot;
}

/** Whether the device is offline, since when its data is, and how many changes wait to be sent. */
export function useOffline(): OfflineState & { online: boolean } {
  return useSyncExternalStore(subscribe, getSnapshot, () => SERVER);
}

/** Asks the service worker to forget the business's data kept on this device (signing out). */
export function forgetOfflineData(): void {
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller)
    navigator.serviceWorker.controller.postMessage('forget-data');
  if (typeof localStorage !== 'undefined') localStorage.removeItem(QUEUE_KEY);
}
