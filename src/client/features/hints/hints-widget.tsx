import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Lightbulb } from 'lucide-react';
import { HINT_CLOSED_COOKIE, withHintClosed } from '@shared/hint-column';
import { useLocation } from 'wouter';
import { apiFetch } from '@/lib/api';
import { useHydrated } from '@/lib/use-hydrated';
import type { Hint } from './hint-catalog';
import { HintCard } from './hint-card';
import { useConnectionProblems } from '@/lib/connections/connections-api';
import { connectionHints, selectHints } from './select-hints';
import { updateActivity, useTrackPage, useUserActivity } from './use-user-activity';
import { pathOf, withCompletedAction, withDismissed } from './user-activity';

/** How often the business-hours hint re-checks the clock. */
const CLOCK_TICK_MS = 60_000;

/**
 * Below 1280 px the widget starts folded into its button, so it never sits over the page unasked;
 * from 1280 px the page keeps a column free beside it while it is open (styles.css, [data-hint-card]).
 */
function isNarrowWidth(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 1279px)').matches;
}

const FOLDED_KEY = 'fieldwise.hints.folded';

/** The pages on which the card was closed, dismissed or acted on (this browser). */
function foldedPages(): Set<string> {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(FOLDED_KEY) ?? '[]');
    return new Set(Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : []);
  } catch {
    return new Set();
  }
}

function saveFolded(pages: Set<string>): void {
  try {
    localStorage.setItem(FOLDED_KEY, JSON.stringify([...pages].slice(-100)));
  } catch {
    // Storage full or blocked: the card folds for this visit only.
  }
}

/** A year, in seconds: how long the browser remembers where the card stayed shut. */
const REMEMBERED_S = 365 * 24 * 3600;

function readCookie(name: string): string | undefined {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1));
}

/**
 * Once the widget has decided on a page: on a wide screen, remembers for the server whether the
 * card opened there (shared/hint-column.ts); then the card itself holds its column (styles.css) or
 * leaves none, and the server's mark for the first paint goes. Before the paint, so the column the
 * page was drawn with stays until the card takes it.
 */
function useHintColumn(path: string, opened: boolean): void {
  useLayoutEffect(() => {
    if (!isNarrowWidth()) {
      const value = withHintClosed(readCookie(HINT_CLOSED_COOKIE), path, !opened);
      const secure = window.location.protocol === 'https:' ? '; secure' : '';
      document.cookie = `${HINT_CLOSED_COOKIE}=${encodeURIComponent(value)}; path=/; max-age=${REMEMBERED_S}; samesite=lax${secure}`;
    }
    document.documentElement.removeAttribute('data-hint-column');
  }, [path, opened]);
}

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The floating hints widget of the spec. It opens folded or not by the screen's width and picks
 * hints by the device's clock, so it appears once the page runs in the browser, not in a
 * server-rendered page's HTML (which knows neither).
 */
export function HintsWidget() {
  return useHydrated() ? <HintsWidgetOnDevice /> : null;
}

function HintsWidgetOnDevice() {
  const [location, navigate] = useLocation();
  const path = pathOf(location);
  const activity = useUserActivity();
  const now = useClock();
  // The card opens by itself once per page (only where the page can leave room for it); closed or
  // acted on, it stays folded into its button on that page from then on, so it never covers the
  // owner's work.
  const [folded, setFolded] = useState<Set<string>>(foldedPages);
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn === path || (!isNarrowWidth() && !folded.has(path));
  const fold = () => {
    setOpenedOn(null);
    setFolded((f) => {
      const next = new Set(f).add(path);
      saveFolded(next);
      return next;
    });
  };
  const setOpen = (value: boolean) => (value ? setOpenedOn(path) : fold());
  useTrackPage(path);
  const problems = useConnectionProblems();
  const hints = useMemo(
    () => [...connectionHints(path, problems), ...selectHints(path, activity, now)],
    [path, activity, now, problems],
  );

  useHintColumn(path, open && hints.length > 0);

  const act = (hint: Hint) => {
    if (!hint.action) return;
    const { id: action, target } = hint.action;
    updateActivity((a) => withCompletedAction(a, hint.id, action));
    fold();
    // A failed record is only logged; the user goes where they asked either way.
    apiFetch('/api/felix/hint-action', {
      method: 'POST',
      body: { hintId: hint.id, action, timestamp: new Date().toISOString() },
    }).catch((error: unknown) => console.warn(`Hint action ${hint.id}:${action} not recorded`, error));
    navigate(target);
  };

  if (!open || hints.length === 0) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-expanded={false}
        title={hints.length === 0 ? 'No hints for this page right now' : undefined}
        data-lift
        // A phone shows the bulb alone, a 44 px round target, so it covers little of the page.
        className="fixed right-20 bottom-22 z-30 inline-flex items-center justify-center gap-1.5 rounded-full border border-slate-200 bg-white text-sm font-semibold text-slate-800 shadow-md hover:bg-slate-50 max-sm:size-11 sm:bottom-6 sm:h-10 sm:px-3.5"
      >
        <Lightbulb aria-hidden="true" className="size-5 text-accent-600 sm:size-4" />
        <span className="max-sm:sr-only">Felix Hints</span>
      </button>
    );
  }

  return (
    <HintCard
      key={path}
      hints={hints}
      onClose={() => setOpen(false)}
      onAction={act}
      onDismiss={(hint) => updateActivity((a) => withDismissed(a, hint.id))}
    />
  );
}
