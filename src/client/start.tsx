import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPath } from './app/router';
import { fetchEarly } from './lib/early-fetch';
import { signedInRouteFor } from './app/signed-in/routes';
import { SIGNED_IN_SHELL_QUERIES } from '@shared/signed-in-routes';

// The app itself, loaded by the entry (main.tsx): on server-drawn markup once it is painted, on an
// empty page at once.

const path = () => window.location.pathname;

/** Takes over the server's markup once the page's chunk is here (the entry started it). */
export function hydrate(root: HTMLElement): void {
  void preloadPath(path(), window.location.search)
    .catch(() => undefined)
    .then(() =>
      // As a transition, React hydrates in slices of a few milliseconds between which the browser
      // answers the visitor, instead of one long task of the whole page (~0.5 s on a slow phone).
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <App hydrating />
          </StrictMode>,
          {
            // React then redraws the part that differed; say so, as a server/browser mismatch is a bug.
            onRecoverableError: (error) => console.error('Hydration mismatch:', error),
          },
        );
      }),
    );
}

/** Draws the page the server did not (a page it leaves to the browser, or no server render). */
export function render(root: HTMLElement): void {
  // Everything the first page needs starts now, together, unless the HTML has started it already
  // (server/plugins/route-preloads.ts): on a signed-in page the shell's and the page's first
  // queries, the shell's chunk and the page's chunk (no waterfall).
  const route = signedInRouteFor(path());
  if (route) for (const url of [...SIGNED_IN_SHELL_QUERIES, ...(route.firstQueries ?? [])]) fetchEarly(url);
  // The first render waits (briefly) for the page's chunk, so the page appears whole instead of a
  // spinner that it then pushes away (a layout shift).
  const FIRST_PAINT_WAIT_MS = 3000;
  void Promise.race([
    preloadPath(path(), window.location.search).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
  ]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
