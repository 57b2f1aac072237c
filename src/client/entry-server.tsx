// The server's renderer of a signed-in page's first screen (decision 014): built by Vite for Node
// (`vite build --ssr`, see scripts/build-client.mjs) and called by server/plugins/server-render.ts for a
// route marked `serverRendered`. The same components as in the browser, which then hydrates the
// HTML instead of drawing it again.
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { TAuthUser } from '@shared/schemas/auth';
import type { ApiCall, RenderSignedInPage } from '@shared/server-render';
import { LATER_QUERIES, SIGNED_IN_ROUTES, SIGNED_IN_SHELL_QUERIES, subPageQueries } from '@shared/signed-in-routes';
import { App } from './app/app';
import { preloadPath } from './app/router';
import { signedInRouteFor } from './app/signed-in/routes';
import { brandVariables } from './features/settings/brand-style';
import { setServerTransport } from './lib/api';
import { authKeys, settingsKeys } from './lib/query-keys';
import { createQueryClient } from './lib/query-client';
import { loadEveryLazyPart } from './lib/lazy-page';

/** A call the page makes that the server does not answer while rendering: it stays for the browser. */
class LeftForTheBrowser extends Error {}

const requestCalls = new AsyncLocalStorage<ApiCall>();
setServerTransport((url, init) => {
  const call = requestCalls.getStore();
  if (!call || (init.method ?? 'GET') !== 'GET') return Promise.reject(new LeftForTheBrowser(url));
  return call(url);
});

/**
 * Renders rounds: the session check first, then what the shell and the page ask once it is known,
 * then the page's later queries (asked once those answers allow). Four are needed; one more is spare.
 */
const MAX_ROUNDS = 5;

/**
 * Loads the chunks of every server-rendered page and every lazy part in them, so the first visitor
 * after a start does not wait for them and a part on the first screen (the tab the address opens)
 * is drawn, not left to the browser.
 */
export async function loadServerRenderedPages(): Promise<void> {
  await Promise.all(
    SIGNED_IN_ROUTES.filter((route) => 'serverRendered' in route && route.serverRendered).map((route) =>
      preloadPath(route.path),
    ),
  );
  await loadEveryLazyPart();
}

/**
 * Null when the route is not server-rendered or nobody is signed in (the browser then renders the
 * page as before). Only the route's declared first queries and the shell's are answered, then its
 * later ones and those of the item its address names (subPageQueries); any other query renders as
 * it does in the browser while it loads.
 */
export const renderSignedInPage: RenderSignedInPage = async (url, api) => {
  const path = url.split('?')[0] ?? '/';
  const route = signedInRouteFor(path);
  if (!route?.serverRendered) return null;
  const first = new Set<string>([...SIGNED_IN_SHELL_QUERIES, ...(route.firstQueries ?? [])]);
  const later = new Set([...(LATER_QUERIES[route.path] ?? []), ...subPageQueries(path)]);
  await preloadPath(path);

  // Every first answer the page may be drawn from starts at once, in parallel; the rounds take
  // them as the render asks for them (the session check first, then the shell's and the page's).
  // A later query starts when the render asks it.
  const started = new Map(
    [...first].map((call) => {
      const answer = api(call);
      answer.catch(() => undefined); // one the render does not take is not an unhandled rejection
      return [call, answer];
    }),
  );
  const used: string[] = [];
  const take = (call: string) => {
    const answer = started.get(call) ?? (later.has(call) ? api(call) : undefined);
    if (!answer) return Promise.reject(new LeftForTheBrowser(call));
    started.delete(call);
    later.delete(call);
    used.push(call);
    return answer;
  };
  const client = createQueryClient();
  try {
    const html = await requestCalls.run(take, () => renderInRounds(client, url));
    const user = client.getQueryData<TAuthUser | null>(authKeys.user());
    if (!user) return null;
    return {
      html,
      used,
      state: dehydrate(client),
      htmlStyle: brandVariables(client.getQueryData(settingsKeys.branding()))
        .map(([name, value]) => `${name}:${value}`)
        .join(';'),
    };
  } finally {
    client.clear(); // its queries' garbage-collection timers would keep the request alive
  }
};

async function renderInRounds(client: QueryClient, url: string): Promise<string> {
  const render = () =>
    renderToString(
      <StrictMode>
        <App queryClient={client} ssrPath={url} />
      </StrictMode>,
    );
  const cache = client.getQueryCache();
  const tried = new Set<string>();
  let html = render();
  for (let round = 1; round < MAX_ROUNDS; round++) {
    const waiting = cache.getAll().filter((q) => q.state.status === 'pending' && !tried.has(q.queryHash));
    if (waiting.length === 0) break;
    for (const query of waiting) tried.add(query.queryHash);
    await Promise.allSettled(waiting.map((query) => query.fetch()));
    // A query left for the browser (or failed) renders as loading, exactly as the browser's
    // hydrating render will see it, instead of an error it would not show.
    for (const query of cache.getAll()) if (query.state.status !== 'success') cache.remove(query);
    html = render();
  }
  return html;
}

// The public pages' renderer (server/plugins/public-pages.ts) comes in the same bundle.
export { PUBLIC_RENDERED_PATHS, QUERY_READING_PATHS, renderPublicPage } from './entry-public';
