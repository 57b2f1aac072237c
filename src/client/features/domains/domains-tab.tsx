import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { formatDistanceToNow } from 'date-fns';
import { CheckCircle2, Clock, Copy, Globe, RefreshCw, Trash2 } from 'lucide-react';
import type { TDomain } from '@shared/schemas/domains';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { FormAlert } from '@/components/form/form-alert';
import { SettingsCard } from '@/components/config-form/settings-card';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import { useAddDomain, useDomains, useRemoveDomain, useVerifyDomain } from './domains-api';

/**
 * Settings → Custom domain (admins, Enterprise): the business's own address for the app and its
 * landing pages. Adding one shows the two DNS records to publish; Verify checks the TXT record.
 */
export function DomainsTab() {
  const domains = useDomains();
  if (domains.isError)
    return <FormAlert tone="error">{errorMessage(domains.error, 'Could not load your domains.')}</FormAlert>;
  if (!domains.data) return <Skeleton className="h-48 w-full" />;
  const { upgradeMessage } = domains.data;
  return (
    <div className="space-y-6">
      <SettingsCard
        id="domains-add"
        title="Custom domain"
        description="Serve the app and your published landing pages at your own address, such as app.yourbusiness.com, under your white-label brand."
      >
        {upgradeMessage ? (
          <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            {upgradeMessage}{' '}
            <Link href="/settings?tab=billing" className="font-semibold underline">
              See plans
            </Link>
          </p>
        ) : (
          <AddDomainForm />
        )}
      </SettingsCard>
      {domains.data.domains.map((d) => (
        <DomainCard key={d.id} domain={d} />
      ))}
    </div>
  );
}

function AddDomainForm() {
  const add = useAddDomain();
  const [domain, setDomain] = useState('');
  const fields = fieldErrorsOf(add.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { domain },
      {
        onSuccess: (result) => {
          setDomain('');
          toast({ title: 'Domain added', description: result.message });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <TextField
          id="domain-name"
          label="Domain"
          placeholder="app.yourbusiness.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          error={fields.domain ?? (add.isError ? errorMessage(add.error, 'The domain could not be added.') : undefined)}
        />
      </div>
      <Button type="submit" className="sm:mt-6" disabled={add.isPending || !domain.trim()}>
        <Globe aria-hidden="true" />
        {add.isPending ? 'Adding…' : 'Add domain'}
      </Button>
    </form>
  );
}

async function copy(label: string, value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: 'Copied', description: `The ${label} is on your clipboard.` });
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the text and copy it by hand.' });
  }
}

function RecordRow({ type, name, value }: { type: string; name: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <Badge variant="secondary">{type} record</Badge>
      </div>
      <dl className="grid gap-2 text-sm">
        {[
          ['Name', name],
          ['Value', value],
        ].map(([label, text]) => (
          <div key={label} className="flex items-start gap-2">
            <dt className="w-12 shrink-0 pt-1 text-slate-600">{label}</dt>
            <dd className="min-w-0 flex-1 rounded bg-slate-50 px-2 py-1 font-mono text-xs break-all text-slate-900">
              {text}
            </dd>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8 shrink-0"
              aria-label={`Copy ${type} ${label?.toLowerCase()}`}
              onClick={() => copy(`${type} ${label?.toLowerCase()}`, text ?? '')}
            >
              <Copy aria-hidden="true" />
            </Button>
          </div>
        ))}
      </dl>
    </div>
  );
}

function DomainCard({ domain }: { domain: TDomain }) {
  const verify = useVerifyDomain();
  const remove = useRemoveDomain();
  const [confirming, setConfirming] = useState(false);
  const checked = domain.lastCheckedAt
    ? `Last checked ${formatDistanceToNow(new Date(domain.lastCheckedAt), { addSuffix: true })}.`
    : 'Not checked yet.';
  const runVerify = () =>
    verify.mutate(domain.id, {
      onSuccess: (result) =>
        toast({
          variant: result.domain.verified ? 'default' : 'destructive',
          title: result.domain.verified ? 'Domain verified' : 'Not verified yet',
          description: result.message,
        }),
      onError: (err) =>
        toast({ variant: 'destructive', title: 'Check failed', description: errorMessage(err, 'Please try again.') }),
    });
  return (
    <SettingsCard
      id={`domain-${domain.id}`}
      title={domain.domain}
      badge={
        domain.verified ? (
          <Badge variant="success">
            <CheckCircle2 className="size-3.5" aria-hidden="true" />
            Verified
          </Badge>
        ) : (
          <Badge variant="warning">
            <Clock className="size-3.5" aria-hidden="true" />
            Waiting for DNS
          </Badge>
        )
      }
      description={
        domain.verified ? (
          <>
            Live at{' '}
            <a href={domain.url} className="font-medium text-brand-700 underline" target="_blank" rel="noreferrer">
              {domain.url}
            </a>
            . {checked}
          </>
        ) : (
          <>At your domain registrar (GoDaddy, Namecheap, Cloudflare…), add these two records, then press Verify.</>
        )
      }
    >
      <div className="space-y-3">
        {!domain.verified && domain.lastError ? <FormAlert tone="error">{domain.lastError}</FormAlert> : null}
        <RecordRow type="TXT" name={domain.txt.name} value={domain.txt.value} />
        <RecordRow type="CNAME" name={domain.cname.name} value={domain.cname.value} />
        {!domain.verified ? <p className="text-xs text-slate-600">{checked}</p> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant={domain.verified ? 'outline' : 'default'}
            disabled={verify.isPending}
            onClick={runVerify}
          >
            <RefreshCw aria-hidden="true" className={verify.isPending ? 'animate-spin' : undefined} />
            {verify.isPending ? 'Checking…' : domain.verified ? 'Check again' : 'Verify'}
          </Button>
          <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${domain.domain}?`}
        description="The app and your landing pages stop answering at this address. Links to it stop working until you add it again."
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Failed.') : null}
        onConfirm={() =>
          remove.mutate(domain.id, {
            onSuccess: (res) => {
              setConfirming(false);
              toast({ title: 'Domain removed', description: res.message });
            },
          })
        }
      />
    </SettingsCard>
  );
}
