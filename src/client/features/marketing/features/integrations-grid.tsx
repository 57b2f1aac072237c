import { clsx as cn } from 'clsx';
import { SectionHeading } from '@/features/marketing/sections/section-heading';

interface Integration {
  name: string;
  /** Letters on the tile; we show no third-party logos. */
  monogram: string;
  tile: string;
  category: string;
  text: string;
}

const INTEGRATIONS: readonly Integration[] = [
  {
    name: 'WordPress',
    monogram: 'W',
    tile: 'bg-sky-100 text-sky-900',
    category: 'Website',
    text: 'Publish AI-written blog posts and service-area pages to your site as drafts or live posts.',
  },
  {
    name: 'Google Business Profile',
    monogram: 'G',
    tile: 'bg-emerald-100 text-emerald-900',
    category: 'Reviews',
    text: 'Bring in your Google reviews and ratings, and post the replies you approve.',
  },
  {
    name: 'Google Analytics 4',
    monogram: 'GA',
    tile: 'bg-amber-100 text-amber-900',
    category: 'Analytics',
    text: 'Visits, sources and conversions from your GA4 property feed the reports and the AI coach.',
  },
  {
    name: 'Facebook',
    monogram: 'f',
    tile: 'bg-blue-100 text-blue-900',
    category: 'Social',
    text: 'Scheduled posts go to your business page at the time you picked.',
  },
  {
    name: 'Instagram',
    monogram: 'IG',
    tile: 'bg-pink-100 text-pink-900',
    category: 'Social',
    text: 'Before-and-after photos with captions sized for the feed, hashtags included.',
  },
  {
    name: 'X / Twitter',
    monogram: 'X',
    tile: 'bg-slate-200 text-slate-900',
    category: 'Social',
    text: 'Short updates that respect the 280-character limit, like same-day availability.',
  },
  {
    name: 'LinkedIn',
    monogram: 'in',
    tile: 'bg-indigo-100 text-indigo-900',
    category: 'Social',
    text: 'Commercial work and hiring posts that reach property managers and builders.',
  },
  {
    name: 'Twilio SMS',
    monogram: 'SMS',
    tile: 'bg-red-100 text-red-900',
    category: 'Messaging',
    text: 'Text new leads back within minutes from your own business number.',
  },
  {
    name: 'GoDaddy',
    monogram: 'GD',
    tile: 'bg-teal-100 text-teal-900',
    category: 'Domains',
    text: 'Connect your domain so your website and landing pages live at your own address.',
  },
  {
    name: 'Stripe',
    monogram: 'S',
    tile: 'bg-violet-100 text-violet-900',
    category: 'Billing',
    text: 'Secure card payments for your Fieldwise subscription. We never store card numbers.',
  },
];

export function IntegrationsGrid() {
  return (
    <section aria-labelledby="integrations-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="integrations-title" eyebrow="Integrations" title="Works with the tools you already use">
          Connect them in Settings when you are ready. Until then every feature runs in a sandbox, so you can try it all
          on day one.
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {INTEGRATIONS.map((integration) => (
            <li
              key={integration.name}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-11 shrink-0 items-center justify-center rounded-xl text-sm font-bold',
                    integration.tile,
                  )}
                >
                  {integration.monogram}
                </span>
                <div className="min-w-0">
                  <h3 className="text-sm font-semibold text-slate-900">{integration.name}</h3>
                  <p className="text-xs font-medium text-slate-600">{integration.category}</p>
                </div>
              </div>
              <p className="mt-3 text-sm leading-6 text-slate-600">{integration.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
