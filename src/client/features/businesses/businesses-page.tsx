import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ArrowDownRight, ArrowUpRight, Building2, Plus } from 'lucide-react';
import { limitsOf } from '@shared/plans';
import type { TBusiness } from '@shared/schemas/businesses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { checkSchema } from '@/components/form/check-schema';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import { useBusinesses, useCreateBusiness, useSwitchBusiness } from './businesses-api';

/** /businesses: every business this login manages, side by side, with switching and creating. */
export default function BusinessesPage() {
  const businesses = useBusinesses();
  if (businesses.isError)
    return <FormAlert tone="error">{errorMessage(businesses.error, 'Could not load your businesses.')}</FormAlert>;
  if (!businesses.data)
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        <Skeleton className="h-44" />
        <Skeleton className="h-44" />
      </div>
    );
  const { businesses: list, canCreate, createBlockedReason } = businesses.data;
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your businesses">
        {list.map((b) => (
          // min-w-0: a grid item is otherwise as wide as its longest name, past a phone's edge.
          <li key={b.id} className="min-w-0">
            <BusinessCard business={b} />
          </li>
        ))}
      </ul>
      {canCreate ? (
        <CreateBusinessCard />
      ) : (
        <Card className="p-5 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">Managing several businesses?</p>
          <p className="mt-1">{createBlockedReason}</p>
          <Button asChild variant="outline" size="sm" className="mt-3">
            <Link href="/settings?tab=billing">See plans</Link>
          </Button>
        </Card>
      )}
    </div>
  );
}

function Trend({ now, before }: { now: number; before: number }) {
  if (now === before) return <span className="text-slate-500">same as last month</span>;
  const up = now > before;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span className={up ? 'text-emerald-700' : 'text-red-700'}>
      <Icon className="inline size-3.5" aria-hidden="true" />
      {Math.abs(now - before)} {up ? 'more' : 'fewer'} than last month
    </span>
  );
}

function BusinessCard({ business: b }: { business: TBusiness }) {
  const switchTo = useSwitchBusiness();
  const open = () =>
    switchTo.mutate(b.id, {
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Could not switch',
          description: errorMessage(err, 'Please try again.'),
        }),
    });
  const figures = [
    { label: 'Leads this month', value: b.leadsThisMonth },
    { label: 'New, not yet contacted', value: b.newLeads },
    { label: 'Converted', value: b.convertedLeads },
    { label: 'Open tasks', value: b.openTasks },
  ];
  return (
    <Card className="flex h-full flex-col p-5" aria-label={b.name}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 truncate text-base font-semibold text-slate-900">
            <Building2 className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="truncate">{b.name}</span>
          </h2>
          <p className="mt-0.5 text-xs text-slate-600">
            <span className="capitalize">{b.role}</span> · {limitsOf(b.plan).name} plan
          </p>
        </div>
        {b.current ? (
          <Badge variant="success" className="shrink-0">
            Current
          </Badge>
        ) : null}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg bg-slate-50 p-2.5">
            <dt className="text-xs text-slate-600">{f.label}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs">
        <Trend now={b.leadsThisMonth} before={b.leadsLastMonth} />
      </p>
      <div className="mt-auto pt-4">
        {b.current ? (
          <Button asChild variant="outline" size="sm" className="w-full">
            <Link href="/dashboard">Open dashboard</Link>
          </Button>
        ) : (
          <Button size="sm" className="w-full" disabled={switchTo.isPending} onClick={open}>
            {switchTo.isPending ? 'Switching…' : `Switch to ${b.name}`}
          </Button>
        )}
      </div>
    </Card>
  );
}

function CreateBusinessCard() {
  const create = useCreateBusiness();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) loads on the first submit, not with the page.
    const { ZCreateBusinessRequest } = await import('@shared/schemas/businesses');
    const checked = checkSchema(ZCreateBusinessRequest, { name });
    if (!checked.ok) return setError(checked.errors['name']);
    setError(undefined);
    create.mutate(checked.data, {
      onError: (err) => setError(fieldErrorsOf(err)['name'] ?? errorMessage(err, 'Please try again.')),
    });
  };

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Add a business</h2>
      <p className="mt-1 text-sm text-slate-600">
        Each business has its own leads, posts, reviews, settings and team. You become its admin and can switch back at
        any time.
      </p>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          id="new-business-name"
          label="Business name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
          autoComplete="organization"
          className="flex-1"
        />
        <Button type="submit" disabled={create.isPending} className="sm:mt-6">
          <Plus aria-hidden="true" />
          {create.isPending ? 'Creating…' : 'Create business'}
        </Button>
      </form>
    </Card>
  );
}
