import { useEffect, useId, useRef, useState } from 'react';
import { Lightbulb, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { Hint, HintType } from './hint-catalog';
import { HINT_ROTATION_MS, nextHintIndex } from './select-hints';

const TYPE_BADGE: Record<HintType, 'default' | 'secondary' | 'accent' | 'success' | 'warning'> = {
  suggestion: 'secondary',
  tip: 'success',
  insight: 'accent',
  warning: 'warning',
  optimization: 'secondary',
};

interface HintCardProps {
  hints: Hint[];
  onClose: () => void;
  onAction: (hint: Hint) => void;
  onDismiss: (hint: Hint) => void;
}

/**
 * The open widget: one hint at a time, rotating every 10 s with dots that jump.
 * Rotation pauses while the pointer or focus is inside, so nobody loses the text they are reading.
 */
export function HintCard({ hints, onClose, onAction, onDismiss }: HintCardProps) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const titleId = useId();
  const current = index % hints.length;
  const hint = hints[current];

  useEffect(() => {
    if (paused || hints.length < 2) return;
    const timer = setTimeout(() => setIndex(nextHintIndex(current, hints.length)), HINT_ROTATION_MS);
    return () => clearTimeout(timer);
  }, [current, hints.length, paused]);

  const card = useRef<HTMLElement>(null);
  const room = useRoomBelowPage(card);
  useFoldWhenCovering(card, onClose);

  if (!hint) return null;

  return (
    <>
      {/* Room at the end of the page as tall as the card, so the last controls scroll clear of it. */}
      <div aria-hidden="true" style={{ height: room }} />
      <aside
        ref={card}
        aria-labelledby={titleId}
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
        }}
        data-lift
        data-hint-card
        className="fixed right-4 bottom-38 z-30 sm:bottom-22 w-[min(20rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-3.5 shadow-xl sm:p-4"
      >
        <div className="flex items-center gap-2">
          <span className="flex size-7 items-center justify-center rounded-full bg-accent-100">
            <Lightbulb aria-hidden="true" className="size-4 text-accent-700" />
          </span>
          <h2 id={titleId} className="text-sm font-semibold text-slate-900">
            Felix
          </h2>
          <Badge variant={TYPE_BADGE[hint.type]} className="capitalize">
            {hint.type}
          </Badge>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close hints"
            className="-mr-1 ml-auto rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
        <div data-hint-id={hint.id} className="mt-2.5">
          <h3 className="text-sm font-semibold text-slate-900">{hint.title}</h3>
          <p className="mt-1 text-xs text-slate-700 sm:text-sm">{hint.message}</p>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {hint.action && (
            <Button size="sm" onClick={() => onAction(hint)}>
              {hint.action.label}
            </Button>
          )}
          {hint.dismissible && (
            <Button size="sm" variant="ghost" onClick={() => onDismiss(hint)}>
              Dismiss
            </Button>
          )}
          {hints.length > 1 && (
            <div role="group" aria-label="Choose a hint" className="ml-auto flex items-center">
              {hints.map((h, i) => (
                <button
                  key={h.id}
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={`Show hint ${i + 1} of ${hints.length}`}
                  aria-current={i === current ? 'true' : undefined}
                  className="flex size-6 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={cn('size-2 rounded-full', i === current ? 'bg-brand-600' : 'bg-slate-300')}
                  />
                </button>
              ))}
            </div>
          )}
        </div>
      </aside>
    </>
  );
}

/** The card's height, followed as its text changes (0 where the browser cannot measure). */
function useRoomBelowPage(card: React.RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = card.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [card]);
  return height;
}

const EDITABLE = 'input, textarea, select, [contenteditable="true"]';

/** Typing into a field the card sits over folds the card into its button: the field comes first. */
function useFoldWhenCovering(card: React.RefObject<HTMLElement | null>, fold: () => void): void {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const el = card.current;
      const target = event.target;
      if (!el || !(target instanceof Element) || el.contains(target) || !target.matches(EDITABLE)) return;
      const a = el.getBoundingClientRect();
      const b = target.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) fold();
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [card, fold]);
}
