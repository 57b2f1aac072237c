import { CircleCheck, TrendingUp, UserPlus, Users } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { useLeadSummary } from './leads-api';

const count = new Intl.NumberFormat('en-US');

/** The four summary cards of the spec, counted by the server over all the business's leads. */
export function SummaryCards() {
  const { data, isError } = useLeadSummary();
  // A failed load shows a dash rather than a placeholder that never resolves.
  const show = (value: (s: NonNullable<typeof data>) => string) => (data ? value(data) : isError ? '—' : null);
  return (
    <dl aria-label="Lead summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Leads" value={show((s) => count.format(s.total))} icon={Users} />
      <StatCard label="New Leads" value={show((s) => count.format(s.new))} icon={UserPlus} />
      <StatCard label="Qualified" value={show((s) => count.format(s.qualified))} icon={CircleCheck} />
      <StatCard label="Conversion Rate" value={show((s) => `${s.conversionRate}%`)} icon={TrendingUp} />
    </dl>
  );
}
