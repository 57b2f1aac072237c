import { hydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { SERVER_STATE_ID } from '@shared/server-render';

/**
 * An answer that came with a server-rendered page counts as fresh this long, so the hydrating
 * page does not ask for it again at once (it would, with the default staleTime of 0).
 */
const SERVER_ANSWER_FRESH_MS = 10_000;
/**
 * The queries answered by the page's HTML: when the server made the answer (its
 * `dataUpdatedAt`, which the page may draw from, as the dashboard's "5 minutes ago" does) and
 * how long after that, by this device's clock, the answer stays fresh.
 */
const fromServer = new WeakMap<Query, { at: number; fresh: number }>();

/**
 * No retries on queries or mutations, no refetch on window focus. Requests go out whatever the
 * browser says of its network (decision 027): without one, a read may still be answered by the
 * service worker's copy, and a change is kept on this phone by apiFetch (`queueOffline`) or fails
 * with plain words. TanStack's default ('online') would instead hold both, unseen, from the
 * browser's `offline` event on: a note typed offline showed "Sending…" and never "Saved on this phone".
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        retry: false,
        refetchOnWindowFocus: false,
        // Only until the first answer of its own: after a refetch the time no longer matches.
        staleTime: (query) => {
          const answer = fromServer.get(query);
          return answer?.at === query.state.dataUpdatedAt ? answer.fresh : 0;
        },
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Takes in the answers a server-rendered page was drawn from (entry-server.tsx), before it is
 * hydrated, so the first render in the browser draws the same markup.
 */
function takeServerAnswers(client: QueryClient): void {
  const script = typeof document === 'undefined' ? null : document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return;
  script.remove();
  const state = JSON.parse(script.textContent) as DehydratedState;
  hydrate(client, state);
  // Fresh for a while from when the browser got them, whatever the server's clock says; the
  // server's time stays the answer's, so a page drawn from it draws the same as on the server.
  const now = Date.now();
  for (const { queryHash, state: answer } of state.queries) {
    const query = client.getQueryCache().get(queryHash);
    const at = answer.dataUpdatedAt;
    if (query) fromServer.set(query, { at, fresh: Math.max(0, now - at + SERVER_ANSWER_FRESH_MS) });
  }
}

takeServerAnswers(queryClient);
