import { Link } from 'wouter';
import type { TReport } from '@shared/schemas/analytics';
import { keywordLabel, LEAD_SOURCE_LABELS } from '@shared/schemas/lead-sources';

const fmt = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A report's own figures (leads, conversions, revenue by source, reviews, posts): with or without Google. */
export function ReportOwnFigures({ report }: { report: TReport }) {
  const own = report.details?.own;
  if (!own) return null;
  return (
    <section aria-label="Your business" className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">Your business in this period</h3>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {[
          ['Leads', fmt.format(own.leads)],
          ['Converted', fmt.format(own.converted)],
          ['Revenue', money.format(own.revenue)],
          ['Reviews', own.averageRating === null ? '0' : `${fmt.format(own.reviews)} · ${own.averageRating}★`],
          ['Posts published', fmt.format(own.postsPublished)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {own.revenueBySource.length ? (
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left text-xs text-slate-600">Revenue by lead source</caption>
          <thead>
            <tr className="text-xs text-slate-600">
              <th className="py-1 font-medium">Source</th>
              <th className="py-1 text-right font-medium">Leads</th>
              <th className="py-1 text-right font-medium">Converted</th>
              <th className="py-1 text-right font-medium">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {own.revenueBySource.map((s) => [
              <tr key={s.label} className="border-t border-slate-100">
                <td className="py-1">{s.label}</td>
                <td className="py-1 text-right">{fmt.format(s.leads)}</td>
                <td className="py-1 text-right">{fmt.format(s.converted)}</td>
                <td className="py-1 text-right">{money.format(s.revenue)}</td>
              </tr>,
              // Organic search, split by the search words that brought its leads.
              ...(s.label === LEAD_SOURCE_LABELS.organic_search ? (own.revenueByKeyword ?? []) : []).map((k) => (
                <tr key={`keyword-${k.keyword ?? ''}`} data-testid="report-keyword" className="text-slate-600">
                  <td className="py-1 pl-3 break-words">{keywordLabel(k.keyword)}</td>
                  <td className="py-1 text-right">{fmt.format(k.leads)}</td>
                  <td className="py-1 text-right">{fmt.format(k.converted)}</td>
                  <td className="py-1 text-right">{money.format(k.revenue)}</td>
                </tr>
              )),
            ])}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-600">No leads in this period yet.</p>
      )}
    </section>
  );
}

/** What a report without Google Analytics leaves out, and where to connect it. */
export function ReportWithoutGoogle() {
  return (
    <section aria-label="Website traffic" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      <h3 className="mb-1 font-semibold text-slate-900">Website traffic</h3>
      Connecting Google adds visits by week, traffic sources and top pages (Google Analytics) and the searches that
      found you (Search Console).{' '}
      <Link href="/settings?tab=connections" className="font-medium text-brand-700 underline">
        Connect Google
      </Link>
    </section>
  );
}
