import { Check } from 'lucide-react';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    title: 'Tell us about your business',
    text: 'Your trade, the towns you cover and the jobs you want more of. It takes under 5 minutes and there are no setup fees.',
  },
  {
    title: 'Connect what you already use',
    text: 'Facebook, Instagram, Google reviews, your website. Skip any of them today and add them when you’re ready.',
  },
  {
    title: 'Let Fieldwise do the busywork',
    text: 'Posts go out on schedule, leads get scored, reviews get replies — and you get a short list of what to do next.',
  },
] as const;

const TIME_SINKS = [
  'Writing and posting on social media',
  'Chasing quotes and following up on leads',
  'Replying to reviews, good and bad',
  'Working out which marketing actually pays',
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-title" eyebrow="How it works" title="Up and running before your coffee gets cold" />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 p-5 sm:p-6">
              <div className="flex items-center gap-3 md:block">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-100 text-sm font-bold text-accent-800">
                  {index + 1}
                </span>
                <h3 className="text-base font-semibold text-slate-900 md:mt-4">{step.title}</h3>
              </div>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>

        <figure className="mt-16 grid gap-8 overflow-hidden rounded-3xl bg-linear-to-br from-brand-900 to-brand-950 p-6 text-white sm:p-10 lg:grid-cols-[1.3fr_1fr] lg:gap-12">
          <div>
            <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
              40 hours a week, back on the tools
            </p>
            <blockquote className="mt-4 text-xl leading-8 font-medium text-pretty sm:text-2xl sm:leading-9">
              “When I took over my dad’s HVAC company, marketing was a second full-time job — about 40 hours a week of
              posting, chasing quotes and answering reviews at midnight. Fieldwise does that work now. I got those 40
              hours back, and I spend them on jobs that pay.”
            </blockquote>
            <figcaption className="mt-6 text-sm text-brand-100">
              <span className="font-semibold text-white">Tony Reyes</span> · Reyes Comfort Systems, HVAC
            </figcaption>
          </div>
          <div className="rounded-2xl bg-white/10 p-6">
            <p className="text-sm font-semibold text-white">Where those 40 hours used to go</p>
            <ul className="mt-4 space-y-3">
              {TIME_SINKS.map((item) => (
                <li key={item} className="flex items-start gap-3 text-sm text-brand-50">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-300" />
                  {item}
                </li>
              ))}
            </ul>
            <p className="mt-5 border-t border-white/15 pt-4 text-sm text-brand-100">Fieldwise handles all four.</p>
          </div>
        </figure>
      </div>
    </section>
  );
}
