import type { ComponentType } from 'react';
import { lazyPage, type LazyPage } from '@/lib/lazy-page';
import { isUnder, SIGNED_IN_ROUTES as ROUTE_DATA, type SignedInRouteData } from '@shared/signed-in-routes';

/** A signed-in route (shared/signed-in-routes.ts) with its page, a lazy chunk. */
export interface SignedInRoute extends SignedInRouteData {
  page: LazyPage;
}

/**
 * A page's module. `preloadParts` fetches the lazy parts the address opens it with (Settings: the
 * tab in ?tab=…), so a server-rendered page hydrates whole, not a part of it later (main.tsx).
 */
interface PageModule {
  default: ComponentType;
  preloadParts?: (search: string) => Promise<unknown>;
}

// Every module a route can name, loaded on demand, keyed by its path under src/client (the
// route table's `module`, which is also Vite's manifest key).
const PAGE_MODULES = Object.fromEntries(
  Object.entries(import.meta.glob<PageModule>(['../../features/*/*-page.tsx', './settings-with-areas.tsx'])).map(
    ([file, load]) => [file.replace(/^\.\.\/\.\.\//, '').replace(/^\.\//, 'app/signed-in/'), load],
  ),
);

// lazyPage (React.lazy plus preload) lets the entry and nav hover fetch a page's chunk early; one
// per module, so /dashboard and /felix (or /keywords and /seo) share a page that never remounts.
const pages = new Map<string, LazyPage>();
function pageOf(module: string): LazyPage {
  const load = PAGE_MODULES[module];
  if (!load) throw new Error(`No page module ${module} for a signed-in route`);
  let page = pages.get(module);
  if (!page) pages.set(module, (page = lazyPage(load)));
  return page;
}

const SIGNED_IN_ROUTES: readonly SignedInRoute[] = ROUTE_DATA.map((route) => ({
  ...route,
  page: pageOf(route.module),
}));

type SignedInPath = (typeof ROUTE_DATA)[number]['path'];

/** Fetches the route's page and the parts the address (`search`) opens it with. */
export async function preloadRoutePage(route: SignedInRoute, search: string): Promise<void> {
  const module = (await route.page.preload()) as PageModule;
  await module.preloadParts?.(search);
}

/** The signed-in route that owns `path`, if any. */
export function signedInRouteFor(path: string): SignedInRoute | undefined {
  return SIGNED_IN_ROUTES.find((route) => isUnder(path, route.path));
}

export function isSignedInPath(path: string): boolean {
  return signedInRouteFor(path) !== undefined;
}

/** The top tabs, in order. */
export const APP_TABS = SIGNED_IN_ROUTES.flatMap((route: SignedInRoute) =>
  route.tab ? [{ href: route.path, label: route.tab }] : [],
);

/**
 * A tab is active when the path equals its route or lies under it (/leads/42 keeps Leads
 * active); Dashboard needs an exact match. The prefix is matched per path segment so that
 * /leadsx does not light up Leads.
 */
export function isTabActive(path: string, href: string): boolean {
  const route: SignedInRoute | undefined = SIGNED_IN_ROUTES.find((r) => r.path === href);
  if (route?.exactTab) return path === href;
  return isUnder(path, href);
}

interface PageMeta {
  title: string;
  subtitle: string;
}

/** Header title and subtitle per signed-in route. */
export const PAGE_META = Object.fromEntries(
  SIGNED_IN_ROUTES.map(({ path, title, subtitle }) => [path, { title, subtitle }]),
) as Record<SignedInPath, PageMeta>;
