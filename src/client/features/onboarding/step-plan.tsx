import { Info, RefreshCw, Sparkles, TriangleAlert } from 'lucide-react';
import type { TRecommendation } from '@shared/schemas/onboarding';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import type { DraftPlan } from './onboarding-draft';
import { RecommendationCard } from './recommendation-card';

export type PlanStatus = 'idle' | 'pending' | 'error';

const ORDER: Record<TRecommendation['priority'], number> = { high: 0, medium: 1, low: 2 };

export const OFFLINE_NOTE = "Written by Fieldwise's built-in offline planner, because no AI provider is configured.";

interface StepPlanProps {
  plan: DraftPlan | null;
  status: PlanStatus;
  /** A server explanation worth showing (e.g. a rate limit), besides the toast. */
  errorDetail?: string | undefined;
  onGenerate: () => void;
}

export function StepPlan({ plan, status, errorDetail, onGenerate }: StepPlanProps) {
  if (status === 'pending') return <PlanLoading />;

  if (!plan) {
    if (status === 'error') {
      return (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 sm:p-6">
          <div className="flex items-start gap-3">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
            <div>
              <h3 className="font-semibold text-red-900">Your plan isn't ready yet</h3>
              <p className="mt-1 text-sm text-red-800">
                {errorDetail ?? 'Your answers are saved. Give it another go in a moment.'}
              </p>
              <Button variant="outline" className="mt-4 h-11" onClick={onGenerate}>
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            </div>
          </div>
        </div>
      );
    }
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
        <Sparkles aria-hidden="true" className="mx-auto size-8 text-brand-600" />
        <p className="mt-3 text-sm text-slate-700">Your answers are in. Build your plan when you're ready.</p>
        <Button className="mt-4 h-11" onClick={onGenerate}>
          Generate my plan
        </Button>
      </div>
    );
  }

  const recommendations = [...plan.recommendations].sort((a, b) => ORDER[a.priority] - ORDER[b.priority]);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {recommendations.length} {recommendations.length === 1 ? 'recommendation' : 'recommendations'} for your
        business.
      </p>
      {plan.source === 'offline' ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {OFFLINE_NOTE}
        </p>
      ) : null}
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Recommendations">
        {recommendations.map((recommendation) => (
          <li key={`${recommendation.priority}-${recommendation.title}`}>
            <RecommendationCard recommendation={recommendation} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function PlanLoading() {
  return (
    <div aria-busy="true" className="space-y-4">
      <div className="flex items-center gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900">
        <Spinner className="size-5" label="Generating your plan" />
        Building your marketing plan — this takes a few seconds…
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-3 rounded-xl border border-slate-200 p-5">
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        ))}
      </div>
    </div>
  );
}
