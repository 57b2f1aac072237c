import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useRevenueBySource } from './coach-api';

const money = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Revenue by source: jobs won and what they were worth, per place the lead came from. */
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
        <h3 className="font-semibold text-slate-900">
          Revenue by source{data ? <span className="ml-2 text-slate-600">{money(data.totalRevenue)}</span> : null}
        </h3>
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
          <thead>
            <tr className="text-left text-xs text-slate-600">
              <th scope="col" className="pb-2 font-medium">
                Source
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Leads
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Jobs
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {data.sources.map((s) => (
              <tr key={s.source} className="border-t border-slate-100">
                <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-900">
                  {s.label}
                  <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                    <div
                      className="h-full rounded-full bg-brand-500"
                      style={{ width: `${(s.revenue / max) * 100}%` }}
                    />
                  </div>
                </th>
                <td className="py-2 text-right tabular-nums">{s.leads}</td>
                <td className="py-2 text-right tabular-nums">{s.converted}</td>
                <td className="py-2 text-right font-semibold tabular-nums">{money(s.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
