import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '@/components/brand/logo';
import { brandColourVariables, hostBrand, type HostBrand } from '@/lib/host-brand';
import { SkipLink } from './skip-link';

/** On a business's own domain: its name, logo and colours instead of Fieldwise's. */
function useHostBrandColours(brand: HostBrand | null) {
  useEffect(() => {
    if (!brand) return;
    const root = document.documentElement.style;
    const set = brandColourVariables(brand);
    set.forEach(([name, colour]) => root.setProperty(name, colour));
    return () => set.forEach(([name]) => root.removeProperty(name));
  }, [brand]);
}

/** Brand header + footer around the sign-in screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const brand = hostBrand();
  useHostBrandColours(brand);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
          {brand ? (
            <span className="inline-flex min-w-0 items-center gap-2">
              {brand.logoUrl ? <img src={brand.logoUrl} alt="" className="h-8 w-auto" /> : null}
              <span className="truncate text-lg font-bold tracking-tight">{brand.name}</span>
            </span>
          ) : (
            <>
              <Link href="/" className="rounded-md" aria-label="Fieldwise home">
                <Logo />
              </Link>
              <Link href="/" className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:text-slate-900">
                Back to home
              </Link>
            </>
          )}
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-12 focus:outline-none sm:py-16"
      >
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          {/* The server draws the page once a year (public-pages.ts): a visitor whose New Year is hours from the server's sees its year meanwhile. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {brand?.name ?? 'Fieldwise'}
          </p>
          <nav aria-label="Legal">
            <ul className="flex gap-4">
              <li>
                <Link href="/terms" className="rounded-sm hover:text-slate-900">
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link href="/privacy" className="rounded-sm hover:text-slate-900">
                  Privacy Policy
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
