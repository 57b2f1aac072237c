import { useState } from 'react';
import { ArrowDown, ArrowUp, Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { TDashboardLayout } from '@shared/dashboard-layout';
import { CARD_LABELS, moveCard, toggleCard } from './dashboard-layout';

/** /dashboard?customize=true: choose the cards to show and their order; every change is kept at once. */
export function CustomizePanel({
  layout,
  onChange,
  onDone,
}: {
  /** Undefined while the saved layout loads. */
  layout: TDashboardLayout | undefined;
  onChange: (layout: TDashboardLayout) => void;
  onDone: () => void;
}) {
  return (
    <Card className="border-brand-200 ring-1 ring-brand-100">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 p-4 sm:p-6">
        <div>
          <h2 className="text-base leading-tight font-semibold sm:text-lg">Customize Dashboard</h2>
          <p className="mt-1 text-sm text-slate-600">
            Choose the cards you want and put the ones you check first at the top. Saved to your account.
          </p>
        </div>
        <Button size="sm" onClick={onDone}>
          <Check aria-hidden="true" />
          Done
        </Button>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {layout ? <CardList layout={layout} onChange={onChange} /> : <CardListSkeleton />}
      </CardContent>
    </Card>
  );
}

function CardListSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading your cards"
      className="divide-y divide-slate-100 rounded-lg border border-slate-200"
    >
      {Object.keys(CARD_LABELS).map((id) => (
        <div key={id} className="flex min-h-15 items-center px-3">
          <div className="h-4 w-40 animate-pulse rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

function CardList({
  layout: saved,
  onChange: save,
}: {
  layout: TDashboardLayout;
  onChange: (layout: TDashboardLayout) => void;
}) {
  // The boxes follow a click at once; the saved layout (updated a tick later, or put back after a
  // failed save) takes over whenever it changes.
  const [layout, setLayout] = useState(saved);
  const [shownSaved, setShownSaved] = useState(saved);
  if (saved !== shownSaved) {
    setShownSaved(saved);
    setLayout(saved);
  }
  const onChange = (next: TDashboardLayout) => {
    setLayout(next);
    save(next);
  };
  return (
    <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Dashboard cards">
      {layout.order.map((id, i) => {
        const label = CARD_LABELS[id];
        const shown = !layout.hidden.includes(id);
        return (
          <li key={id} className="flex items-center gap-2 px-3 py-2">
            <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 text-sm font-medium text-slate-900">
              <input
                type="checkbox"
                checked={shown}
                onChange={(event) => onChange(toggleCard(layout, id, event.target.checked))}
                className="size-4 accent-brand-600"
              />
              {label}
            </label>
            <Button
              variant="ghost"
              size="icon"
              disabled={i === 0}
              onClick={() => onChange(moveCard(layout, id, -1))}
              aria-label={`Move ${label} up`}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              disabled={i === layout.order.length - 1}
              onClick={() => onChange(moveCard(layout, id, 1))}
              aria-label={`Move ${label} down`}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
