import { Suspense, type ReactNode } from 'react';
import { Bot, ChartColumn, Check, PenLine, Target, type LucideIcon } from 'lucide-react';
import { SectionHeading } from '@/features/marketing/sections/section-heading';
import { ComingSoonBadge } from '@/features/marketing/coming-soon-badge';
import { DemoPlayer } from './demo-player';
import { DemoTabs } from './demo-tabs';
import { lazyPage } from '@/lib/lazy-page';
import type { DemoScreenKind } from './demo-screens';

/** The screens only show after Play, so they load when the visitor heads for it, not with the page. */
const DemoScreen = lazyPage(() => import('./demo-screens'));
const screenOf = (kind: DemoScreenKind) => (progress: number) => (
  <Suspense fallback={null}>
    <DemoScreen kind={kind} progress={progress} />
  </Suspense>
);

interface DemoFeature {
  id: string;
  label: string;
  Icon: LucideIcon;
  headline: string;
  text: string;
  points: readonly string[];
  screen: (progress: number) => ReactNode;
}

/** The four features of the spec, in its order. */
const DEMO_FEATURES: readonly DemoFeature[] = [
  {
    id: 'felix',
    label: 'Felix AI Assistant',
    Icon: Bot,
    headline: 'Ask Felix what to do next',
    text: 'Felix sits on every page of Fieldwise. Ask in plain words and get an answer built from your own leads, reviews and schedule — with a button that takes you straight there.',
    points: [
      'Ranks today’s leads by how likely they are to book',
      'Suggests posts for the week ahead',
      'Insight cards with a Show Me How button',
    ],
    screen: screenOf('felix'),
  },
  {
    id: 'content',
    label: 'AI Content Creation',
    Icon: PenLine,
    headline: 'From job notes to a finished post',
    text: 'Type a line about the job you just finished. Fieldwise writes the post in your tone, checks it against each platform’s limit and schedules it for when your customers are online.',
    points: [
      'Facebook, Instagram, X and LinkedIn from one draft',
      'Professional, friendly or expert tone',
      'Published on schedule by a background worker',
    ],
    screen: screenOf('content'),
  },
  {
    id: 'leads',
    label: 'Smart Lead Management',
    Icon: Target,
    headline: 'Every lead scored, and the reasons shown',
    text: 'A new enquiry arrives and gets a score out of 100, an urgency rating and a likely job value — with each point explained, so you know who to call first and why.',
    points: [
      'Urgency words, service type and ticket size',
      'Follow-up tips for every lead',
      'Learns from the jobs you win and lose',
    ],
    screen: screenOf('leads'),
  },
  {
    id: 'analytics',
    label: 'Business Analytics',
    Icon: ChartColumn,
    headline: 'Know which marketing actually pays',
    text: 'Leads by week, top sources and a plain-words insight, from your Google Analytics 4 data. Read it in two minutes and spend your time where the jobs come from.',
    points: ['7, 30 and 90-day views', 'Lead sources ranked by booked jobs', 'Reports saved for later'],
    screen: screenOf('analytics'),
  },
];

export function FeatureTabs() {
  return (
    <section aria-labelledby="demo-features-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="demo-features-title" eyebrow="Interactive demo" title="Pick a feature and press Play">
          Each walkthrough runs for five seconds. Pause it to read, or reset it to watch again.
        </SectionHeading>
        <DemoTabs
          label="Demo features"
          items={DEMO_FEATURES}
          className="mt-10"
          listClassName="grid h-auto w-full grid-cols-2 gap-1 md:inline-flex md:w-auto"
          tabClassName="gap-2 px-2 py-2 whitespace-normal sm:px-3"
          panelClassName="mt-8 rounded-2xl"
          renderTab={({ label, Icon }) => (
            <>
              <Icon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
              {label}
            </>
          )}
          renderPanel={(feature) => (
            <div className="grid items-start gap-8 lg:grid-cols-[1fr_1.3fr] lg:gap-12">
              <div>
                <h3 className="text-2xl font-bold tracking-tight text-slate-900">
                  {feature.headline}
                  <ComingSoonBadge claim={feature.label} />
                </h3>
                <p className="mt-3 text-base leading-7 text-slate-600">{feature.text}</p>
                <ul className="mt-5 space-y-2">
                  {feature.points.map((point) => (
                    <li key={point} className="flex gap-3 text-sm text-slate-700">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
              <DemoPlayer title={feature.label} screen={feature.screen} onIntent={() => void DemoScreen.preload()} />
            </div>
          )}
        />
      </div>
    </section>
  );
}
