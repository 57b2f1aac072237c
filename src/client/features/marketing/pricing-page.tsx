import { useState } from 'react';
import { CalendarCheck, Mail } from 'lucide-react';
import { FREE_TRIAL_DAYS, PLANS, type BillingCycle } from '@shared/plans';
import { buttonVariants } from '@/components/ui/button-variants';
import { usePageMeta } from '@/lib/use-page-meta';
import { BillingToggle } from '@/components/pricing/billing-toggle';
import { CONTACT_SALES_HREF, PERSONAL_DEMO_HREF, SALES_EMAIL } from './pricing/contact';
import { PlanCard } from './pricing/plan-card';
import { PricingFaq } from './pricing/pricing-faq';
import { CheckList } from './sections/check-list';

const PRICING_TITLE = 'Pricing · Fieldwise';
const PRICING_DESCRIPTION =
  'Fieldwise plans for field-service businesses: Starter $49, Professional $99 and Enterprise $199 a month, or save 20% billed yearly. Free 14-day trial, no credit card.';

const INCLUDED = [
  `Free ${FREE_TRIAL_DAYS}-day trial`,
  'No credit card required',
  'No setup fees',
  'Cancel anytime',
  'Change plans anytime, prorated',
  'Set up in under 5 minutes',
] as const;

export default function PricingPage() {
  usePageMeta(PRICING_TITLE, PRICING_DESCRIPTION);
  const [cycle, setCycle] = useState<BillingCycle>('monthly');

  return (
    <>
      <section
        aria-labelledby="pricing-title"
        className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 via-white to-slate-50"
      >
        <div
          aria-hidden="true"
          className="absolute -top-40 right-[-10rem] -z-10 size-[32rem] rounded-full bg-brand-200/40 blur-3xl"
        />
        <div className="mx-auto max-w-7xl px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:px-8">
          <div className="mx-auto max-w-3xl text-center">
            <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Pricing</p>
            <h1
              id="pricing-title"
              className="mt-3 text-[2rem] leading-tight font-extrabold tracking-tight text-balance text-slate-900 min-[400px]:text-4xl sm:text-5xl"
            >
              Simple pricing for crews of every size
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600">
              Less than a single service call a month. Start with a free {FREE_TRIAL_DAYS}-day trial — no credit card,
              no setup fees.
            </p>
          </div>

          <div className="mt-10">
            <BillingToggle value={cycle} onChange={setCycle} />
          </div>

          <section aria-labelledby="plans-title" className="mt-10">
            <h2 id="plans-title" className="sr-only">
              Plans, billed {cycle}
            </h2>
            <ul className="mx-auto grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3 lg:items-stretch">
              {PLANS.map((plan) => (
                <li key={plan.id}>
                  <PlanCard plan={plan} cycle={cycle} />
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="included-title" className="mx-auto mt-12 max-w-4xl">
            <h2 id="included-title" className="text-center text-sm font-semibold text-slate-700">
              Every plan includes
            </h2>
            <CheckList
              items={INCLUDED}
              className="mx-auto mt-4 grid w-fit grid-cols-1 min-[400px]:w-auto min-[400px]:grid-cols-2 md:grid-cols-3"
            />
          </section>
        </div>
      </section>

      <PricingFaq />

      <section aria-labelledby="sales-title" className="bg-white pb-16 sm:pb-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="grid gap-8 rounded-3xl bg-slate-950 p-6 text-white sm:p-10 lg:grid-cols-[1.4fr_1fr] lg:items-center">
            <div>
              <h2 id="sales-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
                Several locations, a franchise or an agency?
              </h2>
              <p className="mt-3 text-base leading-7 text-slate-300">
                Talk to our sales team about Enterprise: unlimited team members, white label with your own brand and
                domain, and a named success manager. Or book a 30-minute walkthrough tailored to your trade.
              </p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row lg:flex-col">
              {/* Links styled as buttons without <Button asChild> (Radix Slot) or tailwind-merge: no
                  variant, so these colours are the only ones (the page's first load stays small). */}
              <a
                href={CONTACT_SALES_HREF}
                className={buttonVariants({
                  variant: null,
                  size: 'lg',
                  className: 'bg-white text-slate-900 shadow-sm hover:bg-slate-100',
                })}
              >
                <Mail aria-hidden="true" />
                Contact Sales
              </a>
              <a
                href={PERSONAL_DEMO_HREF}
                className={buttonVariants({
                  variant: null,
                  size: 'lg',
                  className: 'border border-white/30 bg-transparent text-white shadow-sm hover:bg-white/10',
                })}
              >
                <CalendarCheck aria-hidden="true" />
                Schedule Personal Demo
              </a>
              <p className="text-center text-sm text-slate-400 sm:self-center lg:self-auto">{SALES_EMAIL}</p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
