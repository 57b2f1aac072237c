import { ChevronDown } from 'lucide-react';
import { findPlan, FREE_TRIAL_DAYS, yearlySavings } from '@shared/plans';
import { SectionHeading } from '@/features/marketing/sections/section-heading';
import { formatDollars } from '@/components/pricing/format-dollars';

const starter = findPlan('starter');
const professional = findPlan('professional');
const enterprise = findPlan('enterprise');

const PRICING_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'How does the free trial work?',
    answer: `Every plan starts with a free ${FREE_TRIAL_DAYS}-day trial that includes all of that plan’s features. Setup takes under 5 minutes, and you can connect Facebook, Google or WordPress whenever you are ready — until then Fieldwise runs in a sandbox so you can try everything.`,
  },
  {
    question: 'Do I need a credit card to start?',
    answer: 'No credit card is required. You only add a card if you decide to keep Fieldwise when your trial ends.',
  },
  {
    question: 'Can I change plans later?',
    answer:
      'Yes — you can upgrade or downgrade at any time from your account. Changes are prorated: you pay only the difference for the rest of your billing period, and any unused amount is credited to your next bill.',
  },
  {
    question: 'How much do I save with yearly billing?',
    answer: `Yearly billing costs about 20% less: ${formatDollars(starter.yearlyPrice)}, ${formatDollars(professional.yearlyPrice)} or ${formatDollars(enterprise.yearlyPrice)} a month, charged once a year. That saves ${formatDollars(yearlySavings(starter))}, ${formatDollars(yearlySavings(professional))} or ${formatDollars(yearlySavings(enterprise))} a year on Starter, Professional and Enterprise.`,
  },
  {
    question: 'Are there setup fees or long contracts?',
    answer:
      'No setup fees and no long-term contract. Monthly plans can be cancelled anytime, and you keep access until the end of the period you paid for.',
  },
];

export function PricingFaq() {
  return (
    <section aria-labelledby="faq-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {PRICING_FAQ.map((item) => (
            <details key={item.question} className="group px-5 py-1 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 text-left text-base font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="pb-5 text-sm leading-6 text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
