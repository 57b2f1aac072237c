import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/** A lazy page whose chunk can be fetched ahead of rendering (on nav hover, or with the entry). */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/** On the server: the lazy parts of the pages loaded so far, not yet loaded themselves (see loadEveryLazyPart). */
const notLoadedOnServer = new Set<() => Promise<unknown>>();

/**
 * The server renders a page's first screen in one pass that cannot wait for a chunk (a lazy part
 * would go out as its fallback, which the browser counts as a failed render and draws again): so
 * it loads the lazy parts (`lazyNamed`) of the pages it renders once, at start (entry-server.tsx).
 * A part that is not on the first screen (a dialog, a tab the address does not open) is loaded but
 * not drawn; for one the server drew, the browser waits for its chunk before hydrating it.
 */
export async function loadEveryLazyPart(): Promise<void> {
  // A part's module may define more lazy parts: until none is left.
  while (notLoadedOnServer.size > 0) {
    const loads = [...notLoadedOnServer];
    notLoadedOnServer.clear();
    await Promise.all(loads.map((load) => load()));
  }
}

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

/**
 * `lazyPage` for a component that its module exports by name: `lazyNamed(() =>
 * import('./x-dialog').then((m) => m.XDialog))`, for dialogs and tabs loaded on intent.
 */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  const part = lazyPage<P>(() => load().then((component) => ({ default: component })));
  if (import.meta.env.SSR) notLoadedOnServer.add(part.preload);
  return part;
}

/** Starts loading a page's chunk if it can be preloaded (a plain React.lazy page cannot). */
export function preloadPage(page: unknown): Promise<unknown> {
  const preload = (page as Partial<LazyPage> | undefined)?.preload;
  return typeof preload === 'function' ? preload().catch(() => undefined) : Promise.resolve();
}

/**
 * Renders `children` (typically a lazy dialog) from the first time `when` is true, and keeps them
 * mounted afterwards so closing still animates and reopening is instant. Nothing while the chunk
 * loads, nor before the page is alive: a server render cannot wait for a lazy chunk (React gives
 * up the page's markup, error 419), so a dialog its address opens (?action=…) comes after hydration.
 */
export function MountWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(when);
  const hydrated = useHydrated();
  if (when && !seen) setSeen(true);
  return seen && hydrated ? createElement(Suspense, { fallback: null }, children) : null;
}
