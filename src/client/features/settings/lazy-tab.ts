import type { ComponentType } from 'react';
import { lazyPage, type LazyPage } from '@/lib/lazy-page';

/**
 * A settings tab's component, loaded when its tab first shows (or its trigger is hovered or
 * focused: `preload`), so /settings downloads only the tab it opens on. `load` picks the named
 * export out of the tab's module.
 */
export function lazyTab<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  return lazyPage(() => load().then((component) => ({ default: component })));
}
