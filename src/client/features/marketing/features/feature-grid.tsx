import { Bot, ChartColumn, Globe, GraduationCap, Megaphone, Search, Star, Target, type LucideIcon } from 'lucide-react';
import { SectionHeading } from '@/features/marketing/sections/section-heading';
import { ComingSoonBadge } from '@/features/marketing/coming-soon-badge';

interface Feature {
  Icon: LucideIcon;
  title: string;
  text: string;
  points: readonly string[];
  /** A concrete example of the feature at work, in a trade's own words. */
  example: string;
}

const FEATURES: readonly Feature[] = [
  {
    Icon: Megaphone,
    title: 'AI social posts with scheduled publishing',
    text: 'Tell Fieldwise about the job you just finished and get a post written for each platform, in your tone, ready to go out when your customers are scrolling.',
    points: [
      'One description becomes posts for Facebook, Instagram, X and LinkedIn',
      'Schedule days ahead; a background worker publishes on time and retries if a platform hiccups',
      'Character limits checked per platform before anything goes out',
    ],
    example:
      '“Before & after: 40-gallon water heater swapped in two hours in Oak Park. Hot showers are back!” — scheduled Tue 9:00 AM',
  },
  {
    Icon: Target,
    title: 'Lead tracking with explainable AI scoring',
    text: 'Every call, form and message lands in one list with a score out of 100, an urgency rating and a likely job value, and the reasons behind each number.',
    points: [
      'Scores built from service type, typical ticket size, urgency words and contact details',
      'Learns from the leads you win and lose once you have enough of them',
      'Follow-up tips so the hot ones get a call back first',
    ],
    example: 'Score 86 — “no heat since last night”, furnace repair, phone and email given',
  },
  {
    Icon: Star,
    title: 'Review management with AI-drafted replies',
    text: 'See every Google review in one place, get a reply drafted in your voice for each one, and catch unhappy customers before they become one-star stories.',
    points: [
      'Drafts you approve or edit — nothing posts without you',
      'Reviews rated 3 stars or less flagged for a follow-up call',
      'Thanks your tech by name when the customer mentions them',
    ],
    example: '“Thanks, Karen! Glad Luis could get your AC running before the heat wave.”',
  },
  {
    Icon: Search,
    title: 'Keyword and SEO tracking',
    text: 'Know where you rank for the searches that bring in work — “emergency plumber near me”, “AC repair” plus your town — and whether it is getting better.',
    points: [
      'Positions, clicks and impressions per keyword',
      'Local searches grouped by the towns you serve',
      'Clearly labelled demo data until Search Console is connected',
    ],
    example: '“furnace repair Naperville” moved from position 14 to 6 in 30 days',
  },
  {
    Icon: ChartColumn,
    title: 'Analytics reports',
    text: 'Website visits, lead sources and conversions from Google Analytics 4, turned into a report an owner can read in two minutes between jobs.',
    points: [
      '7, 30 and 90-day reports with the week-by-week split',
      'Top lead sources, so you know which marketing actually pays',
      'Generated for you and kept for when you need them',
    ],
    example: 'Google Business Profile brought 38% of last month’s booked jobs',
  },
  {
    Icon: Globe,
    title: 'AI website content + WordPress publishing',
    text: 'Blog posts, Medium and Substack articles and landing pages for each service and service area, written for homeowners and published straight to your WordPress site.',
    points: [
      'Short, medium or long articles in a professional, friendly or expert tone',
      'Landing pages previewed safely before they go live',
      'One click to publish to WordPress as a draft or a live post',
    ],
    example: '“5 signs your sump pump is about to fail” — 1,050 words, published to your blog',
  },
  {
    Icon: GraduationCap,
    title: 'AI coach',
    text: 'Set goals like “two posts a week” or “reply to every review within a day” and get short, specific advice on what to do next to hit them.',
    points: [
      'Weekly and monthly goals with progress you can see',
      'Insights based on your own posts, leads and reviews',
      'Priorities ranked so the most valuable task comes first',
    ],
    example: '“You reply to reviews in 3 days on average. Replying the same day wins more repeat calls.”',
  },
  {
    Icon: Bot,
    title: 'Felix, your marketing assistant',
    text: 'Ask Felix from any page in plain words and get an answer with a button that takes you straight to the right screen.',
    points: [
      'Knows your leads, reviews and schedule',
      'Suggests what to post this week and which leads to call first',
      'Works even without an AI key, with a clearly labelled offline mode',
    ],
    example: '“Which leads should I call first today?” — “Start with the Maple Ave water heater: score 86.”',
  },
];

export function FeatureGrid() {
  return (
    <section id="feature-list" aria-labelledby="feature-list-title" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="feature-list-title"
          eyebrow="Everything included"
          title="Eight tools, one login, no marketing degree required"
        >
          Each one is built around how a trade business actually wins work: the call-out, the quote, the finished job
          and the review.
        </SectionHeading>
        <ul className="mt-12 grid gap-5 md:grid-cols-2 xl:grid-cols-4">
          {FEATURES.map(({ Icon, title, text, points, example }) => (
            <li key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              <div className="flex items-center gap-3 md:block">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="text-base font-semibold text-slate-900 md:mt-4">
                  {title}
                  <ComingSoonBadge claim={title} />
                </h3>
              </div>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
              <ul className="mt-4 space-y-2 text-sm leading-6 text-slate-700">
                {points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent-500" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-auto pt-5">
                <span className="block rounded-lg border border-brand-100 bg-brand-50/60 px-3 py-2 text-xs leading-5 text-slate-700">
                  <span className="font-semibold text-brand-800">In practice: </span>
                  {example}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
