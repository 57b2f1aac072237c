import { useEffect, useRef, useState } from 'react';
import { Ellipsis, Inbox, LayoutList, PenSquare, Sun, X, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/utils';
import { ALL_PAGES } from './all-pages-nav';
import { APP_TABS, isTabActive } from './routes';

/** The places an owner goes between jobs; the rest are one tap further, in More. */
export const PHONE_TABS: readonly {
  href: string;
  label: string;
  icon: LucideIcon;
  active: (path: string) => boolean;
}[] = [
  { href: '/dashboard', label: 'Today', icon: Sun, active: (p) => isTabActive(p, '/dashboard') },
  { href: '/leads', label: 'Leads', icon: LayoutList, active: (p) => isTabActive(p, '/leads') },
  { href: '/inbox', label: 'Inbox', icon: Inbox, active: (p) => isTabActive(p, '/inbox') },
  // Post opens the social page on Quick Post, the one-box composer.
  {
    href: '/social?tab=quick&action=quick-post',
    label: 'Post',
    icon: PenSquare,
    active: (p) => isTabActive(p, '/social'),
  },
];

const IN_TABS = new Set(['/dashboard', '/leads', '/inbox']);

/**
 * Every other page, by name: the top tabs first, then the pages only the footer names, then
 * Finished Jobs (issue 36; on wider screens it is reached from Leads, as the spec's footer stays as it is).
 */
export const MORE_PAGES: readonly { href: string; label: string }[] = [
  ...APP_TABS.filter((tab) => !IN_TABS.has(tab.href)),
  ...ALL_PAGES.filter((page) => !IN_TABS.has(page.href) && !APP_TABS.some((tab) => tab.href === page.href)),
  { href: '/jobs', label: 'Finished Jobs' },
];

const TAB_CLASS =
  'flex min-h-11 min-w-11 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg px-1 py-1.5 text-[11px] font-medium';

/**
 * Below 640 px the signed-in pages are reached from this bar at the foot of the screen (the top
 * tabs are hidden there); every target is at least 44 px. Wider screens never show it. It is CSS
 * only (no width read), so the server-rendered /leads hydrates the same HTML.
 */
export function PhoneTabBar() {
  const [location] = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const moreActive = MORE_PAGES.some((page) => isTabActive(location, page.href.split('?')[0] ?? page.href));
  return (
    <>
      <nav
        aria-label="Phone tabs"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur sm:hidden"
      >
        <ul className="flex items-stretch gap-1 px-2 py-1">
          {PHONE_TABS.map(({ href, label, icon: Icon, active }) => {
            const current = active(location);
            return (
              <li key={href} className="flex flex-1">
                <Link
                  href={href}
                  aria-current={current ? 'page' : undefined}
                  className={cn(TAB_CLASS, current ? 'text-brand-700' : 'text-slate-600')}
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {label}
                </Link>
              </li>
            );
          })}
          <li className="flex flex-1">
            <button
              ref={moreButton}
              type="button"
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              onClick={() => setMoreOpen(true)}
              className={cn(TAB_CLASS, moreActive && !moreOpen ? 'text-brand-700' : 'text-slate-600')}
            >
              <Ellipsis aria-hidden="true" className="size-5" />
              More
            </button>
          </li>
        </ul>
      </nav>
      {moreOpen ? (
        <MoreSheet
          location={location}
          onClose={() => {
            setMoreOpen(false);
            moreButton.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

/** The sheet of every other page, rising from the tab bar; Escape, the backdrop or a link closes it. */
function MoreSheet({ location, onClose }: { location: string; onClose: () => void }) {
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    sheet.current?.querySelector<HTMLElement>('a')?.focus();
  }, []);
  return (
    <div className="fixed inset-0 z-50 sm:hidden">
      <button
        type="button"
        aria-label="Close"
        tabIndex={-1}
        className="absolute inset-0 size-full bg-slate-900/40"
        onClick={onClose}
      />
      <div
        ref={sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby="more-sheet-title"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
        className="absolute inset-x-0 bottom-0 max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-white px-4 pt-3 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-2xl"
      >
        <div className="mb-2 flex items-center justify-between">
          <h2 id="more-sheet-title" className="text-base font-semibold text-slate-900">
            More
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close More"
            className="flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <ul className="grid grid-cols-2 gap-2">
          {MORE_PAGES.map((page) => {
            const current = isTabActive(location, page.href);
            return (
              <li key={page.href}>
                <Link
                  href={page.href}
                  onClick={onClose}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'flex min-h-12 items-center rounded-xl border px-3 text-sm font-medium',
                    current
                      ? 'border-brand-200 bg-brand-50 text-brand-700'
                      : 'border-slate-200 text-slate-800 hover:bg-slate-50',
                  )}
                >
                  {page.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
