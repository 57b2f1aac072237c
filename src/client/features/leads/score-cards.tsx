import { DollarSign, Gauge, Siren, Target } from 'lucide-react';
import { formatMoney } from './lead-format';
import { StatCard } from '@/components/stat-card';
import { useLeadScoreAnalytics } from './leads-api';

/**
 * The four AI cards of the spec. While the score analytics load, each card holds its place with
 * a placeholder figure (the cards keep their final size, so the list below never jumps).
 */
export function ScoreCards() {
  const { data, isError } = useLeadScoreAnalytics();
  const show = (value: (s: NonNullable<typeof data>) => string) => (data ? value(data) : isError ? '—' : null);
  return (
    <dl aria-label="AI lead scoring" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label="Avg Lead Score"
        value={show((d) => String(Math.round(d.avgLeadScore)))}
        note="/100"
        icon={Gauge}
        tone="accent"
      />
      <StatCard
        label="Avg Urgency"
        value={show((d) => String(Math.round(d.avgUrgencyScore)))}
        note="/100"
        icon={Siren}
        tone="accent"
      />
      <StatCard
        label="Conversion Prob"
        value={show((d) => `${Math.round(d.avgConversionProbability)}%`)}
        icon={Target}
        tone="accent"
      />
      <StatCard
        label="Predicted Value"
        value={show((d) => formatMoney(d.totalPredictedValue))}
        icon={DollarSign}
        tone="accent"
      />
    </dl>
  );
}
