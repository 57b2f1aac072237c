import type { ReactNode } from 'react';
import { Pause, Play, RotateCcw } from 'lucide-react';
import { clsx } from 'clsx';
import { buttonVariants } from '@/components/ui/button-variants';
import { DEMO_MAX, DEMO_STEP, DEMO_TICK_MS, useDemoProgress } from './use-demo-progress';

const RUN_SECONDS = ((DEMO_MAX / DEMO_STEP) * DEMO_TICK_MS) / 1000;
/** Small buttons, 36 px high, from the button classes alone: no `<Button>` (Radix Slot) or `cn` (tailwind-merge). */
const SMALL = 'h-9 px-3 text-xs';
const PLAY_BUTTON = clsx(buttonVariants({ size: null }), SMALL, 'w-24');
const RESET_BUTTON = clsx(buttonVariants({ variant: 'outline', size: null }), SMALL);

/** A simulated walkthrough: the screen shows more as the progress runs from 0 to 100. */
export function DemoPlayer({
  title,
  screen,
  onIntent,
}: {
  title: string;
  screen: (progress: number) => ReactNode;
  /** The pointer or focus reached Play: start loading what the screen needs. */
  onIntent?: () => void;
}) {
  const { progress, playing, done, toggle, reset } = useDemoProgress();
  const seconds = (progress / DEMO_MAX) * RUN_SECONDS;

  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-brand-900/10">
      <div className="flex items-center gap-1.5 border-b border-slate-100 px-4 py-3">
        <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-200" />
        <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-200" />
        <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-200" />
        <span className="ml-3 truncate text-xs font-medium text-slate-600">{title} · simulated demo</span>
      </div>
      <div className="relative min-h-80 bg-slate-50 p-4 sm:p-5">
        {progress === 0 ? (
          <div className="flex min-h-72 flex-col items-center justify-center gap-4 text-center">
            <span
              aria-hidden="true"
              className="flex size-16 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg"
            >
              <Play className="ml-1 size-7" />
            </span>
            <p className="max-w-xs text-sm text-slate-600">Press Play to watch a 5-second walkthrough of {title}.</p>
          </div>
        ) : (
          screen(progress)
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 px-4 py-3">
        <button type="button" onClick={toggle} onPointerEnter={onIntent} onFocus={onIntent} className={PLAY_BUTTON}>
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {playing ? 'Pause' : done ? 'Replay' : 'Play'}
        </button>
        <button type="button" onClick={reset} className={RESET_BUTTON}>
          <RotateCcw aria-hidden="true" />
          Reset
        </button>
        <div
          role="progressbar"
          aria-label={`${title} demo progress`}
          aria-valuemin={0}
          aria-valuemax={DEMO_MAX}
          aria-valuenow={progress}
          className="order-last h-2 basis-full rounded-full bg-slate-100 sm:order-none sm:min-w-24 sm:flex-1 sm:basis-auto"
        >
          <div className="h-2 rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
        </div>
        <span
          className="ml-auto text-right text-xs text-slate-600 tabular-nums sm:ml-0 sm:w-20"
          data-testid="demo-progress"
        >
          {progress}% · {seconds.toFixed(1)}s
        </span>
      </div>
    </div>
  );
}
