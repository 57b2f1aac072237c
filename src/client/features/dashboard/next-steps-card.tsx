import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'wouter';
import type { TNextSteps } from '@shared/schemas/next-steps';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { ListCard } from './dashboard-lists';

/**
 * The owner's saved onboarding plan as next steps. The server ticks a step off when the real
 * action has happened (a lead added, WordPress or an account connected, a task completed).
 */
export function NextStepsCard({ data }: { data: TNextSteps }) {
  const progress = (
    <span className="shrink-0 text-sm text-slate-600">
      {data.done} of {data.total} done
    </span>
  );
  return (
    <ListCard title={data.planSaved ? 'Your next steps' : 'Your first week'} action={progress}>
      {!data.planSaved ? (
        <p className="mb-3 text-sm text-slate-600">
          No setup plan saved yet.{' '}
          <Link href="/onboarding" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Build your plan
          </Link>{' '}
          and it shows up here.
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100" aria-label="Next steps">
        {data.steps.map((step) => (
          <li key={step.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
            {step.done ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
            )}
            {/* On a phone the button goes under the text, so the step keeps the full width. */}
            <div className="min-w-0 flex-1 sm:flex sm:items-start sm:gap-3">
              <div className="min-w-0 flex-1">
                <p className={cn('text-sm font-medium text-slate-900', step.done && 'text-slate-500 line-through')}>
                  {step.title}
                  <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                </p>
                {step.done ? null : <p className="mt-0.5 text-sm text-slate-600">{step.description}</p>}
              </div>
              {step.done ? null : (
                <Link
                  href={step.cta.href}
                  className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-2 shrink-0 sm:mt-0')}
                  aria-label={`${step.cta.label}: ${step.title}`}
                >
                  {step.cta.label}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}

/**
 * The card while its steps load, shaped like the first-week basics (a note and four steps with
 * their buttons), so the loaded card takes about the same room and the cards below stay put.
 */
export function NextStepsSkeleton() {
  return (
    <ListCard title="Your next steps">
      <div aria-hidden="true" className="mb-3 flex h-5 items-center">
        <Skeleton className="h-3.5 w-3/4" />
      </div>
      <ul aria-busy="true" className="divide-y divide-slate-100">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
            <Skeleton className="mt-0.5 size-5 shrink-0 rounded-full" />
            <div className="min-w-0 flex-1 sm:flex sm:items-start sm:gap-3">
              <div className="min-w-0 flex-1 space-y-0.5">
                <div className="flex h-5 items-center">
                  <Skeleton className="h-3.5 w-1/2" />
                </div>
                <div className="flex h-5 items-center">
                  <Skeleton className="h-3 w-3/4" />
                </div>
              </div>
              <Skeleton className="mt-2 h-8 w-24 shrink-0 sm:mt-0" />
            </div>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}
