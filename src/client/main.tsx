import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPath } from './app/router';
import { fetchEarly } from './lib/early-fetch';
import { signedInRouteFor } from './app/signed-in/routes';
import { SIGNED_IN_SHELL_QUERIES } from '@shared/signed-in-routes';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Everything the first page needs starts now, together, unless the HTML has started it already
// (server/plugins/route-preloads.ts): on a signed-in page the shell's and the page's first
// queries, the shell's chunk and the page's chunk (no waterfall).
const path = window.location.pathname;
const route = signedInRouteFor(path);
if (route) for (const url of [...SIGNED_IN_SHELL_QUERIES, ...(route.firstQueries ?? [])]) fetchEarly(url);
// The first render waits (briefly) for the page's chunk, so the page appears whole instead of a
// spinner that it then pushes away (a layout shift).
const FIRST_PAINT_WAIT_MS = 3000;
void Promise.race([
  preloadPath(path).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
