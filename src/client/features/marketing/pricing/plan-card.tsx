import { Check } from 'lucide-react';
import { pricePerMonth, yearlySavings, yearlyTotal, type BillingCycle, type Plan } from '@shared/plans';
import { LOGIN_URL } from '@/lib/auth/login-url';
import { buttonVariants } from '@/components/ui/button-variants';
import { formatDollars } from '@/components/pricing/format-dollars';
import { clsx } from 'clsx';
import { CONTACT_SALES_HREF } from './contact';
import { ComingSoonBadge } from '@/features/marketing/coming-soon-badge';

export function PlanCard({ plan, cycle }: { plan: Plan; cycle: BillingCycle }) {
  const titleId = `plan-${plan.id}-title`;
  const price = pricePerMonth(plan, cycle);
  const popular = plan.mostPopular;

  return (
    <article
      aria-labelledby={titleId}
      data-plan={plan.id}
      className={clsx(
        'relative flex h-full flex-col rounded-3xl border bg-white p-6 shadow-sm sm:p-8',
        popular ? 'border-brand-600 shadow-xl shadow-brand-900/10 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-xl font-bold text-slate-900">
          {plan.name}
        </h3>
        {popular ? (
          <span className="rounded-full bg-accent-100 px-3 py-1 text-xs font-bold text-accent-800">Most popular</span>
        ) : null}
      </div>
      <p className="mt-2 text-sm leading-6 text-slate-600">{plan.tagline}</p>

      <p className="mt-6 flex items-baseline gap-1">
        <span data-testid="plan-price" className="text-5xl font-extrabold tracking-tight text-slate-900">
          {formatDollars(price)}
        </span>
        <span aria-hidden="true" className="text-base font-medium text-slate-600">
          /month
        </span>
        <span className="sr-only"> per month</span>
      </p>
      <div className="mt-2 min-h-12 text-sm">
        {cycle === 'yearly' ? (
          <>
            <p className="text-slate-600">{formatDollars(yearlyTotal(plan))} billed once a year</p>
            <p data-testid="plan-savings" className="font-semibold text-emerald-700">
              Save {formatDollars(yearlySavings(plan))} a year
            </p>
          </>
        ) : (
          <p className="text-slate-600">Billed monthly. Cancel anytime.</p>
        )}
      </div>

      <div className="mt-6 flex flex-col gap-2">
        {plan.contactSales ? (
          <>
            <a href={CONTACT_SALES_HREF} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Contact Sales
            </a>
            <a
              href={LOGIN_URL}
              className="self-center rounded-sm py-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              or start a free 14-day trial
            </a>
          </>
        ) : (
          <a href={LOGIN_URL} className={buttonVariants({ size: 'lg', variant: popular ? 'default' : 'outline' })}>
            Start Free Trial
          </a>
        )}
      </div>

      <ul className="mt-8 space-y-3 border-t border-slate-100 pt-6 text-sm leading-6 text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            <span>
              {feature}
              <ComingSoonBadge claim={feature} />
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}
