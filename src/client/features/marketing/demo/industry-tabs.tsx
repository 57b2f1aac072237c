import { Droplets, Fan, Megaphone, Search, Star, Target, Trees, Zap, type LucideIcon } from 'lucide-react';
import { SectionHeading } from '@/features/marketing/sections/section-heading';
import { DemoTabs } from './demo-tabs';

interface Industry {
  id: string;
  label: string;
  Icon: LucideIcon;
  headline: string;
  intro: string;
  plays: readonly { Icon: LucideIcon; title: string; text: string }[];
  keywords: readonly string[];
}

/** The four industry tabs of the spec. */
const INDUSTRIES: readonly Industry[] = [
  {
    id: 'hvac',
    label: 'HVAC',
    Icon: Fan,
    headline: 'Fill the shoulder seasons and win the emergencies',
    intro:
      'Heating and cooling work comes in waves. Fieldwise keeps you visible in the quiet months and first in line when the weather turns.',
    plays: [
      {
        Icon: Megaphone,
        title: 'Seasonal posts on autopilot',
        text: 'Tune-up reminders go out in September and April; heat-wave and cold-snap posts are ready to publish the day the forecast changes.',
      },
      {
        Icon: Target,
        title: 'No-heat calls to the top',
        text: '“No AC”, “no heat” and “carbon monoxide alarm” mark a lead urgent, and system replacements score above filter changes.',
      },
      {
        Icon: Star,
        title: 'Reviews that mention your techs',
        text: 'Replies thank the technician by name and mention the maintenance plan, turning one visit into a yearly customer.',
      },
    ],
    keywords: ['AC repair near me', 'furnace installation', 'heat pump rebates', 'emergency HVAC'],
  },
  {
    id: 'plumbing',
    label: 'Plumbing',
    Icon: Droplets,
    headline: 'Be the first call when the water won’t stop',
    intro:
      'Plumbing customers choose in minutes, usually in a panic. Fieldwise makes sure they find you and that you call back fast.',
    plays: [
      {
        Icon: Target,
        title: 'Emergencies flagged instantly',
        text: '“Burst pipe”, “flooding” and “sewer backup” are marked urgent; water heater replacements are scored as high-ticket jobs.',
      },
      {
        Icon: Megaphone,
        title: 'Freeze warnings that bring calls',
        text: 'Pipe-freeze tips post the week temperatures drop, and before-and-after drain photos fill the slow days in between.',
      },
      {
        Icon: Search,
        title: 'Found for the searches that pay',
        text: 'Track where you rank for emergency and water heater searches in every town you serve, and see the trend each week.',
      },
    ],
    keywords: ['emergency plumber', 'water heater replacement', 'drain cleaning', 'leak detection'],
  },
  {
    id: 'electrical',
    label: 'Electrical',
    Icon: Zap,
    headline: 'Turn one panel upgrade into a steady pipeline',
    intro:
      'Homeowners are electrifying — EV chargers, heat pumps, generators. Fieldwise helps you own those searches and book the bigger jobs.',
    plays: [
      {
        Icon: Target,
        title: 'High-value jobs spotted',
        text: 'EV charger installs, panel upgrades and generator hookups score by typical ticket; “sparks” or “burning smell” mark a lead urgent.',
      },
      {
        Icon: Megaphone,
        title: 'Articles that answer real questions',
        text: 'Blog posts on EV charger rebates and what a 200-amp panel upgrade costs, written for homeowners and published to WordPress.',
      },
      {
        Icon: Star,
        title: 'Trust in every reply',
        text: 'Review replies mention the permit and the passed inspection — the details that make the next homeowner comfortable calling.',
      },
    ],
    keywords: ['electrician near me', 'EV charger installation', 'panel upgrade cost', 'generator installation'],
  },
  {
    id: 'landscaping',
    label: 'Landscaping',
    Icon: Trees,
    headline: 'Book the season before it starts',
    intro:
      'The best landscaping years are sold in February. Fieldwise plans your campaigns around the calendar and keeps recurring clients coming back.',
    plays: [
      {
        Icon: Megaphone,
        title: 'Campaigns that run ahead of the weather',
        text: 'Spring clean-up posts schedule in February and fall aeration in August, with project photos that show off your crews.',
      },
      {
        Icon: Target,
        title: 'Contracts over one-off jobs',
        text: 'Weekly maintenance and commercial property leads score above single mows, with the season’s value estimated up front.',
      },
      {
        Icon: Star,
        title: 'A coach for the busy season',
        text: 'Set a goal like “20 maintenance contracts by March 31” and get a short list each week of what to do to hit it.',
      },
    ],
    keywords: ['lawn care service', 'landscape design', 'spring clean up', 'commercial landscaping'],
  },
];

export function IndustryTabs() {
  return (
    <section aria-labelledby="industries-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="industries-title"
          eyebrow="Built for your trade"
          title="See how it works in your industry"
        />
        <DemoTabs
          label="Industries"
          items={INDUSTRIES}
          className="mt-10"
          listClassName="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:w-auto"
          tabClassName="gap-2 px-4 py-2 whitespace-nowrap"
          panelClassName="mt-8 rounded-2xl"
          renderTab={({ label, Icon }) => (
            <>
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}
            </>
          )}
          renderPanel={(industry) => (
            <div className="rounded-3xl border border-slate-200 bg-slate-50 p-5 sm:p-8">
              <h3 className="text-2xl font-bold tracking-tight text-balance text-slate-900">{industry.headline}</h3>
              <p className="mt-3 max-w-3xl text-base leading-7 text-slate-600">{industry.intro}</p>
              <ul className="mt-6 grid gap-4 md:grid-cols-3">
                {industry.plays.map(({ Icon, title, text }) => (
                  <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5">
                    <div className="flex items-center gap-3 md:block">
                      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                        <Icon aria-hidden="true" className="size-5" />
                      </span>
                      <h4 className="text-base font-semibold text-slate-900 md:mt-3">{title}</h4>
                    </div>
                    <p className="mt-1.5 text-sm leading-6 text-slate-600">{text}</p>
                  </li>
                ))}
              </ul>
              <div className="mt-6">
                <p className="text-sm font-semibold text-slate-700">
                  Searches we track for {industry.label === 'HVAC' ? 'HVAC' : industry.label.toLowerCase()} businesses
                </p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {industry.keywords.map((keyword) => (
                    <li
                      key={keyword}
                      className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700"
                    >
                      {keyword}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
        />
      </div>
    </section>
  );
}
