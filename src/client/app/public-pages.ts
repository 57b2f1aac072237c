import { lazyPage, preloadPage, type LazyPage } from '@/lib/lazy-page';
import { lazyQueryPage } from './lazy-query-page';

// The public-layout pages, each its own chunk. Marketing pages are plain React (no TanStack
// Query, no Radix); the two that call the API load the query layer with them.
export const LandingPage = lazyPage(() => import('@/features/marketing/landing-page'));

/** Path → page; any other public path shows the landing page. */
export const PUBLIC_PAGES: readonly { path: string; page: LazyPage }[] = [
  { path: '/features', page: lazyPage(() => import('@/features/marketing/features-page')) },
  { path: '/pricing', page: lazyPage(() => import('@/features/marketing/pricing-page')) },
  { path: '/about', page: lazyPage(() => import('@/features/marketing/about-page')) },
  { path: '/demo', page: lazyPage(() => import('@/features/marketing/demo-page')) },
  { path: '/onboarding', page: lazyQueryPage(() => import('@/features/onboarding/onboarding-page')) },
  { path: '/godaddy', page: lazyQueryPage(() => import('@/features/registrar/registrar-page')) },
];

/** Fetches the chunk of the public page at `path` (the landing page for any other path). */
export function preloadPublicPage(path: string): Promise<unknown> {
  return preloadPage(PUBLIC_PAGES.find((p) => p.path === path)?.page ?? LandingPage);
}
