import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '@/components/brand/logo';
import { SkipLink } from './skip-link';

/** Brand header + footer around the sign-in screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <Link href="/" className="rounded-md" aria-label="Fieldwise home">
            <Logo />
          </Link>
          <Link href="/" className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:text-slate-900">
            Back to home
          </Link>
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
          <p>© {new Date().getFullYear()} Fieldwise</p>
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
