import { useLeadSummary } from './leads-api';

const count = new Intl.NumberFormat('en-US');

/**
 * On a phone the eight cards fold into this one line, so the list starts on the first screen;
 * the same server figures as the summary cards (wider screens show the cards instead).
 */
export function SummaryLine() {
  const { data, isError } = useLeadSummary();
  return (
    <p aria-label="Lead figures" className="min-h-5 text-sm text-slate-600 sm:hidden">
      {data ? (
        <>
          <strong className="font-semibold text-slate-900">{count.format(data.total)}</strong> leads ·{' '}
          <strong className="font-semibold text-slate-900">{count.format(data.new)}</strong> new ·{' '}
          <strong className="font-semibold text-slate-900">{count.format(data.qualified)}</strong> qualified ·{' '}
          <strong className="font-semibold text-slate-900">{data.conversionRate}%</strong> converted
        </>
      ) : isError ? (
        'Figures could not be loaded.'
      ) : null}
    </p>
  );
}
