import { LEAD_SOURCE_LABELS } from '@shared/schemas/lead-sources';
import type { TLead, TLeadPriority, TLeadStatus, TScoreFactor } from '@shared/schemas/leads';
import type { BadgeProps } from '@/components/ui/badge';

type BadgeVariant = NonNullable<BadgeProps['variant']>;

export const STATUS_LABELS: Record<TLeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  converted: 'Converted',
  lost: 'Lost',
};

export const PRIORITY_LABELS: Record<TLeadPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export const STATUS_BADGE: Record<TLeadStatus, BadgeVariant> = {
  new: 'default',
  contacted: 'accent',
  qualified: 'warning',
  converted: 'success',
  lost: 'secondary',
};

export const PRIORITY_BADGE: Record<TLeadPriority, BadgeVariant> = {
  low: 'outline',
  medium: 'secondary',
  high: 'destructive',
};

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Whole dollars ("$8,500"); a dash until the lead has been scored. */
export function formatMoney(value: number | null): string {
  return value === null ? '—' : dollars.format(value);
}

/** A rounded percent ("45%"); a dash until the lead has been scored. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${Math.round(value)}%`;
}

/** "Emergency request +18" / "No phone number −6". */
export function formatFactor({ label, points }: TScoreFactor): string {
  const rounded = Math.round(points);
  return `${label} ${rounded >= 0 ? '+' : '−'}${Math.abs(rounded)}`;
}

/** Where a lead came from: "Landing page · Spring tune-up", "Organic search · "furnace repair"". */
export function formatSource(lead: Pick<TLead, 'source' | 'sourcePage' | 'sourceKeyword'>): string {
  return [LEAD_SOURCE_LABELS[lead.source], lead.sourceKeyword && `"${lead.sourceKeyword}"`, lead.sourcePage]
    .filter(Boolean)
    .join(' · ');
}
