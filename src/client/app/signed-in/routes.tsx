import type { ComponentType } from 'react';
import { lazyPage } from '../lazy-page';

/**
 * One signed-in route: its path, the header's title and subtitle, the page (a lazy chunk) and,
 * for the top navigation, its tab label. A route owns its path and everything under it, so
 * `/reviews/42` is the Reviews route; a page reads its own sub-path with wouter's `useRoute`.
 */
export interface SignedInRoute {
  path: `/${string}`;
  title: string;
  subtitle: string;
  page: ComponentType;
  /** Label of its tab in the top navigation; routes without one are reached by links. */
  tab?: string;
  /** The tab is lit only on the path itself, not under it (Dashboard). */
  exactTab?: boolean;
  /**
   * GET URLs the page asks first (exactly as its queries send them): fetched with the entry
   * script, in parallel with the session check and the page's chunk (main.tsx, lib/early-fetch).
   */
  firstQueries?: readonly string[];
}

// lazyPage (React.lazy plus preload) lets the entry and nav hover fetch a page's chunk early.
const DashboardPage = lazyPage(() => import('@/features/dashboard/dashboard-page'));
const KeywordsPage = lazyPage(() => import('@/features/keywords/keywords-page'));
const dashboard = {
  title: 'Dashboard',
  subtitle: 'Your marketing performance overview',
  page: DashboardPage,
  firstQueries: ['/api/dashboard', '/api/dashboard/layout', '/api/felix/next-steps'],
};

/**
 * Every signed-in route, tabs in the order of the top navigation; everything here renders inside
 * the route guard. A new area adds its entry here (and replaces its comingSoon with its page, as
 * `lazyPage(() => import(...))` so that nav hover and the entry can preload it).
 */
const SIGNED_IN_ROUTES = [
  { path: '/dashboard', ...dashboard, tab: 'Dashboard', exactTab: true },
  { path: '/felix', ...dashboard },
  { path: '/app', ...dashboard },
  {
    path: '/social',
    title: 'Social Media',
    subtitle: 'Create, schedule and publish posts across your channels',
    page: lazyPage(() => import('@/features/social/social-page')),
    tab: 'Social Media',
  },
  {
    path: '/leads',
    title: 'Leads',
    subtitle: 'Track, score and follow up every lead',
    page: lazyPage(() => import('@/features/leads/leads-page')),
    tab: 'Leads',
    firstQueries: ['/api/leads', '/api/leads/summary', '/api/leads/analytics/scores'],
  },
  {
    path: '/reviews',
    title: 'Reviews',
    subtitle: 'See every review and reply with AI-drafted responses',
    page: lazyPage(() => import('@/features/reviews/reviews-page')),
    tab: 'Reviews',
  },
  {
    path: '/analytics',
    title: 'Analytics',
    subtitle: 'Website traffic, sources and performance reports',
    page: lazyPage(() => import('@/features/analytics/analytics-page')),
    tab: 'Analytics',
  },
  {
    path: '/keywords',
    title: 'Keywords',
    subtitle: 'Track the searches that bring customers to your door',
    page: KeywordsPage,
    tab: 'Keywords',
  },
  {
    path: '/website',
    title: 'Website',
    subtitle: 'Write blog posts and landing pages and publish to WordPress',
    page: lazyPage(() => import('@/features/website/website-page')),
    tab: 'Website',
  },
  {
    path: '/ai-coach',
    title: 'AI Coach',
    subtitle: 'Personal insights and goals to grow your business',
    page: lazyPage(() => import('@/features/coach/coach-page')),
    tab: 'AI Coach',
  },
  {
    path: '/businesses',
    title: 'Businesses',
    subtitle: 'Every business you manage, side by side',
    page: lazyPage(() => import('@/features/businesses/businesses-page')),
  },
  {
    path: '/settings',
    title: 'Settings',
    subtitle: 'Manage your account and preferences',
    page: lazyPage(() => import('./settings-with-areas')),
  },
  {
    path: '/reports',
    title: 'Reports',
    subtitle: 'Generate and compare website performance reports',
    page: lazyPage(() => import('@/features/analytics/reports-page')),
  },
  {
    path: '/seo',
    title: 'SEO Optimization',
    subtitle: 'Track the searches that bring customers to your door',
    page: KeywordsPage,
  },
  {
    path: '/subscribe',
    title: 'Subscription',
    subtitle: 'Choose the plan that fits your business',
    page: lazyPage(() => import('@/features/billing/subscribe-page')),
  },
] as const satisfies readonly SignedInRoute[];

type SignedInPath = (typeof SIGNED_IN_ROUTES)[number]['path'];

/** True when `path` is `route` or lies under it: /leads/42 is under /leads, /leadsx is not. */
function isUnder(path: string, route: string): boolean {
  return path === route || path.startsWith(`${route}/`);
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
