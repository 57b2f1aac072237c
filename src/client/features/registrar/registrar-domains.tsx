import type { ReactNode } from 'react';
import { format, parseISO } from 'date-fns';
import { Globe, RefreshCw } from 'lucide-react';
import type { TRegistrarDomain } from '@shared/schemas/settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FormAlert } from '@/components/form/form-alert';
import { useRegistrarDomains } from './registrar-api';
import { SettingsCard } from '@/components/config-form/settings-card';
import { errorMessage } from '@/lib/api';

function expiresLabel(expires: string | null): string {
  if (!expires) return '—';
  const date = parseISO(expires);
  return Number.isNaN(date.getTime()) ? expires : format(date, 'MMM d, yyyy');
}

function statusVariant(status: string) {
  const s = status.toUpperCase();
  if (s === 'ACTIVE') return 'success' as const;
  if (s.includes('EXPIRED') || s.includes('CANCELLED') || s.includes('SUSPENDED')) return 'destructive' as const;
  return 'secondary' as const;
}

const statusLabel = (status: string) =>
  status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replaceAll('_', ' ');
const onOff = (value: boolean) => (value ? 'On' : 'Off');

/** Registrar → Domains: the real list of the connected account, or why there is none. */
export function RegistrarDomains({ configured, onConnect }: { configured: boolean; onConnect: () => void }) {
  const domains = useRegistrarDomains(configured);

  return (
    <SettingsCard
      id="registrar-domains-title"
      title="Your domains"
      description="Every domain in the connected GoDaddy account, with its renewal date and privacy."
    >
      {!configured ? (
        <EmptyState title="No GoDaddy account connected" text="Save your API key and secret to see your domains here.">
          <Button onClick={onConnect}>Connect GoDaddy</Button>
        </EmptyState>
      ) : domains.isPending ? (
        <div role="status" aria-label="Loading domains" className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : domains.isError ? (
        <div className="space-y-3">
          <FormAlert tone="error">{errorMessage(domains.error, 'Could not load your domains.')}</FormAlert>
          <Button variant="outline" onClick={() => void domains.refetch()} disabled={domains.isFetching}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : domains.data.domains.length === 0 ? (
        <EmptyState
          title="No domains yet"
          text="This GoDaddy account has no domains. Domains you buy at GoDaddy appear here."
        />
      ) : (
        <DomainList domains={domains.data.domains} />
      )}
    </SettingsCard>
  );
}

function DomainList({ domains }: { domains: TRegistrarDomain[] }) {
  return (
    <>
      <ul aria-label="Domains" className="divide-y divide-slate-200 rounded-lg border border-slate-200 md:hidden">
        {domains.map((d) => (
          <li key={d.domain} className="space-y-2 p-4">
            <div className="flex items-center justify-between gap-3">
              <span className="min-w-0 truncate font-semibold text-slate-900">{d.domain}</span>
              <Badge variant={statusVariant(d.status)}>{statusLabel(d.status)}</Badge>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-xs">
              <Fact term="Expires" value={expiresLabel(d.expires)} />
              <Fact term="Auto-renew" value={onOff(d.autoRenew)} />
              <Fact term="Privacy" value={onOff(d.privacy)} />
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Domains</caption>
          <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Domain
              </th>
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
              <th scope="col" className="py-2 pr-4">
                Expires
              </th>
              <th scope="col" className="py-2 pr-4">
                Auto-renew
              </th>
              <th scope="col" className="py-2">
                Privacy
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {domains.map((d) => (
              <tr key={d.domain}>
                <th scope="row" className="py-3 pr-4 font-semibold text-slate-900">
                  {d.domain}
                </th>
                <td className="py-3 pr-4">
                  <Badge variant={statusVariant(d.status)}>{statusLabel(d.status)}</Badge>
                </td>
                <td className="py-3 pr-4 text-slate-700">{expiresLabel(d.expires)}</td>
                <td className="py-3 pr-4 text-slate-700">{onOff(d.autoRenew)}</td>
                <td className="py-3 text-slate-700">{onOff(d.privacy)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-medium text-slate-800">{value}</dd>
    </div>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50">
        <Globe aria-hidden="true" className="size-6 text-brand-700" />
      </div>
      <p className="mt-4 font-semibold text-slate-900">{title}</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">{text}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}
