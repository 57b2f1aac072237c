import { Badge } from '@/components/ui/badge';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { InboxUnreadBadge } from '@/features/inbox/inbox-unread-badge';
import { Link, useLocation } from 'wouter';
import { Logo } from '@/components/brand/logo';
import type { TAuthUser } from '@shared/schemas/auth';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { setHeaderBottom } from '@/lib/header-bottom';
import { SkipLink } from '../skip-link';
import { lazyNamed, preloadPage } from '@/lib/lazy-page';
import { APP_TABS, isTabActive, signedInRouteFor, type SignedInRoute } from './routes';
import { AllPagesNav } from './all-pages-nav';
import { PhoneTabBar } from './phone-tab-bar';
import { UserMenu } from './user-menu';
import { DemoBanner } from './demo-banner';
import { OfflineBanner } from './offline-banner';
import { FelixPanel } from '@/features/felix/felix-panel';
import { HintsWidget } from '@/features/hints/hints-widget';
import { BrandStyle } from '@/features/settings/brand-style';
import { useBranding } from '@/features/settings/settings-api';
import { useEngagementTracker } from '@/features/coach/use-engagement-tracker';

// Only people in more than one business see the switcher, and only once their businesses have
// loaded: its chunk (with Radix's dropdown) is not part of painting the page (decision 014).
const BusinessSwitcher = lazyNamed<object>(() =>
  import('@/features/businesses/business-switcher').then((m) => m.BusinessSwitcher),
);

export function SignedInLayout({
  user,
  route: meta,
  children,
}: {
  user: TAuthUser;
  /** The route being shown: its title and subtitle head the page. */
  route: Pick<SignedInRoute, 'title' | 'subtitle'>;
  children: ReactNode;
}) {
  const [location] = useLocation();
  // A white-label tenant's own name replaces ours in the header and the tab title.
  const brandName = useBranding(true).data?.name || 'Fieldwise';
  usePageMeta(`${meta.title} · ${brandName}`);
  // Time, pages and actions for the coach's metric cards (sent in small batches).
  useEngagementTracker();
  const headerRef = useHeaderBottom();

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <SkipLink />
      <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        {user.demoBusiness ? <DemoBanner /> : null}
        <OfflineBanner />
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link href="/dashboard" className="min-w-0 rounded-md" aria-label={`${brandName} dashboard`}>
            <Logo name={brandName} />
          </Link>
          <div className="flex min-w-0 items-center gap-2">
            {user.tenantMemberships.length > 1 ? (
              <Suspense fallback={null}>
                <BusinessSwitcher />
              </Suspense>
            ) : null}
            <UserMenu user={user} />
          </div>
        </div>
        {/* Phones go by the tab bar at the foot of the screen instead (PhoneTabBar). */}
        <nav aria-label="Sections" className="mx-auto hidden max-w-7xl sm:block">
          <ul className="scrollbar-none flex gap-1 overflow-x-auto px-2 sm:px-4 lg:px-6">
            {APP_TABS.map((tab) => {
              const active = isTabActive(location, tab.href);
              return (
                <li key={tab.href} className="shrink-0">
                  <Link
                    href={tab.href}
                    // The page's chunk starts loading while the pointer is on its way to the click.
                    onPointerEnter={() => void preloadPage(signedInRouteFor(tab.href)?.page)}
                    onFocus={() => void preloadPage(signedInRouteFor(tab.href)?.page)}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'block rounded-t-md border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                      active
                        ? 'border-brand-600 text-brand-700'
                        : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                    )}
                  >
                    {tab.label}
                    {tab.href === '/inbox' ? <InboxUnreadBadge /> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>
      {/* Bottom room so the hints never cover the last controls (the footer below adds Felix's). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-7xl px-4 pt-4 pb-16 focus:outline-none sm:px-6 sm:pt-8 lg:px-8"
      >
        <div className="mb-4 sm:mb-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{meta.title}</h1>
            {/* Everything the demo business shows is sample data, said once on every page. */}
            {user.demoBusiness ? <Badge variant="warning">Demo Data</Badge> : null}
          </div>
          {/* A phone keeps its first screen for the page itself. */}
          <p className="mt-1 hidden text-sm text-slate-600 sm:block sm:text-base">{meta.subtitle}</p>
        </div>
        {children}
      </main>
      <AllPagesNav />
      <PhoneTabBar />
      <BrandStyle />
      <HintsWidget />
      <FelixPanel user={user} />
    </div>
  );
}

/** Keeps lib/header-bottom at the sticky header's height (offline and demo banners included). */
function useHeaderBottom() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeaderBottom(header.offsetHeight));
    observer.observe(header);
    return () => {
      observer.disconnect();
      setHeaderBottom(0);
    };
  }, []);
  return ref;
}
