import { createContext, useContext, useEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { Router, useRouter } from 'wouter';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';

interface At {
  path: string;
  search: string;
}

// Two contexts: a tab or filter written into the search redraws what reads the search, not every
// reader of the path (the whole shell).
const PathContext = createContext('/');
const SearchContext = createContext('');
const useAtPath = (): [string, typeof navigate] => [useContext(PathContext), navigate];
const useAtSearch = () => useContext(SearchContext);
const here = (): At => ({ path: location.pathname, search: location.search });

/**
 * The signed-in app's router, whose forward navigations are transitions (decision 045). Wouter's
 * own location is an external store, which React always redraws at once: a tap on a link built the
 * whole next page before the browser could paint the tap (150-180 ms at 4x CPU for the post wizard
 * or an inbox thread). Here the location is React state: a link followed (a history push) changes it
 * in a transition, so the tap paints at once and the next page is drawn in the background, in slices
 * the browser can answer between; the page being left stays, usable, until the next one is ready
 * (its code and data included), with a thin bar at the top when that takes a moment. The address
 * rewritten in place (a tab, a filter) and Back and Forward change it at once, as before: they
 * keep the tap's own feedback and the browser's scroll restoring.
 */
export function TransitionRouter({ children }: { children: ReactNode }) {
  const parent = useRouter();
  const [at, setAt] = useState<At>(() =>
    // On the server, the address being rendered; in the browser, the one it shows.
    parent.ssrPath === undefined ? here() : { path: parent.ssrPath, search: parent.ssrSearch ?? '' },
  );
  const [pending, startTransition] = useTransition();
  // Under a router of its own kind (a test's memory location), that one stays in charge.
  const browser = parent.hook === useBrowserLocation;
  useEffect(() => {
    if (!browser) return;
    const sync = () =>
      setAt((was) => (was.path === location.pathname && was.search === location.search ? was : here()));
    const push = () => startTransition(sync);
    const atOnce = ['replaceState', 'popstate', 'hashchange'];
    addEventListener('pushState', push);
    for (const type of atOnce) addEventListener(type, sync);
    sync(); // an address changed before this listened
    return () => {
      removeEventListener('pushState', push);
      for (const type of atOnce) removeEventListener(type, sync);
    };
  }, [browser]);
  if (!browser) return children;
  return (
    <Router hook={useAtPath} searchHook={useAtSearch}>
      <PathContext.Provider value={at.path}>
        <SearchContext.Provider value={at.search}>
          <NavigationBar pending={pending} />
          {children}
        </SearchContext.Provider>
      </PathContext.Provider>
    </Router>
  );
}

/**
 * The bar at the top while the next page is on its way: it shows only after 150 ms (a quick page
 * shows none) and creeps towards the end, as the browser's own would. It is always there, on a
 * layer of its own, and only its transform moves: putting an element over the page at the tap
 * would have the whole page painted again (150 ms at 4x CPU on a phone-sized dashboard).
 */
function NavigationBar({ pending }: { pending: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!pending) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const creep = ref.current?.animate?.(
      still
        ? [{ transform: 'scaleX(0.5)' }, { transform: 'scaleX(0.5)' }]
        : [{ transform: 'scaleX(0)' }, { transform: 'scaleX(0.3)', offset: 0.2 }, { transform: 'scaleX(0.9)' }],
      { duration: 8000, delay: 150, easing: 'ease-out', fill: 'both' },
    );
    return () => creep?.cancel();
  }, [pending]);
  return (
    <div
      ref={ref}
      role="progressbar"
      aria-label="Opening the page"
      aria-hidden={!pending}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 bg-brand-500"
      style={{ height: 3, transform: 'scaleX(0)', transformOrigin: 'left', willChange: 'transform' }}
    />
  );
}
