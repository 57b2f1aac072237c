import { createContext, createElement, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/** True unless a HydrationFlag above says the tree is being drawn on the server or hydrated. */
const Hydrated = createContext(true);

/**
 * False while the server renders a page and while the browser hydrates that HTML, true after it
 * (and at once on a page the browser renders alone). What depends on the device (its width, its
 * storage, its clock) renders from here on, so the hydrating render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useContext(Hydrated);
}

/**
 * Around the app: `hydrating` on the server and when the browser hydrates the server's HTML. Once
 * hydrated, what waited for the device is drawn as a transition, in slices between which the
 * browser answers the visitor. (A store read by useSyncExternalStore did it in one synchronous
 * render of every such part together: a long task on a slow phone.)
 */
export function HydrationFlag({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return createElement(Hydrated.Provider, { value: hydrated }, children);
}
