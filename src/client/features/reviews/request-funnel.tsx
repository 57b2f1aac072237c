import { FUNNEL_PERIODS } from '@shared/review-requests';
import type { TRequestFunnel } from '@shared/schemas/review-requests';

const selectClass = 'h-9 rounded-lg border border-slate-300 bg-white px-2 text-base shadow-sm sm:text-sm';
const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—');

/** Requests sent → clicked (opened the review link) → new reviews, for the chosen period. */
export function RequestFunnel({
  funnel,
  days,
  onDays,
}: {
  funnel: TRequestFunnel | undefined;
  days: number;
  onDays: (days: number) => void;
}) {
  const steps = [
    { label: 'Requests sent', value: funnel?.sent, note: null },
    { label: 'Clicked', value: funnel?.clicked, note: funnel ? `${pct(funnel.clicked, funnel.sent)} of sent` : null },
    { label: 'New reviews', value: funnel?.newReviews, note: 'on Google in this period' },
  ];
  const top = Math.max(1, funnel?.sent ?? 0, funnel?.newReviews ?? 0);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">Review request funnel</h3>
        <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
          Period
          <select className={selectClass} value={days} onChange={(e) => onDays(Number(e.target.value))}>
            {FUNNEL_PERIODS.map((d) => (
              <option key={d} value={d}>
                {d === 365 ? 'Last 12 months' : `Last ${d} days`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ol aria-label="Review request funnel" className="mt-3 grid grid-cols-3 gap-2 sm:gap-4">
        {steps.map((s, i) => (
          <li key={s.label} className="min-w-0">
            <p className="text-xs font-medium text-slate-600 sm:text-sm">
              <span aria-hidden="true" className="mr-1 text-slate-500">
                {i + 1}.
              </span>
              {s.label}
            </p>
            <p className="text-2xl font-bold text-slate-900" aria-label={`${s.label}: ${s.value ?? 'loading'}`}>
              {s.value === undefined ? '…' : s.value.toLocaleString('en-US')}
            </p>
            <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
              <div
                className="h-2 rounded-full bg-brand-600"
                style={{ width: `${Math.round(((s.value ?? 0) / top) * 100)}%` }}
              />
            </div>
            {s.note ? <p className="mt-1 text-xs text-slate-500">{s.note}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
