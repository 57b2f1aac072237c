import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { clsx } from 'clsx';

/** The look of the former `@/components/ui/tabs`, less what each caller overrides (no tailwind-merge here). */
const LIST = 'max-w-full items-center overflow-x-auto rounded-lg bg-slate-100 p-1 text-slate-600';
const TAB =
  'inline-flex items-center justify-center rounded-md text-sm font-medium transition-colors hover:text-slate-900 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/**
 * A small tabs widget after the WAI-ARIA tabs pattern (automatic activation), in place of Radix
 * Tabs so /demo loads no Radix: the selected tab is the only one in the Tab order (roving
 * tabindex), ArrowLeft/ArrowRight (wrapping), Home and End move the focus and select. Only the
 * selected panel's content is rendered, as Radix did, so a demo player starts over on its tab.
 */
export function DemoTabs<T extends { id: string }>({
  label,
  items,
  renderTab,
  renderPanel,
  className,
  listClassName,
  tabClassName,
  panelClassName,
}: {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly T[];
  renderTab: (item: T) => ReactNode;
  renderPanel: (item: T) => ReactNode;
  className?: string;
  /** Display, width, gap and columns of the tab list (added to its background and padding). */
  listClassName: string;
  /** Padding, gap and wrapping of each tab (added to its colours and selected look). */
  tabClassName: string;
  panelClassName?: string;
}) {
  const baseId = useId();
  const [selected, setSelected] = useState(items[0]?.id);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.current.findIndex((tab) => tab === event.target);
    if (current < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const last = items.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    const item = next === undefined ? undefined : items[next];
    if (next === undefined || !item) return;
    event.preventDefault();
    setSelected(item.id);
    tabs.current[next]?.focus();
  }

  return (
    <div className={className}>
      <div className="flex justify-center">
        <div
          role="tablist"
          aria-label={label}
          aria-orientation="horizontal"
          className={clsx(LIST, listClassName)}
          onKeyDown={onKeyDown}
        >
          {items.map((item, index) => {
            const active = item.id === selected;
            return (
              <button
                key={item.id}
                ref={(el) => {
                  tabs.current[index] = el;
                }}
                type="button"
                role="tab"
                id={tabId(item.id)}
                aria-selected={active}
                aria-controls={panelId(item.id)}
                tabIndex={active ? 0 : -1}
                data-state={active ? 'active' : 'inactive'}
                className={clsx(TAB, tabClassName)}
                onClick={() => setSelected(item.id)}
              >
                {renderTab(item)}
              </button>
            );
          })}
        </div>
      </div>
      {items.map((item) => {
        const active = item.id === selected;
        return (
          <div
            key={item.id}
            role="tabpanel"
            id={panelId(item.id)}
            aria-labelledby={tabId(item.id)}
            hidden={!active}
            tabIndex={0}
            data-state={active ? 'active' : 'inactive'}
            className={panelClassName}
          >
            {active ? renderPanel(item) : null}
          </div>
        );
      })}
    </div>
  );
}
