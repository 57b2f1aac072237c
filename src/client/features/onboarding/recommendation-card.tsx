import { Clock, TrendingUp } from 'lucide-react';
import type { TRecommendation } from '@shared/schemas/onboarding';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const PRIORITY: Record<TRecommendation['priority'], { label: string; variant: BadgeProps['variant'] }> = {
  high: { label: 'High priority', variant: 'destructive' },
  medium: { label: 'Medium priority', variant: 'warning' },
  low: { label: 'Low priority', variant: 'secondary' },
};

export function RecommendationCard({ recommendation }: { recommendation: TRecommendation }) {
  const priority = PRIORITY[recommendation.priority];
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={priority.variant}>{priority.label}</Badge>
        <Badge variant="outline">{recommendation.category}</Badge>
      </div>
      <h3 className="mt-3 text-base leading-snug font-semibold text-slate-900">{recommendation.title}</h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{recommendation.description}</p>
      <dl className="mt-4 grid gap-2 border-t border-slate-100 pt-4 text-sm">
        <div className="flex items-start gap-2">
          <TrendingUp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          <dt className="sr-only">Estimated impact</dt>
          <dd className="text-slate-700">
            <span className="font-medium text-slate-900">Impact:</span> {recommendation.estimatedImpact}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <dt className="sr-only">Setup time</dt>
          <dd className="text-slate-700">
            <span className="font-medium text-slate-900">Setup:</span> {recommendation.setupTime}
          </dd>
        </div>
      </dl>
    </article>
  );
}
