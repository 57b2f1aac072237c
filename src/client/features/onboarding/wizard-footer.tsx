import type { ReactNode } from 'react';
import { ArrowLeft, ArrowRight, Mail, Rocket } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LAST_STEP, type StepIndex } from './onboarding-steps';

const NEXT_REASON_ID = 'onboarding-next-reason';

interface WizardFooterProps {
  step: StepIndex;
  canNext: boolean;
  blockedReason: string | undefined;
  onPrevious: () => void;
  /** Plan step only. */
  planReady: boolean;
  visitor: boolean;
  completing: boolean;
  onEmail: () => void;
  onComplete: () => void;
}

export function WizardFooter(props: WizardFooterProps) {
  const { step, canNext, blockedReason, onPrevious } = props;
  const previous = (
    <Button variant="outline" className="h-11" onClick={onPrevious} disabled={step === 0}>
      <ArrowLeft aria-hidden="true" />
      Previous
    </Button>
  );

  if (step === LAST_STEP) return <PlanFooter {...props} previous={previous} />;

  const showReason = !canNext && blockedReason;
  return (
    <div className="border-t border-slate-200 px-4 py-4 sm:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="order-1">{previous}</div>
        {/* Submits the step's form, so Enter in a text field moves on too. */}
        <Button
          type="submit"
          className="order-2 h-11 min-w-28 sm:order-3"
          disabled={!canNext}
          aria-describedby={showReason ? NEXT_REASON_ID : undefined}
        >
          Next
          <ArrowRight aria-hidden="true" />
        </Button>
        {showReason ? (
          <p
            id={NEXT_REASON_ID}
            className="order-3 w-full text-sm text-slate-600 sm:order-2 sm:w-auto sm:flex-1 sm:text-right"
          >
            {blockedReason}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function PlanFooter({
  planReady,
  visitor,
  completing,
  onEmail,
  onComplete,
  previous,
}: WizardFooterProps & { previous: ReactNode }) {
  return (
    <div className="border-t border-slate-200 px-4 py-4 sm:px-8">
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        {previous}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="outline" className="h-11" onClick={onEmail} disabled={!planReady}>
            <Mail aria-hidden="true" />
            Email Plan
          </Button>
          <Button className="h-11" onClick={onComplete} disabled={!planReady || completing}>
            {completing ? <Spinner className="size-4 text-white" label="Saving" /> : <Rocket aria-hidden="true" />}
            Complete Setup
          </Button>
        </div>
      </div>
      {visitor && planReady ? (
        <p className="mt-3 text-sm text-slate-600 sm:text-right">
          A free account is needed to email or save your plan — your answers stay on this device.
        </p>
      ) : null}
    </div>
  );
}
