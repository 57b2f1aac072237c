import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server renders a page and while the browser hydrates that HTML, true after it
 * (and at once on a page the browser renders alone). What depends on the device (its width, its
 * storage) renders from here on, so the hydrating render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
