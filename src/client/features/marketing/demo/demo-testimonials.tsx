import { TestimonialGrid, type Testimonial } from '@/features/marketing/sections/testimonials';

/** Three fixed customer testimonials. */
const DEMO_TESTIMONIALS = [
  {
    quote:
      'The demo sold me; the first week sold my business partner. Felix told us which six leads to call on Monday morning and we booked four of them by lunch.',
    name: 'Andre Coleman',
    business: 'Coleman Electric',
    trade: 'Electrical',
  },
  {
    quote:
      'I used to post once a month, if that. Now there’s a before-and-after on our page three times a week, and new customers mention them when they call.',
    name: 'Jenna Walsh',
    business: 'Summit Roofing & Gutters',
    trade: 'Roofing',
  },
  {
    quote:
      'The weekly report is the first marketing number I’ve ever understood. It showed our Google profile brings twice the jobs Facebook does, so that’s where we spend our time now.',
    name: 'Raj Patel',
    business: 'Spotless Pro Cleaning',
    trade: 'Cleaning',
  },
] as const satisfies readonly Testimonial[];

export function DemoTestimonials() {
  return (
    <TestimonialGrid
      id="demo-testimonials-title"
      eyebrow="Customer stories"
      title="What owners say after the demo"
      testimonials={DEMO_TESTIMONIALS}
      tone="accent"
      className="bg-slate-50"
    />
  );
}
