import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { TSessionBatch } from '@shared/schemas/coach';
import { apiFetch } from '@/lib/api';

// Records how the app is used, for the coach's metric cards: pages visited, seconds with the tab
// visible, buttons used and clicks, sent in one small batch a minute (and when the tab hides).

export const FLUSH_MS = 60_000;
const SESSION_KEY = 'fieldwise.coach-session';

function sessionId(): { id: string; startedAt: string } {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as { id: string; startedAt: string } | null;
    if (saved?.id) return saved;
  } catch {
    // A broken value starts a new session.
  }
  const fresh = { id: crypto.randomUUID(), startedAt: new Date().toISOString() };
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(fresh));
  } catch {
    // Private mode: the session lasts as long as the page.
  }
  return fresh;
}

const deviceType = (): TSessionBatch['deviceType'] =>
  window.innerWidth < 640 ? 'mobile' : window.innerWidth < 1024 ? 'tablet' : 'desktop';

/** The label of the button or link a click landed on, as the action it stands for. */
function actionOf(target: EventTarget | null): string | null {
  const el = target instanceof Element ? target.closest('button, [role="button"], a[href]') : null;
  const label = el?.getAttribute('aria-label') ?? el?.textContent ?? '';
  const text = label.replace(/\s+/g, ' ').trim().slice(0, 100);
  return el?.tagName === 'BUTTON' && text ? text : null;
}

export function useEngagementTracker(): void {
  const [location] = useLocation();
  const pending = useRef({ pages: new Set<string>(), actions: [] as string[], clicks: 0, visibleSince: 0, seconds: 0 });

  useEffect(() => {
    pending.current.pages.add(location);
  }, [location]);

  useEffect(() => {
    const p = pending.current;
    p.visibleSince = Date.now();
    // Time counts only while the tab is visible. On visibilitychange the state is already the new
    // one: hiding adds the stretch that just ended; showing again only restarts the clock.
    let visible = document.visibilityState === 'visible';
    const tally = () => {
      if (visible) p.seconds += (Date.now() - p.visibleSince) / 1000;
      p.visibleSince = Date.now();
    };
    const flush = () => {
      tally();
      const seconds = Math.min(3600, Math.round(p.seconds));
      if (seconds === 0 && p.actions.length === 0 && p.pages.size === 0) return;
      const s = sessionId();
      const batch: TSessionBatch = {
        sessionId: s.id,
        startedAt: s.startedAt,
        seconds,
        pages: [...p.pages].slice(0, 50),
        actions: p.actions.slice(0, 50),
        clicks: Math.min(p.clicks, 10_000),
        deviceType: deviceType(),
      };
      p.pages = new Set();
      p.actions = [];
      p.clicks = 0;
      p.seconds = 0;
      apiFetch('/api/ai-coach/sessions', { method: 'POST', body: batch, keepalive: true }).catch(() => undefined);
    };
    const onClick = (e: MouseEvent) => {
      p.clicks += 1;
      const action = actionOf(e.target);
      if (action) p.actions.push(action);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        flush();
        visible = false;
      } else {
        visible = true;
        p.visibleSince = Date.now();
      }
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('visibilitychange', onVisibility);
    const timer = window.setInterval(flush, FLUSH_MS);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearInterval(timer);
      flush();
    };
  }, []);
}
