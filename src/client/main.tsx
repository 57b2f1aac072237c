import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPath } from './app/router';
import { fetchEarly } from './lib/early-fetch';
import { holdEarlyClicks } from './lib/page-ready';
import { signedInRouteFor } from './app/signed-in/routes';
import { SIGNED_IN_SHELL_QUERIES } from '@shared/signed-in-routes';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const path = window.location.pathname;

// The server drew the page's first screen: a signed-in page with its first queries' answers
// (entry-server.tsx), or a public page (entry-public.tsx).
if (root.hasChildNodes()) {
  // A click on the server's markup before React has taken it over is held and given back then.
  holdEarlyClicks();
  // It is on screen already. Once the shell's and the page's chunks are here (the HTML started
  // them), the page comes alive on that markup; lib/query-client takes in the answers. First
  // queries it did not answer, the HTML has started: their answers are taken over, not asked again.
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=fetch]'))
    fetchEarly(link.getAttribute('href') ?? '');
  // The markup is painted before the chunks run and hydrate it: their work would otherwise hold
  // the first paint back until they are done (a frame is drawn between the animation frame and
  // the timer after it).
  const painted = new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  void painted
    .then(() => preloadPath(path, window.location.search))
    .catch(() => undefined)
    .then(() =>
      // As a transition, React hydrates in slices of a few milliseconds between which the browser
      // answers the visitor, instead of one long task of the whole page (~0.5 s on a slow phone).
      startTransition(() => {
        hydrateRoot(root, app, {
          // React then redraws the part that differed; say so, as a server/browser mismatch is a bug.
          onRecoverableError: (error) => console.error('Hydration mismatch:', error),
        });
      }),
    );
} else {
  // Everything the first page needs starts now, together, unless the HTML has started it already
  // (server/plugins/route-preloads.ts): on a signed-in page the shell's and the page's first
  // queries, the shell's chunk and the page's chunk (no waterfall).
  const route = signedInRouteFor(path);
  if (route) for (const url of [...SIGNED_IN_SHELL_QUERIES, ...(route.firstQueries ?? [])]) fetchEarly(url);
  // The first render waits (briefly) for the page's chunk, so the page appears whole instead of a
  // spinner that it then pushes away (a layout shift).
  const FIRST_PAINT_WAIT_MS = 3000;
  void Promise.race([
    preloadPath(path, window.location.search).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
  ]).then(() => createRoot(root).render(app));
}

// The service worker (the app opens offline, decision 027) is registered once the page has
// loaded, so it never competes with the first paint; only in a build (Vite's dev server has none).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
