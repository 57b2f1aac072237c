import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/utils';
import { isTabActive } from './routes';

/**
 * The spec's alternate navigation bar, at the foot of every signed-in page: every page by the
 * name of the job it does, including those without a top tab (Reports, SEO, the domain registrar
 * and Settings).
 */
export const ALL_PAGES = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/social', label: 'Social Media' },
  { href: '/website', label: 'Website Updates' },
  { href: '/reports', label: 'Reports' },
  { href: '/seo', label: 'SEO Optimization' },
  { href: '/reviews', label: 'Reviews' },
  { href: '/leads', label: 'Lead Generation' },
  { href: '/ai-coach', label: 'AI Coach' },
  { href: '/godaddy', label: 'Domains (GoDaddy)' },
  { href: '/settings', label: 'Settings' },
] as const;

export function AllPagesNav() {
  const [location] = useLocation();
  return (
    // Bottom room so the floating Felix button (and on a phone the tab bar) never covers the last links.
    <footer className="border-t border-slate-200 bg-white pb-40 sm:pb-24">
      <nav aria-label="All pages" className="mx-auto max-w-7xl px-4 py-4 sm:px-6 lg:px-8">
        <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
          {ALL_PAGES.map((page) => {
            const active = isTabActive(location, page.href);
            return (
              <li key={page.href}>
                <Link
                  href={page.href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-2.5 py-2 font-medium',
                    active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  {page.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </footer>
  );
}
