import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { keywordLabel } from '@shared/schemas/lead-sources';
import type { TKeywordRevenueList } from '@shared/schemas/leads';
import { NUM, RevenueTableHead } from '@/components/revenue-table';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { apiFetch } from '@/lib/api';
import { leadKeys } from '@/lib/query-keys';

const DAYS = 90;
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * Revenue from organic search per keyword: the search words each organic lead came with (from the
 * business's own leads, so it shows with or without Search Console), and "keyword not provided"
 * for the leads whose words nobody passed on.
 */
export function KeywordRevenuePanel() {
  const revenue = useQuery({
    queryKey: leadKeys.keywordRevenue(DAYS),
    queryFn: ({ signal }) => apiFetch<TKeywordRevenueList>(`/api/leads/keyword-revenue?days=${DAYS}`, { signal }),
  });
  const rows = revenue.data?.keywords;
  return (
    <Card role="region" aria-label="Revenue by keyword">
      <CardHeader>
        <CardTitle>Revenue by keyword</CardTitle>
        <p className="text-sm text-slate-600">
          Leads from organic search in the last {DAYS} days, by what they searched.
        </p>
      </CardHeader>
      <CardContent>
        {revenue.isPending ? <p className="text-sm text-slate-600">Loading…</p> : null}
        {revenue.isError ? <p className="text-sm text-red-700">{revenue.error.message}</p> : null}
        {rows && rows.length === 0 ? (
          <p className="text-sm text-slate-600">
            No leads from organic search in the last {DAYS} days. When someone finds one of your pages in a search and
            sends its form, the lead shows here with the words they searched for (or as “keyword not provided” when the
            search engine keeps them). Revenue counts once you convert it on{' '}
            <Link href="/leads" className="font-medium text-brand-700 underline">
              Leads
            </Link>
            .
          </p>
        ) : null}
        {rows?.length ? (
          <table className="w-full text-sm">
            <RevenueTableHead first="Keyword" />
            <tbody>
              {rows.map((k) => (
                <tr key={k.keyword ?? ''} data-testid="keyword-revenue" className="border-t border-slate-100">
                  <th scope="row" className="max-w-0 py-2 pr-2 text-left font-medium break-words text-slate-900">
                    {keywordLabel(k.keyword)}
                  </th>
                  <td className={`py-2 ${NUM}`}>{k.leads}</td>
                  <td className={`py-2 ${NUM}`}>{k.converted}</td>
                  <td className={`py-2 font-semibold ${NUM}`}>{money.format(k.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </CardContent>
    </Card>
  );
}
