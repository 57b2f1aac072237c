import { createElement, lazy, useState, type ComponentType } from 'react';

/** A lazy page whose chunk can be fetched ahead of rendering (on nav hover, or with the entry). */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Like React.lazy, plus `preload()`: both share one import. Unlike React.lazy, a page whose
 * chunk has already arrived renders at once instead of suspending for a tick, so the first
 * render after main.tsx's preload shows the page itself, not the Suspense spinner that it would
 * then push away (a layout shift). A failed load is forgotten, so the next try asks again.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function LazyPageComponent(props: P) {
    // Chosen once per mount, so a page never remounts when its chunk arrives.
    const [Page] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Page, props);
  }
  return Object.assign(LazyPageComponent, { preload });
}

/** Starts loading a page's chunk if it can be preloaded (a plain React.lazy page cannot). */
export function preloadPage(page: unknown): Promise<unknown> {
  const preload = (page as Partial<LazyPage> | undefined)?.preload;
  return typeof preload === 'function' ? preload().catch(() => undefined) : Promise.resolve();
}

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
