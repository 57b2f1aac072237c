import type { SignedInPath } from '../paths';

/** The top tabs of spec-1 §2, in order. */
export const APP_TABS = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/social', label: 'Social Media' },
  { href: '/leads', label: 'Leads' },
  { href: '/reviews', label: 'Reviews' },
  { href: '/analytics', label: 'Analytics' },
  { href: '/keywords', label: 'Keywords' },
  { href: '/website', label: 'Website' },
  { href: '/ai-coach', label: 'AI Coach' },
] as const;

/**
 * A tab is active when the path equals its route or lies under it (/leads/42 keeps Leads
 * active); Dashboard needs an exact match. The prefix is matched per path segment so that
 * /leadsx does not light up Leads.
 */
export function isTabActive(path: string, href: string): boolean {
  if (href === '/dashboard') return path === href;
  return path === href || path.startsWith(`${href}/`);
}

export interface PageMeta {
  title: string;
  subtitle: string;
}

const DASHBOARD: PageMeta = { title: 'Dashboard', subtitle: 'Your marketing performance overview' };

/** Header title and subtitle per signed-in route. */
export const PAGE_META: Record<SignedInPath, PageMeta> = {
  '/dashboard': DASHBOARD,
  '/felix': DASHBOARD,
  '/app': DASHBOARD,
  '/social': { title: 'Social Media', subtitle: 'Create, schedule and publish posts across your channels' },
  '/leads': { title: 'Leads', subtitle: 'Track, score and follow up every lead' },
  '/reviews': { title: 'Reviews', subtitle: 'See every review and reply with AI-drafted responses' },
  '/analytics': { title: 'Analytics', subtitle: 'Website traffic, sources and performance reports' },
  '/keywords': { title: 'Keywords', subtitle: 'Track the searches that bring customers to your door' },
  '/website': { title: 'Website', subtitle: 'Write blog posts and landing pages and publish to WordPress' },
  '/ai-coach': { title: 'AI Coach', subtitle: 'Personal insights and goals to grow your business' },
  '/settings': { title: 'Settings', subtitle: 'Manage your account and preferences' },
  '/reports': { title: 'Reports', subtitle: 'Generate and compare website performance reports' },
  '/seo': { title: 'SEO Optimization', subtitle: 'Track the searches that bring customers to your door' },
  '/subscribe': { title: 'Subscription', subtitle: 'Choose the plan that fits your business' },
};
