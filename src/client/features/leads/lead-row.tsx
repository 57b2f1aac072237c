import { memo, useId } from 'react';
import { Clock, Mail, MapPin, Phone, Signpost, Wrench } from 'lucide-react';
import type { TLead } from '@shared/schemas/leads';
import { Badge } from '@/components/ui/badge';
import {
  formatFactor,
  formatMoney,
  formatPercent,
  formatSource,
  PRIORITY_BADGE,
  PRIORITY_LABELS,
  STATUS_BADGE,
  STATUS_LABELS,
} from './lead-format';
import { LeadActionBar } from './lead-actions';
import { useHydrated } from '@/lib/use-hydrated';
import { relativeTime } from './relative-time';
import type { LeadActions } from './use-lead-actions';

/** How many score factors a row shows: the largest ones, which carry the "why". */
const FACTORS_SHOWN = 3;

const MODEL_NOTE = {
  history: 'learned from your closed leads',
  priors: 'trade benchmarks until enough leads close',
} as const;

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 px-1 py-1.5 text-center sm:px-2">
      {/* A phone's quarter of the row is narrow: a smaller label, so "Conversion" is read whole. */}
      <dt className="truncate text-[11px] font-medium tracking-tight text-slate-600 sm:text-xs sm:tracking-normal">
        {label}
      </dt>
      <dd className="text-sm font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** Why the lead scored what it did (PRODUCT.md item 5): its largest factors and the model behind them. */
export function ScoreWhy({ lead }: { lead: TLead }) {
  if (!lead.scoreModel || lead.scoreFactors.length === 0)
    return <p className="text-xs text-slate-600">Not scored yet — use AI Score.</p>;
  return (
    <p className="text-xs leading-5 text-slate-600">
      <span className="font-semibold text-slate-800">Why {lead.leadScore}: </span>
      {lead.scoreFactors.slice(0, FACTORS_SHOWN).map(formatFactor).join(' · ')}
      <span className="text-slate-500"> ({MODEL_NOTE[lead.scoreModel]})</span>
    </p>
  );
}

/**
 * Element Timing (a standard paint-timing API): the browser reports when each lead's name is first
 * painted, under this name. `npm run bench:web` reads it as "first rows on screen"; React has no
 * typed prop for the attribute, hence the spread.
 */
const NAME_TIMING = { elementtiming: 'lead-name' } as Record<string, string>;

/** "5 hours ago", with the date and time on hover in the device's own zone and format. */
function CreatedAgo({ at }: { at: string }) {
  // A server-rendered row (entry-server.tsx) knows neither the zone nor the format: the title comes
  // once the page runs, and a "minute ago" the server wrote a moment earlier stays as written.
  const hydrated = useHydrated();
  return (
    <time dateTime={at} title={hydrated ? new Date(at).toLocaleString() : undefined} suppressHydrationWarning>
      {relativeTime(at)}
    </time>
  );
}

/**
 * One lead: every field of the spec, stacked on a phone and in columns from lg up. Memoised: the
 * virtual list redraws as the page scrolls and as rows are measured, and a row whose lead and
 * actions are the same is not drawn again.
 */
export const LeadRow = memo(function LeadRow({ lead, actions }: { lead: TLead; actions: LeadActions }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between lg:gap-6">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={nameId} className="text-base font-semibold break-words text-slate-900" {...NAME_TIMING}>
              {lead.name}
            </h3>
            <Badge variant={STATUS_BADGE[lead.status]}>{STATUS_LABELS[lead.status]}</Badge>
            <Badge variant={PRIORITY_BADGE[lead.priority]}>{PRIORITY_LABELS[lead.priority]} priority</Badge>
          </div>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <Wrench aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
              <span className="break-words">{lead.service}</span>
            </span>
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
              <span className="break-words">{lead.location}</span>
            </span>
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <Signpost aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
              <span className="break-words">Source: {formatSource(lead)}</span>
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <Mail aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
              {lead.email ? (
                <a href={`mailto:${lead.email}`} className="break-all text-brand-700 hover:underline">
                  {lead.email}
                </a>
              ) : (
                <span>No email</span>
              )}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Phone aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
              {lead.phone ? (
                <a href={`tel:${lead.phone}`} className="whitespace-nowrap text-brand-700 hover:underline">
                  {lead.phone}
                </a>
              ) : (
                <span>No phone</span>
              )}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
              <CreatedAgo at={lead.createdAt} />
            </span>
          </p>
        </div>
        <dl aria-label={`Scores for ${lead.name}`} className="grid shrink-0 grid-cols-4 gap-1.5 lg:w-[22rem]">
          <Metric label="Score" value={`${lead.leadScore}/100`} />
          <Metric label="Urgency" value={`${lead.urgencyScore}/100`} />
          <Metric label="Conversion" value={formatPercent(lead.conversionProbability)} />
          <Metric label="Value" value={formatMoney(lead.predictedValue)} />
        </dl>
      </div>
      <ScoreWhy lead={lead} />
      <LeadActionBar lead={lead} actions={actions} />
    </article>
  );
});
