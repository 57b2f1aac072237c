import { Link } from 'wouter';
import { ArrowRight, Check } from 'lucide-react';
import type { TInsight } from '@shared/schemas/coach';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useInsights, useMarkInsight } from './coach-api';

const TYPE_BADGE: Record<TInsight['insightType'], BadgeProps['variant']> = {
  achievement: 'success',
  warning: 'warning',
  recommendation: 'default',
  tip: 'secondary',
  other: 'outline',
};
const PRIORITY_BADGE: Record<TInsight['priority'], BadgeProps['variant']> = {
  urgent: 'destructive',
  high: 'warning',
  medium: 'secondary',
  low: 'outline',
};
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function InsightCard({ insight }: { insight: TInsight }) {
  const mark = useMarkInsight();
  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm sm:p-5 ${insight.isRead ? 'border-slate-200' : 'border-brand-300'}`}
      aria-label={insight.title}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={TYPE_BADGE[insight.insightType]}>{cap(insight.insightType)}</Badge>
        <Badge variant={PRIORITY_BADGE[insight.priority]}>{cap(insight.priority)} priority</Badge>
        {insight.isRead ? null : <span className="text-xs font-semibold text-brand-700">New</span>}
        {insight.isActionTaken ? (
          <span className="inline-flex items-center gap-1 text-xs text-emerald-700">
            <Check className="size-3" aria-hidden="true" /> Done
          </span>
        ) : null}
      </div>
      <h2 className="mt-2 font-semibold text-slate-900">{insight.title}</h2>
      <p className="mt-1 text-sm text-slate-700">{insight.message}</p>
      {insight.figures.length ? (
        <dl className="mt-3 flex flex-wrap gap-2" aria-label="Figures this insight rests on">
          {insight.figures.map((f) => (
            <div key={f.label} className="rounded-lg bg-slate-100 px-2.5 py-1 text-xs">
              <dt className="inline text-slate-600">{f.label}: </dt>
              <dd className="inline font-semibold text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {insight.action ? (
          <Button asChild size="sm">
            <Link href={insight.action.href} onClick={() => mark.mutate({ id: insight.id, change: 'act' })}>
              {insight.action.label} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
        {insight.isRead ? null : (
          <Button
            size="sm"
            variant="outline"
            disabled={mark.isPending}
            onClick={() => mark.mutate({ id: insight.id, change: 'read' })}
          >
            Mark as read
          </Button>
        )}
      </div>
    </li>
  );
}

/** The AI Insights tab: newest first, each with its figures and one action. */
export function InsightsTab({ generating }: { generating: boolean }) {
  const insights = useInsights();
  if (insights.isPending) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (insights.isError) return <p className="text-sm text-red-700">{insights.error.message}</p>;
  const list = insights.data.insights;
  if (list.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        {generating
          ? 'Reading your numbers…'
          : 'No insights yet. Press Get New Insights and the coach reads your leads, posts and reviews.'}
      </div>
    );
  }
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label="Insights">
      {list.map((i) => (
        <InsightCard key={i.id} insight={i} />
      ))}
    </ul>
  );
}
