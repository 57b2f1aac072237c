import { ExternalLink } from 'lucide-react';
import type { TInvoice } from '@shared/schemas/billing';
import { Badge } from '@/components/ui/badge';

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);

/** Stripe's invoices of this business, newest first; on a phone each becomes a stacked row. */
export function InvoicesTable({ invoices }: { invoices: TInvoice[] }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="sr-only sm:not-sr-only">
        <tr className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          <th className="py-2 font-semibold">Date</th>
          <th className="py-2 font-semibold">Invoice</th>
          <th className="py-2 font-semibold">Amount</th>
          <th className="py-2 font-semibold">Status</th>
          <th className="py-2 font-semibold">
            <span className="sr-only">Link</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {invoices.map((inv) => (
          <tr key={inv.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 sm:table-row">
            <td className="sm:py-2">{new Date(inv.date).toLocaleDateString()}</td>
            <td className="text-slate-600 sm:py-2">{inv.number ?? '—'}</td>
            <td className="font-medium tabular-nums sm:py-2">{money(inv.amount, inv.currency)}</td>
            <td className="sm:py-2">
              <Badge variant={inv.status === 'paid' ? 'success' : inv.status === 'open' ? 'warning' : 'secondary'}>
                {inv.status}
              </Badge>
            </td>
            <td className="sm:py-2 sm:text-right">
              {inv.hostedUrl ? (
                <a
                  href={inv.hostedUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
                >
                  View <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">invoice {inv.number ?? ''} (opens in a new tab)</span>
                </a>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
