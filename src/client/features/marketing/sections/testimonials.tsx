import { Star } from 'lucide-react';
import { SectionHeading } from './section-heading';

const TESTIMONIALS = [
  {
    quote:
      'We used to get maybe four web leads a month and lose half of them. Now I open Fieldwise in the morning and the hot ones are already at the top, with a note on why. My crews are booked three weeks out.',
    name: 'Darnell Brooks',
    business: 'Brooks Heating & Air',
    trade: 'HVAC',
  },
  {
    quote:
      'I’m a plumber, not a writer. I snap a photo of the job, Fieldwise writes the post and puts it out Tuesday morning. Our Facebook page finally looks like a real business.',
    name: 'Maria Gonzalez',
    business: 'Gonzalez Plumbing & Drain',
    trade: 'Plumbing',
  },
  {
    quote:
      'Review replies used to slide for weeks. Now every review gets an answer the same day, and the two-star ones get a call from me before they turn into one-star ones.',
    name: 'Sarah Lindqvist',
    business: 'Evergreen Lawn & Landscape',
    trade: 'Landscaping',
  },
] as const;

export interface Testimonial {
  quote: string;
  name: string;
  business: string;
  trade: string;
}

function initials(name: string) {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('');
}

const AVATAR_TONE = { brand: 'bg-brand-100 text-brand-800', accent: 'bg-accent-100 text-accent-800' } as const;

/** A section of customer quotes as five-star cards (landing page and demo page). */
export function TestimonialGrid(props: {
  id: string;
  eyebrow: string;
  title: string;
  testimonials: readonly Testimonial[];
  tone: keyof typeof AVATAR_TONE;
  className: string;
}) {
  return (
    <section aria-labelledby={props.id} className={`${props.className} py-16 sm:py-24`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={props.id} eyebrow={props.eyebrow} title={props.title} />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {props.testimonials.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
                <div className="flex gap-0.5 text-accent-500" role="img" aria-label="5 out of 5 stars">
                  {[0, 1, 2, 3, 4].map((i) => (
                    <Star key={i} aria-hidden="true" className="size-4 fill-current" />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-base leading-7 text-slate-700">“{t.quote}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-bold ${AVATAR_TONE[props.tone]}`}
                  >
                    {initials(t.name)}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-slate-600">
                      {t.business} · {t.trade}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Testimonials() {
  return (
    <TestimonialGrid
      id="testimonials-title"
      eyebrow="From the trades"
      title="Owners who got their evenings back"
      testimonials={TESTIMONIALS}
      tone="brand"
      className="bg-white"
    />
  );
}
