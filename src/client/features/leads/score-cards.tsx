import { DollarSign, Gauge, Siren, Target } from 'lucide-react';
import { formatMoney } from './lead-format';
import { StatCard } from '@/components/stat-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLeadScoreAnalytics } from './leads-api';

/** Holds the room of one card (same padding, label and figure heights) until the figures arrive. */
function CardRoom() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 pr-16 shadow-sm sm:p-5 sm:pr-16">
      <Skeleton className="h-4 w-20 sm:h-5" />
      <Skeleton className="mt-1 h-7 w-16 sm:h-8" />
    </div>
  );
}

/**
 * The four AI cards of the spec; they appear once the score analytics have loaded. Until then
 * their room is kept by unlabelled placeholders, so the list below does not jump when they come.
 */
export function ScoreCards() {
  const { data, isPending } = useLeadScoreAnalytics();
  if (isPending)
    return (
      <div
        aria-hidden="true"
        data-testid="score-cards-placeholder"
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        <CardRoom />
        <CardRoom />
        <CardRoom />
        <CardRoom />
      </div>
    );
  if (!data) return null;
  return (
    <dl aria-label="AI lead scoring" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label="Avg Lead Score"
        value={String(Math.round(data.avgLeadScore))}
        note="/100"
        icon={Gauge}
        tone="accent"
      />
      <StatCard
        label="Avg Urgency"
        value={String(Math.round(data.avgUrgencyScore))}
        note="/100"
        icon={Siren}
        tone="accent"
      />
      <StatCard
        label="Conversion Prob"
        value={`${Math.round(data.avgConversionProbability)}%`}
        icon={Target}
        tone="accent"
      />
      <StatCard label="Predicted Value" value={formatMoney(data.totalPredictedValue)} icon={DollarSign} tone="accent" />
    </dl>
  );
}
