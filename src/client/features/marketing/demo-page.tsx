import { ArrowRight, CalendarCheck } from 'lucide-react';
import { LOGIN_URL } from '@/lib/auth/login-url';
import { buttonVariants } from '@/components/ui/button-variants';
import { usePageMeta } from '@/lib/use-page-meta';
import { DemoTestimonials } from './demo/demo-testimonials';
import { FeatureTabs } from './demo/feature-tabs';
import { IndustryTabs } from './demo/industry-tabs';
import { PERSONAL_DEMO_HREF } from './pricing/contact';

const DEMO_TITLE = 'Demo · Fieldwise';
const DEMO_DESCRIPTION =
  'Watch Fieldwise at work: Felix the AI assistant, AI content creation, smart lead scoring and business analytics, with examples for HVAC, plumbing, electrical and landscaping businesses.';

export default function DemoPage() {
  usePageMeta(DEMO_TITLE, DEMO_DESCRIPTION);
  return (
    <>
      <section
        aria-labelledby="demo-title"
        className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 via-white to-slate-50"
      >
        <div
          aria-hidden="true"
          className="absolute -top-40 right-[-10rem] -z-10 size-[32rem] rounded-full bg-brand-200/40 blur-3xl"
        />
        <div className="mx-auto max-w-4xl px-4 pt-14 pb-6 text-center sm:px-6 sm:pt-20 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Demo</p>
          <h1
            id="demo-title"
            className="mt-3 text-[2rem] leading-tight font-extrabold tracking-tight text-balance text-slate-900 min-[400px]:text-4xl sm:text-5xl"
          >
            See Fieldwise at work in <span className="text-brand-600">under a minute</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600">
            Four short walkthroughs of the features owners use every day, then a look at how Fieldwise fits heating and
            cooling, plumbing, electrical and landscaping businesses. No sign-up needed to watch.
          </p>
        </div>
      </section>
      <FeatureTabs />
      <DemoTestimonials />
      <IndustryTabs />
      <section
        aria-labelledby="demo-cta-title"
        className="relative isolate overflow-hidden bg-linear-to-br from-brand-700 via-brand-800 to-brand-950"
      >
        <div
          aria-hidden="true"
          className="absolute -right-24 -bottom-40 -z-10 size-[30rem] rounded-full bg-brand-400/25 blur-3xl"
        />
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
          <h2 id="demo-cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            Ready to try it with your own jobs?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-brand-50">
            Free for 14 days, no credit card, set up in under 5 minutes. Or let us walk you through it for your trade.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a
              href={LOGIN_URL}
              className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-white px-6 text-base font-semibold text-brand-800 shadow-sm hover:bg-brand-50 sm:w-auto"
            >
              Start Your Journey
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
            {/* Styled without <Button asChild>, so /demo loads no Radix Slot or tailwind-merge. */}
            <a
              href={PERSONAL_DEMO_HREF}
              className={buttonVariants({
                variant: null,
                size: 'lg',
                className:
                  'w-full border border-white/40 bg-transparent text-white shadow-sm hover:bg-white/10 sm:w-auto',
              })}
            >
              <CalendarCheck aria-hidden="true" />
              Schedule Personal Demo
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
