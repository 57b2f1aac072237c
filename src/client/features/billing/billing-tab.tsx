import { useState } from 'react';
import { useSearch } from 'wouter';
import { Check, CreditCard } from 'lucide-react';
import {
  FEATURE_LABELS,
  FREE_TRIAL_DAYS,
  PLANS,
  pricePerMonth,
  yearlyTotal,
  type BillingCycle,
  type PlanFeature,
  type PlanId,
} from '@shared/plans';
import { BILLING_MESSAGES } from '@shared/billing';
import type { TBilling } from '@shared/schemas/billing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FormAlert } from '@/components/form/form-alert';
import { BillingToggle } from '@/components/pricing/billing-toggle';
import { formatDollars } from '@/components/pricing/format-dollars';
import { SettingsCard } from '@/components/config-form/settings-card';
import { errorMessage } from '@/lib/api';
import { DeviceTime } from '@/lib/device-time';
import { cn } from '@/lib/utils';
import { useBilling, useCheckout, useInvoices, usePortal, useSetLocalPlan } from './billing-api';
import { InvoicesTable } from './invoices-table';

/** A day in the device's zone, which the server rendering the page does not know. */
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const day = (iso: string | null) => (iso ? <DeviceTime at={new Date(iso)} format={dayFormat} /> : null);

function StatusBadge({ billing }: { billing: TBilling }) {
  switch (billing.status) {
    case 'trialing':
      return <Badge variant="accent">Trial until {day(billing.trialEndsAt)}</Badge>;
    case 'active':
      return <Badge variant="success">Active</Badge>;
    case 'past_due':
      return <Badge variant="destructive">Payment failed</Badge>;
    case 'canceled':
      return <Badge variant="secondary">Cancelled</Badge>;
    case 'local':
      return <Badge variant="outline">Local plan</Badge>;
    default:
      return billing.plan === 'free' ? <Badge variant="secondary">No subscription</Badge> : null;
  }
}

/** Settings → Billing: the plan, its limits and usage for everyone; plan changes for the admin. */
export function BillingTab({ isAdmin }: { isAdmin: boolean }) {
  const billing = useBilling();
  const checkout = new URLSearchParams(useSearch()).get('checkout');
  if (billing.isError)
    return <FormAlert tone="error">{errorMessage(billing.error, 'Could not load your plan.')}</FormAlert>;
  if (!billing.data) return <Skeleton className="h-64 w-full" />;
  const b = billing.data;
  return (
    <div className="space-y-6">
      {checkout === 'success' ? (
        <FormAlert tone="success">
          Thanks! Your subscription is being set up; the plan below updates as soon as Stripe confirms it.
        </FormAlert>
      ) : null}
      {b.mode === 'local' ? (
        <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-semibold">Stripe is not connected</p>
          <p className="mt-1">{BILLING_MESSAGES.notConnected}</p>
        </div>
      ) : null}
      <CurrentPlanCard billing={b} isAdmin={isAdmin} />
      <PlansCard billing={b} isAdmin={isAdmin} />
      {isAdmin && b.mode === 'stripe' ? <InvoicesCard enabled={b.canManage} /> : null}
    </div>
  );
}

