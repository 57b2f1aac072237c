import { holdEarlyClicks } from './lib/early-clicks';
import { fetchEarly } from './lib/early-fetch';
import { SERVER_STATE_ID } from '@shared/server-render';
import './styles.css';

// The entry: a few hundred bytes, the only script the HTML names (decision 043). The app comes
// from start.tsx.

/** Once the frame that shows the page is out (the frame after it has begun). */
const painted = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))));

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A page that shows numbers and dates (a signed-in one: drawn with the server's answers, or drawn
// here) has the browser's locale data loaded off the main thread while it paints.
if ((!root.hasChildNodes() || document.getElementById(SERVER_STATE_ID)) && typeof Worker === 'function')
  new Worker(new URL('./lib/intl-warm.worker.ts', import.meta.url), { type: 'module', name: 'intl-warm' });

// The server drew the page's first screen: a signed-in page with its first queries' answers
// (entry-server.tsx), or a public page (entry-public.tsx).
if (root.hasChildNodes()) {
  // A click on the server's markup before React has taken it over is held and given back then.
  holdEarlyClicks();
  // First queries the server did not answer, the HTML has started: their answers are taken over,
  // not asked again.
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=fetch]'))
    fetchEarly(link.getAttribute('href') ?? '');
  // The page is painted whole before its code is even asked for: on a phone's network the
  // ~140 KB of the app's chunks would share the line with the document, and their running would
  // hold the paint back. The HTML lists them inert (<template id="app-modules">); they start once
  // the frame that shows the page is out.
  void painted().then(() => {
    const modules = document.getElementById('app-modules');
    if (modules instanceof HTMLTemplateElement) document.head.append(modules.content);
    void import('./start').then(({ hydrate }) => hydrate(root));
  });
} else {
  void import('./start').then(({ render }) => render(root));
}

// The service worker (the app opens offline, decision 027) is registered a few seconds after the
// page has loaded: installing it keeps every script of the build, which would otherwise take the
// phone's CPU and network from the page's own first work (its hydration, its first answers). Only
// in a build (Vite's dev server has none). The entry runs before the load event.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener(
    'load',
    () => setTimeout(() => void navigator.serviceWorker.register('/sw.js').catch(() => undefined), 5000),
    { once: true },
  );
