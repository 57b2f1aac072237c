import { ArrowRight, CalendarClock, Star, Target } from 'lucide-react';
import { LOGIN_URL, SIGN_IN_URL } from '@/lib/auth/login-url';
import { buttonVariants } from '@/components/ui/button-variants';
import { CheckList } from './check-list';

const PROMISES = ['Free 14-day trial', 'No setup fees', 'Cancel anytime', 'Set up in under 5 minutes'] as const;

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="absolute -top-40 right-[-10rem] -z-10 size-[36rem] rounded-full bg-brand-200/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute top-72 left-[-12rem] -z-10 size-[28rem] rounded-full bg-accent-200/30 blur-3xl"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:px-8 lg:pt-24">
        <div>
          <p className="inline-flex max-w-full items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm sm:text-sm">
            <span className="size-2 shrink-0 rounded-full bg-accent-500" aria-hidden="true" />
            Built for HVAC, plumbing, electrical, landscaping, roofing &amp; cleaning
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-[2rem] leading-tight font-extrabold tracking-tight text-balance text-slate-900 min-[400px]:text-4xl sm:text-5xl xl:text-6xl"
          >
            <span className="block">More booked jobs.</span>{' '}
            <span className="block text-brand-600">Less time at the laptop.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600">
            Fieldwise is the marketing department your trade business never had. It turns finished jobs into social
            posts, website visits into scored leads and happy customers into five-star reviews — then tells you, in
            plain words, what to do next.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <a href={LOGIN_URL} className={buttonVariants({ size: 'lg' })}>
              Start Free Trial
              <ArrowRight aria-hidden="true" />
            </a>
            <a href="#capabilities" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              See what it does
            </a>
          </div>
          <CheckList items={PROMISES} className="mt-8 grid grid-cols-1 min-[400px]:grid-cols-2 sm:max-w-md" />
          <p className="mt-6 text-sm text-slate-600">
            Already a customer?{' '}
            <a href={SIGN_IN_URL} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              Log in
            </a>
          </p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

/** An illustration of a morning in Fieldwise; decorative examples, not anyone's data. */
function HeroPreview() {
  return (
    <div
      role="img"
      aria-label="Illustration of Fieldwise: a new lead scored 86 out of 100 with the reasons why, a social post scheduled for Tuesday at 9 AM, and an AI-drafted reply to a five-star review."
      className="relative mx-auto w-full max-w-md lg:max-w-none"
    >
      <div className="rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/10">
        <div className="flex items-center gap-1.5 border-b border-slate-100 px-4 py-3">
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="ml-3 text-xs font-medium text-slate-500">This morning in Fieldwise</span>
        </div>
        <div className="space-y-3 p-4 sm:p-5">
          <div className="rounded-xl border border-brand-100 bg-brand-50/60 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="flex items-center gap-2">
                <Target className="size-4 text-brand-700" />
                <span className="text-xs font-semibold tracking-wide text-brand-800 uppercase">New lead · Hot</span>
              </div>
              <span className="rounded-full bg-white px-2 py-0.5 text-xs font-bold text-brand-800 shadow-sm">
                86 / 100
              </span>
            </div>
            <p className="mt-2 font-semibold text-slate-900">Water heater replacement · Maple Ave</p>
            <div className="mt-2 h-1.5 rounded-full bg-white">
              <div className="h-1.5 w-[86%] rounded-full bg-brand-600" />
            </div>
            <ul className="mt-3 space-y-1 text-xs text-slate-600">
              <li>• Urgent wording: “no hot water since Sunday”</li>
              <li>• High-ticket service for your area</li>
              <li>• Phone and email both given</li>
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 p-4">
            <div className="flex items-center gap-2">
              <CalendarClock className="size-4 text-accent-700" />
              <span className="text-xs font-semibold tracking-wide text-accent-800 uppercase">
                Scheduled · Tue 9:00 AM
              </span>
            </div>
            <p className="mt-2 text-sm text-slate-700">
              Before &amp; after: a new high-efficiency heat pump for the Hendersons in Riverside. Quiet, warm and ready
              for winter.
            </p>
            <p className="mt-2 text-xs text-slate-500">Facebook · Instagram · LinkedIn</p>
          </div>
          <div className="rounded-xl border border-slate-200 p-4">
            <div className="flex items-center gap-1 text-accent-500">
              {[0, 1, 2, 3, 4].map((i) => (
                <Star key={i} className="size-3.5 fill-current" />
              ))}
              <span className="ml-2 text-xs font-semibold text-slate-500">Reply drafted</span>
            </div>
            <p className="mt-2 text-sm text-slate-700">
              “Thanks, Karen! Glad Luis could get the AC running before the heat wave.”
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}