function Meter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const ratio = limit === null ? 0 : Math.min(1, used / Math.max(limit, 1));
  const near = limit !== null && ratio >= 0.8;
  return (
    <div>
      <div className="flex justify-between gap-2 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className={cn('tabular-nums', near ? 'font-semibold text-amber-800' : 'text-slate-600')}>
          {limit === null ? `${used} · unlimited` : `${used} of ${limit}`}
        </span>
      </div>
      {limit !== null ? (
        <div
          className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
        >
          <div
            className={cn('h-full rounded-full', near ? 'bg-amber-500' : 'bg-brand-600')}
            style={{ width: `${ratio * 100}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

function CurrentPlanCard({ billing, isAdmin }: { billing: TBilling; isAdmin: boolean }) {
  const portal = usePortal();
  const nearLimit =
    (billing.limits.aiPostsPerMonth !== null && billing.usage.aiPosts >= billing.limits.aiPostsPerMonth * 0.8) ||
    (billing.limits.teamMembers !== null && billing.usage.teamMembers >= billing.limits.teamMembers);
  return (
    <SettingsCard
      id="billing-plan"
      title={`${billing.planName} plan`}
      badge={<StatusBadge billing={billing} />}
      description={
        billing.status === 'past_due' && billing.graceEndsAt ? (
          <>
            We could not charge your card. Your plan keeps working until {day(billing.graceEndsAt)}; update the payment
            method to keep it. Nothing is deleted.
          </>
        ) : billing.currentPeriodEnd && billing.status === 'active' ? (
          <>Renews on {day(billing.currentPeriodEnd)}.</>
        ) : (
          'What your plan includes and what you have used this month.'
        )
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Meter label="AI posts this month" used={billing.usage.aiPosts} limit={billing.limits.aiPostsPerMonth} />
        <Meter label="Team seats" used={billing.usage.teamMembers} limit={billing.limits.teamMembers} />
      </div>
      {billing.limits.features.length ? (
        <ul className="mt-5 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
          {billing.limits.features.map((f) => (
            <li key={f} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {FEATURE_LABELS[f as PlanFeature] ?? f}
            </li>
          ))}
        </ul>
      ) : null}
      {nearLimit ? (
        <p className="mt-5 text-sm font-medium text-amber-800">
          You are close to your plan’s limits. {isAdmin ? 'Pick a bigger plan below.' : 'Ask an admin to upgrade.'}
        </p>
      ) : null}
      {isAdmin && billing.canManage ? (
        <div className="mt-5 space-y-2">
          <Button variant="outline" disabled={portal.isPending} onClick={() => portal.mutate(undefined)}>
            <CreditCard aria-hidden="true" />
            {portal.isPending ? 'Opening…' : 'Manage billing'}
          </Button>
          <p className="text-xs text-slate-600">{BILLING_MESSAGES.stripeConnected}</p>
          {portal.isError ? <FormAlert tone="error">{errorMessage(portal.error, 'Failed.')}</FormAlert> : null}
        </div>
      ) : null}
      {!isAdmin ? <p className="mt-5 text-sm text-slate-600">Only an admin can change the plan.</p> : null}
    </SettingsCard>
  );
}

function PlansCard({ billing, isAdmin }: { billing: TBilling; isAdmin: boolean }) {
  const [cycle, setCycle] = useState<BillingCycle>(billing.interval === 'year' ? 'yearly' : 'monthly');
  const checkout = useCheckout();
  const setLocal = useSetLocalPlan();
  const subscribed = billing.status === 'trialing' || billing.status === 'active' || billing.status === 'past_due';
  const error = checkout.error ?? setLocal.error;

  const action = (id: PlanId) => {
    if (!isAdmin) return null;
    const current = billing.subscribedPlan === id && (billing.mode === 'local' || subscribed);
    if (current)
      return (
        <Button variant="secondary" disabled className="w-full">
          Current plan
        </Button>
      );
    if (billing.mode === 'local')
      return (
        <Button variant="outline" className="w-full" disabled={setLocal.isPending} onClick={() => setLocal.mutate(id)}>
          Switch to this plan
        </Button>
      );
    if (subscribed)
      return <p className="text-center text-xs text-slate-600">Change it in Manage billing (prorated).</p>;
    return (
      <Button
        className="w-full"
        disabled={checkout.isPending}
        onClick={() => checkout.mutate({ plan: id, interval: cycle === 'yearly' ? 'year' : 'month' })}
      >
        {`Start ${FREE_TRIAL_DAYS}-day free trial`}
      </Button>
    );
  };

  return (
    <SettingsCard
      id="billing-plans"
      title="Plans"
      description={
        billing.mode === 'local'
          ? 'Without Stripe nothing is charged: pick the plan whose limits this business should have.'
          : `${FREE_TRIAL_DAYS} days free, no credit card needed. Change plans anytime; changes are prorated.`
      }
    >
      <BillingToggle value={cycle} onChange={setCycle} />
      <div className="mt-5 grid gap-4 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <article
            key={plan.id}
            aria-labelledby={`billing-plan-${plan.id}`}
            data-plan={plan.id}
            className={cn(
              'flex flex-col rounded-xl border p-4',
              billing.subscribedPlan === plan.id ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 id={`billing-plan-${plan.id}`} className="font-bold text-slate-900">
                {plan.name}
              </h3>
              {plan.mostPopular ? <Badge variant="accent">Most popular</Badge> : null}
            </div>
            <p className="mt-2">
              <span className="text-3xl font-extrabold text-slate-900">
                {formatDollars(pricePerMonth(plan, cycle))}
              </span>
              <span className="text-sm text-slate-600">/month</span>
            </p>
            <p className="text-xs text-slate-600">
              {cycle === 'yearly' ? `${formatDollars(yearlyTotal(plan))} billed yearly` : 'Billed monthly'}
            </p>
            <ul className="mt-3 flex-1 space-y-1.5 text-sm text-slate-700">
              {plan.features.slice(0, 4).map((f) => (
                <li key={f} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  {f}
                </li>
              ))}
            </ul>
            <div className="mt-4">{action(plan.id)}</div>
          </article>
        ))}
      </div>
      {billing.mode === 'local' && isAdmin && billing.subscribedPlan !== 'free' ? (
        <Button variant="link" className="mt-2 px-0" onClick={() => setLocal.mutate('free')}>
          Move back to the free plan
        </Button>
      ) : null}
      {error ? (
        <FormAlert tone="error" className="mt-4">
          {errorMessage(error, 'That did not work. Please try again.')}
        </FormAlert>
      ) : null}
    </SettingsCard>
  );
}

function InvoicesCard({ enabled }: { enabled: boolean }) {
  const invoices = useInvoices(enabled);
  return (
    <SettingsCard id="billing-invoices" title="Invoices">
      {!enabled ? (
        <p className="text-sm text-slate-600">No invoices yet.</p>
      ) : invoices.isError ? (
        <FormAlert tone="error">{errorMessage(invoices.error, 'Could not load the invoices.')}</FormAlert>
      ) : !invoices.data ? (
        <Skeleton className="h-16 w-full" />
      ) : invoices.data.invoices.length === 0 ? (
        <p className="text-sm text-slate-600">No invoices yet. During the free trial nothing is charged.</p>
      ) : (
        <InvoicesTable invoices={invoices.data.invoices} />
      )}
    </SettingsCard>
  );
}
