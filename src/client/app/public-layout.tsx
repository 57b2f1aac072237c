import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Menu, X } from 'lucide-react';
import { Logo } from '@/components/brand/logo';
import { buttonVariants } from '@/components/ui/button-variants';
import { clsx } from 'clsx';
import { LOGIN_URL, SIGN_IN_URL } from '@/lib/auth/login-url';
import { preloadAuthPage } from './auth-pages';
import { preloadPublicPage } from './public-pages';
import { SkipLink } from './skip-link';

const NAV_LINKS = [
  { href: '/features', label: 'Features' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/about', label: 'About' },
  { href: '/demo', label: 'Demo' },
] as const;

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** Set beside the session cookie by the server (plugins/auth.ts), cleared on sign-out. */
const SIGNED_IN_HINT = /(?:^|;\s*)fw_signed_in=1(?:;|$)/;

/**
 * Whether someone is signed in, also when they open a public page first: the session is asked
 * only when the server's readable sign-in hint cookie is there, so a visitor's page makes no API
 * call. A plain call, not a query: marketing pages do not load TanStack Query, and lib/api is
 * fetched only then (it is not part of the entry).
 */
function useSignedIn(): boolean {
  // No cookie on the server (entry-public.tsx): it draws the page for a visitor, as the first render here does.
  const hinted = typeof document !== 'undefined' && SIGNED_IN_HINT.test(document.cookie);
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    if (!hinted) return;
    let current = true;
    const settle = (answer: boolean) => {
      if (current) setSignedIn(answer);
    };
    import('@/lib/api')
      .then(({ apiFetch }) => apiFetch<unknown>('/api/auth/user'))
      .then(
        () => settle(true),
        () => settle(false),
      );
    return () => {
      current = false;
    };
  }, [hinted]);
  return hinted && signedIn;
}

/** Nav links fetch their page's chunk on hover or focus, so the click shows it at once. */
const preloadOnHover = (href: string) => ({
  onPointerEnter: () => void preloadPublicPage(href),
  onFocus: () => void preloadPublicPage(href),
});
/** The same for the sign-in links: the auth layout and the sign-in page. */
const preloadSignIn = {
  onPointerEnter: () => void preloadAuthPage(SIGN_IN_URL),
  onFocus: () => void preloadAuthPage(SIGN_IN_URL),
};

// Class lists are joined with clsx, not cn: tailwind-merge is not worth its weight on a marketing
// page, so no class here overrides another.
/** A link styled as the header's small primary button. */
const headerButton = clsx(buttonVariants({ size: null }), 'h-9 px-3.5');

function PublicHeader() {
  const [location] = useLocation();
  // Someone signed in sees "Dashboard" instead of "Sign in".
  const signedIn = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <header
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) close();
      }}
      className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="rounded-md" onClick={close} aria-label="Fieldwise home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  {...preloadOnHover(link.href)}
                  aria-current={location === link.href ? 'page' : undefined}
                  className={clsx(
                    'rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 hover:text-slate-900',
                    location === link.href ? 'text-brand-700' : 'text-slate-700',
                  )}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {signedIn ? (
            <Link href="/dashboard" className={headerButton}>
              Dashboard
            </Link>
          ) : (
            <>
              <Link
                href={SIGN_IN_URL}
                {...preloadSignIn}
                className="hidden rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 sm:inline-block"
              >
                Sign in
              </Link>
              <a href={LOGIN_URL} className={headerButton}>
                Start Free Trial
              </a>
            </>
          )}
          <button
            type="button"
            className={clsx(buttonVariants({ variant: 'ghost', size: 'icon' }), 'md:hidden')}
            aria-expanded={menuOpen}
            aria-controls="public-mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav id="public-mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white md:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col px-4 py-2 sm:px-6">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={close}
                  {...preloadOnHover(link.href)}
                  className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-50"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            {signedIn ? null : (
              <li>
                <Link
                  href={SIGN_IN_URL}
                  onClick={close}
                  {...preloadSignIn}
                  className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-50"
                >
                  Sign in
                </Link>
              </li>
            )}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { href: '/features', label: 'Features' },
      { href: '/pricing', label: 'Pricing' },
      { href: '/demo', label: 'Demo' },
      { href: '/onboarding', label: 'Get set up' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/about', label: 'About' },
      { href: '/terms', label: 'Terms of Service' },
      { href: '/privacy', label: 'Privacy Policy' },
    ],
  },
] as const;

function PublicFooter() {
  return (
    <footer className="border-t border-slate-800 bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr] lg:px-8">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <Logo inverted />
          <p className="mt-4 text-sm leading-6 text-slate-400">
            Marketing and lead management for HVAC, plumbing, electrical, landscaping, roofing and cleaning businesses.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className="rounded-sm hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="text-sm font-semibold text-white">Account</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link href={SIGN_IN_URL} className="rounded-sm hover:text-white">
                Sign in
              </Link>
            </li>
            <li>
              <a href={LOGIN_URL} className="rounded-sm hover:text-white">
                Start Free Trial
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        {/* The server draws the page once a year (public-pages.ts): a visitor whose New Year is hours from the server's sees its year meanwhile. */}
        <p suppressHydrationWarning className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Fieldwise. Built for the trades.
        </p>
      </div>
    </footer>
  );
}
