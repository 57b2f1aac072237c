import { ArrowRight, Bot, ChartLine, Globe, GraduationCap, Megaphone, Star, Target } from 'lucide-react';
import { LOGIN_URL } from '@/lib/auth/login-url';
import { SectionHeading } from './section-heading';
import { ComingSoonBadge } from '@/features/marketing/coming-soon-badge';

const CAPABILITIES = [
  {
    Icon: Megaphone,
    title: 'AI social posts, scheduled for you',
    text: 'Describe the job and get posts written for Facebook, Instagram, X and LinkedIn. Pick a time — Fieldwise publishes them while you work.',
  },
  {
    Icon: Target,
    title: 'Lead tracking with explainable scoring',
    text: 'Every lead gets a score, an urgency rating and a likely job value, with the reasons spelled out — from the service asked for to the words the customer used.',
  },
  {
    Icon: Star,
    title: 'Review replies in seconds',
    text: 'Pull in your Google reviews, get a thoughtful draft reply for each one, and flag the unhappy ones for a follow-up call.',
  },
  {
    Icon: ChartLine,
    title: 'Keyword & analytics reports',
    text: 'See which searches find you, where your visitors come from and how many turn into calls — in a report you can read in two minutes.',
  },
  {
    Icon: Globe,
    title: 'Website content + WordPress publishing',
    text: 'Generate blog posts and landing pages for your services and the towns you cover, preview them on any screen, and publish straight to WordPress.',
  },
  {
    Icon: GraduationCap,
    title: 'An AI coach that keeps you on track',
    text: 'Set goals like “two posts a week” or “reply to every review” and get specific, weekly advice on what to do next to hit them.',
  },
  {
    Icon: Bot,
    title: 'Felix, your marketing assistant',
    text: 'Ask Felix from any page — “what should I post this week?” or “which leads should I call first?” — and get an answer with a button to do it.',
  },
] as const;

export function Capabilities() {
  return (
    <section id="capabilities" aria-labelledby="capabilities-title" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="capabilities-title"
          eyebrow="What Fieldwise does"
          title="One app for the marketing you never have time for"
        >
          Seven jobs you’d otherwise hire for, done in the background and explained in plain words.
        </SectionHeading>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {CAPABILITIES.map(({ Icon, title, text }) => (
            <li key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              <div className="flex items-center gap-3 sm:block">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="text-base font-semibold text-slate-900 sm:mt-5">
                  {title}
                  <ComingSoonBadge claim={title} />
                </h3>
              </div>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
          <li className="flex flex-col justify-between rounded-2xl bg-linear-to-br from-brand-600 to-brand-800 p-6 text-white shadow-sm">
            <div>
              <h3 className="text-base font-semibold">Try all seven free for 14 days</h3>
              <p className="mt-2 text-sm leading-6 text-brand-50">
                No setup fees and no credit card needed. Cancel anytime.
              </p>
            </div>
            <a
              href={LOGIN_URL}
              className="mt-6 inline-flex items-center gap-2 self-start rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              Start Free Trial
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
