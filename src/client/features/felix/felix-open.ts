import { useEffect } from 'react';

/**
 * "Chat with Felix" from elsewhere in the app (the account menu): opens the Felix panel over the
 * page the owner is on, without going anywhere.
 */
const requests = new EventTarget();

export function openFelix(): void {
  requests.dispatchEvent(new Event('open'));
}

/** The Felix panel's side: `open` runs on each request. */
export function useFelixOpenRequests(open: () => void): void {
  useEffect(() => {
    requests.addEventListener('open', open);
    return () => requests.removeEventListener('open', open);
  }, [open]);
}
