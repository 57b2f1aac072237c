import type { ComponentType } from 'react';
import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/**
 * A lazy page that uses TanStack Query: its chunk and the query layer (not part of the entry, so
 * marketing pages never load it) are fetched together, and the page renders inside the provider.
 */
export function lazyQueryPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  return lazyPage(() =>
    Promise.all([import('./query-scope'), load()]).then(([scope, page]) => ({
      default: scope.withQueryScope(page.default),
    })),
  );
}
