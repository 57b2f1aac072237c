import { lazy, type ComponentType } from 'react';
import { BeingBuilt } from '@/components/being-built';

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
}

/** An area that has not shipped yet: the honest "being built" notice. */
function comingSoon(area: string): ComponentType {
  return function ComingSoon() {
    return <BeingBuilt area={area} />;
  };
}

const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));
const dashboard = { title: 'Dashboard', subtitle: 'Your marketing performance overview', page: DashboardPage };

/**
 * Every signed-in route, tabs in the order of the top navigation; everything here renders inside
 * the route guard. A new area adds its entry here (and replaces its comingSoon with its page).
 */
const SIGNED_IN_ROUTES = [
  { path: '/dashboard', ...dashboard, tab: 'Dashboard', exactTab: true },
  { path: '/felix', ...dashboard },
  { path: '/app', ...dashboard },
  {
    path: '/social',
    title: 'Social Media',
    subtitle: 'Create, schedule and publish posts across your channels',
    page: lazy(() => import('@/features/social/social-page')),
    tab: 'Social Media',
  },
  {
    path: '/leads',
    title: 'Leads',
    subtitle: 'Track, score and follow up every lead',
    page: lazy(() => import('@/features/leads/leads-page')),
    tab: 'Leads',
  },
  {
    path: '/reviews',
    title: 'Reviews',
    subtitle: 'See every review and reply with AI-drafted responses',
    page: lazy(() => import('@/features/reviews/reviews-page')),
    tab: 'Reviews',
  },
  {
    path: '/analytics',
    title: 'Analytics',
    subtitle: 'Website traffic, sources and performance reports',
    page: comingSoon('Analytics'),
    tab: 'Analytics',
  },
  {
    path: '/keywords',
    title: 'Keywords',
    subtitle: 'Track the searches that bring customers to your door',
    page: comingSoon('Keywords'),
    tab: 'Keywords',
  },
  {
    path: '/website',
    title: 'Website',
    subtitle: 'Write blog posts and landing pages and publish to WordPress',
    page: lazy(() => import('@/features/website/website-page')),
    tab: 'Website',
  },
  {
    path: '/ai-coach',
    title: 'AI Coach',
    subtitle: 'Personal insights and goals to grow your business',
    page: comingSoon('AI Coach'),
    tab: 'AI Coach',
  },
  {
    path: '/businesses',
    title: 'Businesses',
    subtitle: 'Every business you manage, side by side',
    page: lazy(() => import('@/features/businesses/businesses-page')),
  },
  {
    path: '/settings',
    title: 'Settings',
    subtitle: 'Manage your account and preferences',
    page: lazy(() => import('./settings-with-areas')),
  },
  {
    path: '/reports',
    title: 'Reports',
    subtitle: 'Generate and compare website performance reports',
    page: comingSoon('Analytics reports'),
  },
  {
    path: '/seo',
    title: 'SEO Optimization',
    subtitle: 'Track the searches that bring customers to your door',
    page: comingSoon('Keywords'),
  },
  {
    path: '/subscribe',
    title: 'Subscription',
    subtitle: 'Choose the plan that fits your business',
    page: lazy(() => import('@/features/billing/subscribe-page')),
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
