import { useEffect, useMemo, useState } from 'react';
import { Lightbulb } from 'lucide-react';
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

/** Phones start with the widget folded into its button so it never sits over the page unasked. */
function isPhoneWidth(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 639px)').matches;
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
  const [open, setOpen] = useState(() => !isPhoneWidth());
  useTrackPage(path);
  const problems = useConnectionProblems();
  const hints = useMemo(
    () => [...connectionHints(path, problems), ...selectHints(path, activity, now)],
    [path, activity, now, problems],
  );

  const act = (hint: Hint) => {
    if (!hint.action) return;
    const { id: action, target } = hint.action;
    updateActivity((a) => withCompletedAction(a, hint.id, action));
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
        className="fixed right-20 bottom-22 z-30 sm:bottom-6 inline-flex h-10 items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3.5 text-sm font-semibold text-slate-800 shadow-md hover:bg-slate-50"
      >
        <Lightbulb aria-hidden="true" className="size-4 text-accent-600" />
        Felix Hints
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
