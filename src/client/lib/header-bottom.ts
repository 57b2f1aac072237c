import { useSyncExternalStore } from 'react';

// Where the signed-in app's sticky header ends (offline and demo banners included), so a phone's
// toasts appear under it instead of over the banner that says the screen is offline. Kept here and
// set on the toasts' own element: a variable on <html> restyled the whole page each time (~20 ms
// on a phone, on every page's first screen).

let bottom = 0;
const listeners = new Set<() => void>();

export function setHeaderBottom(px: number): void {
  if (px === bottom) return;
  bottom = px;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The header's bottom edge in px; 0 where there is no signed-in header. */
export function useHeaderBottom(): number {
  return useSyncExternalStore(
    subscribe,
    () => bottom,
    () => 0,
  );
}
