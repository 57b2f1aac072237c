import { CheckCircle2, Circle, Clock, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useNextSteps } from './felix-api';

/** What Felix was asked to walk through: the guided first week or the automations. */
export type FelixTask = 'quick-start' | 'automation';

export function taskFrom(path: string, search: string): FelixTask | null {
  if (path !== '/felix') return null;
  const task = new URLSearchParams(search).get('task');
  return task === 'quick-start' || task === 'automation' ? task : null;
}

export function FelixGuide({ task, onNavigate }: { task: FelixTask; onNavigate: (route: string) => void }) {
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-50/60 p-4 text-sm text-slate-800">
      {task === 'quick-start' ? <QuickStart onNavigate={onNavigate} /> : <Automations onNavigate={onNavigate} />}
    </div>
  );
}

/** The first-week checklist: the saved onboarding plan, ticked from what really happened. */
function QuickStart({ onNavigate }: { onNavigate: (route: string) => void }) {
  const steps = useNextSteps(true);
  return (
    <>
      <h3 className="text-base font-semibold text-slate-900">Your first week</h3>
      {steps.isPending ? (
        <div className="mt-3 space-y-2" aria-label="Loading your checklist">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : steps.isError ? (
        <p role="alert" className="mt-2 text-red-700">
          Your checklist could not be loaded. Close Felix and try again in a moment.
        </p>
      ) : (
        <>
          <p className="mt-1 text-slate-600">
            {steps.data.planSaved
              ? 'Built from the plan you saved at setup. Each step ticks itself off when you do it.'
              : 'You have no saved setup plan yet, so here are the basics. Each ticks itself off when you do it.'}{' '}
            {steps.data.done} of {steps.data.total} done.
          </p>
          <ol className="mt-3 space-y-2" aria-label="First-week checklist">
            {steps.data.steps.map((step) => (
              <li key={step.id} className="flex items-start gap-2 rounded-lg bg-white p-2.5">
                {step.done ? (
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                )}
                <div className="min-w-0 flex-1">
                  <p className={cn('font-medium', step.done && 'text-slate-500 line-through')}>
                    {step.title}
                    <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                  </p>
                  {step.done ? null : <GoTo cta={step.cta} onNavigate={onNavigate} />}
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

/** The automations that run for the business, what each does, and where it is switched on or off. */
const RUNNING = [
  {
    title: 'Review requests',
    text: 'When a lead is marked converted, the customer is asked for a Google review by text or email — automatically once you switch it on, or one at a time from Reviews.',
    cta: { label: 'Open Reviews', href: '/reviews' },
  },
  {
    title: 'Weekly report',
    text: 'Every Monday morning the owners get last week by email: visits, conversions and the top source once Google Analytics is connected, and the AI Coach’s top insights. It is on unless you switch it off.',
    cta: { label: 'Open Notifications', href: '/settings?tab=notifications' },
  },
] as const;

function Automations({ onNavigate }: { onNavigate: (route: string) => void }) {
  return (
    <>
      <h3 className="text-base font-semibold text-slate-900">Automations</h3>
      <p className="mt-1 text-slate-600">These run on your behalf. Each has its switch where it belongs.</p>
      <ul className="mt-3 space-y-2" aria-label="Automations">
        {RUNNING.map((a) => (
          <li key={a.title} className="flex items-start gap-2 rounded-lg bg-white p-2.5">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <div>
              <p className="font-medium">{a.title}</p>
              <p className="text-slate-600">{a.text}</p>
              <GoTo cta={a.cta} onNavigate={onNavigate} />
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-start gap-2 rounded-lg bg-white p-2.5">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
        <div>
          <p className="font-medium">Also running for you</p>
          <p className="text-slate-600">
            Speed-to-lead: whoever fills in the form on one of your published landing pages gets a reply in your
            business&rsquo;s name within a minute (a text when they leave a mobile number and texting is set up in
            Settings → SMS, and an email when they leave an address), and you are told about the lead.
          </p>
          <p className="mt-1 text-slate-600">
            Connected accounts are kept signed in and checked every morning; if one stops working you get a warning with
            what to do.
          </p>
          <GoTo cta={{ label: 'Open Connections', href: '/settings?tab=connections' }} onNavigate={onNavigate} />
        </div>
      </div>
      <p className="mt-3 text-slate-600">
        Tasks keep follow-ups from slipping:{' '}
        <GoTo cta={{ label: 'add one under Upcoming Tasks', href: '/dashboard' }} onNavigate={onNavigate} />.
      </p>
    </>
  );
}

/** A link-styled button to another page of the app (Felix's panel stays where it is). */
function GoTo({ cta, onNavigate }: { cta: { label: string; href: string }; onNavigate: (route: string) => void }) {
  return (
    <Button variant="link" size="sm" className="h-auto p-0 text-brand-700" onClick={() => onNavigate(cta.href)}>
      {cta.label}
    </Button>
  );
}
