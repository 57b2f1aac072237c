import { useState } from 'react';
import { Link } from 'wouter';
import { NUM, RevenueTableHead } from '@/components/revenue-table';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { TRevenueItem } from '@shared/schemas/coach';
import type { TKeywordRevenue } from '@shared/schemas/leads';
import { keywordLabel } from '@shared/schemas/lead-sources';
import { useRevenueBySource } from './coach-api';

const money = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** The figure columns keep their width and a gap, however long the names beside them. */

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One post or landing page under its source: its name (linked), kind and clicks, and its figures. */
function ItemRow({ item }: { item: TRevenueItem }) {
  const kind = item.kind === 'post' ? `${item.platform ?? 'Social'} post` : 'Landing page';
  const meta = item.clicks === null ? kind : `${kind} · ${plural(item.clicks, 'click')}`;
  // Up to two lines of the post's text, then cut: no sideways scroll on a phone.
  const linkClass = 'line-clamp-2 break-words font-medium text-brand-700 underline';
  // A published page is served by the server, not the app's router.
  const link = item.href.startsWith('/p/') ? (
    <a href={item.href} className={linkClass} title={item.label}>
      {item.label}
    </a>
  ) : (
    <Link href={item.href} className={linkClass} title={item.label}>
      {item.label}
    </Link>
  );
  return (
    <tr data-testid="revenue-item" className="text-slate-700">
      <th scope="row" className="max-w-0 py-1.5 pr-2 pl-3 text-left font-normal">
        {link}
        <span className="block truncate text-xs text-slate-600">{meta}</span>
      </th>
      <td className={`py-1.5 ${NUM}`}>{item.leads}</td>
      <td className={`py-1.5 ${NUM}`}>{item.converted}</td>
      <td className={`py-1.5 ${NUM}`}>{money(item.revenue)}</td>
    </tr>
  );
}

/** One search keyword under Organic search: the words that brought those leads, and their figures. */
function KeywordRow({ row }: { row: TKeywordRevenue }) {
  return (
    <tr data-testid="revenue-keyword" className="text-slate-700">
      <th scope="row" className="max-w-0 py-1.5 pr-2 pl-3 text-left font-normal">
        <span className="line-clamp-2 break-words">{keywordLabel(row.keyword)}</span>
        <span className="block truncate text-xs text-slate-600">Search keyword</span>
      </th>
      <td className={`py-1.5 ${NUM}`}>{row.leads}</td>
      <td className={`py-1.5 ${NUM}`}>{row.converted}</td>
      <td className={`py-1.5 ${NUM}`}>{money(row.revenue)}</td>
    </tr>
  );
}

/** Revenue by source: jobs won and what they were worth, per place the lead came from, and per post or page. */
export function RevenueTab() {
  const [days, setDays] = useState(30);
  const revenue = useRevenueBySource(days);
  const data = revenue.data;
  const max = Math.max(1, ...(data?.sources.map((s) => s.revenue) ?? []));
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      aria-label="Revenue by source"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">
          Revenue by source{data ? <span className="ml-2 text-slate-600">{money(data.totalRevenue)}</span> : null}
        </h2>
        <div className="flex gap-1" role="group" aria-label="Period">
          {[30, 90].map((d) => (
            <Button
              key={d}
              size="sm"
              variant={d === days ? 'default' : 'outline'}
              aria-pressed={d === days}
              onClick={() => setDays(d)}
            >
              {d} days
            </Button>
          ))}
        </div>
      </div>
      {revenue.isPending ? <Skeleton className="mt-4 h-24 w-full" /> : null}
      {revenue.isError ? <p className="mt-3 text-sm text-red-700">{revenue.error.message}</p> : null}
      {data && data.sources.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          No leads in the last {days} days. Converted leads show here with the job value entered on{' '}
          <Link href="/leads" className="font-medium text-brand-700 underline">
            Convert
          </Link>
          .
        </p>
      ) : null}
      {data && data.sources.length ? (
        <table className="mt-4 w-full text-sm">
          <RevenueTableHead first="Source" />
          <tbody>
            {data.sources.map((s) => [
              <tr key={s.source} className="border-t border-slate-100">
                <th scope="row" className="max-w-0 py-2 pr-2 text-left font-medium text-slate-900">
                  {s.label}
                  <div className="mt-1 h-1.5 max-w-md rounded-full bg-slate-100" aria-hidden="true">
                    <div
                      className="h-full rounded-full bg-brand-500"
                      style={{ width: `${(s.revenue / max) * 100}%` }}
                    />
                  </div>
                </th>
                <td className={`py-2 ${NUM}`}>{s.leads}</td>
                <td className={`py-2 ${NUM}`}>{s.converted}</td>
                <td className={`py-2 font-semibold ${NUM}`}>{money(s.revenue)}</td>
              </tr>,
              ...s.items.map((item) => <ItemRow key={`${item.kind}-${item.id}`} item={item} />),
              ...(s.source === 'organic_search'
                ? data.keywords.map((k) => <KeywordRow key={`keyword-${k.keyword ?? ''}`} row={k} />)
                : []),
            ])}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
