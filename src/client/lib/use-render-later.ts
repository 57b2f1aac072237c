import { useDeferredValue } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * For the heavy part of a page that is not what the user asked for (a list below the first
 * screen): false on the render a click or navigation makes, true in a background render React
 * starts right after it, so the tap's next paint shows the page's top at once and the rest follows
 * (issue 39: the time to that paint is the interaction's INP). True at once while hydrating, so
 * the server's HTML, which has every part, is taken over as it is.
 */
export function useRenderLater(): boolean {
  const hydrated = useHydrated();
  return useDeferredValue(true, !hydrated);
}
