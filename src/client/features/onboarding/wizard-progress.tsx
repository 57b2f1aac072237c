import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { percentComplete, STEPS, type StepIndex } from './onboarding-steps';

/** "Step 2 of 5", the percent-complete bar and, from sm up, the named steps. */
export function WizardProgress({ step }: { step: StepIndex }) {
  const percent = percentComplete(step);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <p className="font-semibold text-slate-900">
          Step {step + 1} of {STEPS.length}
        </p>
        <p className="text-slate-600">{percent}% complete</p>
      </div>
      <div
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol className="mt-4 hidden grid-cols-5 gap-2 sm:grid" aria-label="Steps">
        {STEPS.map((s, index) => {
          const done = index < step;
          const current = index === step;
          return (
            <li
              key={s.title}
              aria-current={current ? 'step' : undefined}
              className="flex min-w-0 items-center gap-2 text-xs"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-[0.7rem] font-semibold',
                  done && 'border-brand-600 bg-brand-600 text-white',
                  current && 'border-brand-600 bg-white text-brand-700',
                  !done && !current && 'border-slate-300 bg-white text-slate-500',
                )}
              >
                {done ? <Check className="size-3.5" strokeWidth={3} /> : index + 1}
              </span>
              <span
                className={cn('min-w-0 leading-tight', current ? 'font-semibold text-slate-900' : 'text-slate-600')}
              >
                {s.title}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
