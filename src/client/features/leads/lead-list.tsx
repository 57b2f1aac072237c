import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { LoaderCircle, SearchX, UserPlus } from 'lucide-react';
import type { TLead } from '@shared/schemas/leads';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useHydrated } from '@/lib/use-hydrated';
import { LeadRow } from './lead-row';
import type { LeadActions } from './use-lead-actions';

/** Five placeholder rows while the first page loads. */
const PLACEHOLDER_ROWS = 5;
/** Start loading the next page this many rows before the end, so scrolling rarely waits. */
const PREFETCH_ROWS = 10;
/** Rows of a server-rendered list, which knows no screen size: a phone shows one or two, a desktop two or three. */
const FIRST_RENDER_ROWS = 3;

export function LeadListSkeleton() {
  return (
    <div role="status" aria-label="Loading leads" className="space-y-3">
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
        <div
          key={i}
          data-testid="lead-placeholder"
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          {/* Shaped like a LeadRow (name, service, contacts, the four figures, why, actions), so the
              rows that replace it take the same room and nothing below moves. */}
          <div className="flex flex-col gap-3 lg:flex-row lg:justify-between lg:gap-6">
            <div className="min-w-0 flex-1 space-y-2">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-5 w-5/6" />
            </div>
            <Skeleton className="h-12 w-full shrink-0 lg:w-[22rem]" />
          </div>
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  );
}

export function LeadsEmpty({ filtered }: { filtered: boolean }) {
  const Icon = filtered ? SearchX : UserPlus;
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50">
        <Icon aria-hidden="true" className="size-6 text-brand-700" />
      </span>
      <p className="mt-4 text-base font-semibold text-slate-900">No leads found</p>
      <p className="mt-1 text-sm text-slate-600">
        {filtered ? 'Try adjusting your filters' : 'Add your first lead to get started'}
      </p>
    </div>
  );
}

/**
 * The element's distance from the top of the document, kept current as content above it
 * (cards that load later, wrapping on resize) changes its height. Read when the browser reports
 * a size change (also once after observing starts), when the layout is already done: reading it
 * in a layout effect forced a layout of the whole page inside hydration's commit.
 */
function useDocumentOffset(ref: RefObject<HTMLElement | null>): number {
  // Until it is measured the list is taken to start below the screen: starting from 0 made the
  // first render build a screenful of rows too many, which the measurement then threw away.
  const [offset, setOffset] = useState(() => (typeof window === 'undefined' ? 0 : window.innerHeight));
  useEffect(() => {
    // A transition: it waits for, and is drawn with, the page's first render on the device.
    const measure = () => {
      const top = ref.current ? Math.round(ref.current.getBoundingClientRect().top + window.scrollY) : 0;
      startTransition(() => setOffset(top));
    };
    if (typeof ResizeObserver === 'undefined') return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

/**
 * A row's height before it is measured: stacked on a phone, in columns from lg (1024 px) up. By a
 * media query, which needs no layout (reading the window's width can force one).
 */
function estimatedRowHeight(): number {
  return typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1024px)').matches ? 230 : 420;
}

/**
 * A row's height from the browser's resize report, which comes once it is laid out. When a row
 * is attached, the height it had (or the estimate) stands: reading it then (the library's default)
 * forced a layout of the page in the middle of React's commit.
 */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>) {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

interface LeadListProps {
  leads: TLead[];
  actions: LeadActions;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/**
 * The loaded leads, virtualised against the window so thousands of rows cost only the
 * ones on screen; the next server page loads as the end comes into view, or with the
 * Load more button (for keyboard users and when auto-loading is not triggered).
 * The rows stay in the document's flow, the ones off screen stood for by the list's padding, so
 * the rows the server drew stay where they are when the list takes over (decision 014).
 */
export function LeadList({ leads, actions, hasNextPage, isFetchingNextPage, fetchNextPage }: LeadListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentOffset(listRef);

  // Asked for every row on each pass: worked out once per list.
  const [rowEstimate] = useState(estimatedRowHeight);
  const virtualizer = useWindowVirtualizer({
    count: leads.length,
    estimateSize: () => rowEstimate,
    measureElement: measureRow,
    // Rows built beyond the screen: three (~600 px) keep a fast scroll filled, and the first
    // render builds three rows fewer than with six (decision 014).
    overscan: 3,
    gap: 12,
    scrollMargin,
    getItemKey: (index) => leads[index]?.id ?? index,
  });
  // The server's render (entry-server.tsx), and the browser's that hydrates it, draw the first
  // rows; the virtual list, which needs the screen, takes over once the page is alive.
  const laidOut = useHydrated();
  const items = laidOut
    ? virtualizer.getVirtualItems()
    : leads.slice(0, FIRST_RENDER_ROWS).map((lead, index) => ({ index, key: lead.id, start: 0, end: 0 }));
  const lastIndex = items.at(-1)?.index ?? -1;
  // The rows above and below the ones drawn, as padding: the list keeps its whole height.
  const listStart = virtualizer.options.scrollMargin;
  const padding = laidOut && {
    paddingTop: (items[0]?.start ?? listStart) - listStart,
    paddingBottom: virtualizer.getTotalSize() - ((items.at(-1)?.end ?? listStart) - listStart),
  };

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= leads.length - PREFETCH_ROWS) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, leads.length, fetchNextPage]);

  return (
    <div className="space-y-4">
      {/* No scroll anchoring in the list: the virtual list keeps the rows on screen in place itself. */}
      <ul ref={listRef} aria-label="Leads" className="space-y-3 [overflow-anchor:none]" style={padding || undefined}>
        {items.map((item) => {
          const lead = leads[item.index];
          if (!lead) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              aria-setsize={hasNextPage ? -1 : leads.length}
              aria-posinset={item.index + 1}
              ref={laidOut ? virtualizer.measureElement : undefined}
            >
              <LeadRow lead={lead} actions={actions} />
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col items-center gap-2 text-sm text-slate-600">
        <p aria-live="polite">
          Showing {leads.length.toLocaleString('en-US')} {leads.length === 1 ? 'lead' : 'leads'}
          {hasNextPage ? ' so far' : ''}
        </p>
        {hasNextPage ? (
          <Button variant="outline" onClick={fetchNextPage} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
