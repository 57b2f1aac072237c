import { DollarSign, Gauge, Siren, Target } from 'lucide-react';
import { formatMoney } from './lead-format';
import { StatCard } from '@/components/stat-card';
import { useLeadScoreAnalytics } from './leads-api';

/** The four AI cards of the spec; they appear only once the score analytics have loaded. */
export function ScoreCards() {
  const { data } = useLeadScoreAnalytics();
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
