import type { TLandingPageContent } from '#shared/schemas/website.ts';
import { townList, type BusinessProfile } from './business-profile.ts';

/**
 * The offline landing-page builder: the fixed section set filled from the business profile and
 * the owner's request (an offer, a season, a service named in the chat). It invents no reviews:
 * the reviews section stays empty until real reviews exist, and the template then leaves it out.
 */
const SEASONS = ['spring', 'summer', 'fall', 'autumn', 'winter', 'holiday'];

function pick(prompt: string, words: string[]): string | undefined {
  const lower = prompt.toLowerCase();
  return words.find((w) => lower.includes(w));
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function offlineLandingPage(
  profile: BusinessProfile,
  prompt: string,
  previous?: TLandingPageContent,
): TLandingPageContent {
  const towns = townList(profile.towns);
  const [job1, job2] = profile.trade.jobs;
  const season = pick(prompt, SEASONS);
  const lower = prompt.toLowerCase();
  // Whole words: "AC repair" is not the focus of a prompt about a furnace.
  const words = new Set(lower.split(/[^a-z0-9]+/));
  const focus =
    [job1, job2].find((j) => words.has(j.toLowerCase().split(' ')[0] ?? '')) ??
    (lower.includes('emergency') ? `emergency ${profile.trade.noun} service` : undefined);
  const percent = /(\d{1,2})\s*%/.exec(prompt)?.[1];
  const dollars = /\$\s?(\d{2,4})/.exec(prompt)?.[1];
  const deal = percent ? `${percent}% off` : dollars ? `$${dollars} off` : undefined;
  // "home service" is already a service: avoid "home service services".
  const subject =
    focus ?? (profile.trade.noun.endsWith('service') ? `${profile.trade.noun}s` : `${profile.trade.noun} services`);
  const title = `${cap(subject)} in ${towns}${season ? ` this ${season}` : ''}`.slice(0, 120);
  const page: TLandingPageContent = {
    title,
    description:
      `${profile.name} offers ${subject} to homes and businesses in ${towns}. Upfront prices, licensed technicians and fast scheduling.`.slice(
        0,
        300,
      ),
    hero: {
      headline: `${cap(subject)} you can count on in ${towns}`.slice(0, 120),
      subheadline: `${profile.name}: licensed, insured and local. Tell us what you need and we'll reply within minutes.`,
      ctaLabel: 'Get a free quote',
    },
    services: {
      heading: 'What we do',
      items: [
        { name: cap(job1), description: `Fast, tidy ${job1.toLowerCase()} with a written price before we start.` },
        {
          name: cap(job2),
          description: `Honest advice on ${job2.toLowerCase()}: repair when it makes sense, replace when it saves you money.`,
        },
        {
          name: 'Maintenance plans',
          description: `${cap(profile.trade.plan)}, so small problems never become emergencies.`,
        },
      ],
    },
    // Never invented: real reviews arrive with the reviews area.
    reviews: { heading: 'What customers say', items: previous?.reviews.items ?? [] },
    offer: {
      heading: deal
        ? `${deal} ${season ? `this ${season}` : 'for a limited time'}`
        : `Ask about ${profile.trade.offSeasonOffer}`,
      details: deal
        ? `Mention this page when you book to get ${deal} your ${subject}. One offer per household.`
        : `Book during ${profile.trade.quietSeason} for the most flexible appointment times.`,
      ctaLabel: 'Claim this offer',
    },
    faq: {
      heading: 'Questions we hear a lot',
      items: [
        {
          question: `Which areas do you serve?`,
          answer: `We serve ${towns}${profile.towns.length ? ' and nearby' : ''}.`,
        },
        {
          question: 'Do you give prices upfront?',
          answer: 'Yes. You get a written price before any work starts, and no surprise fees.',
        },
        {
          question: 'How fast can you come out?',
          answer: 'Send the form and we reply within minutes during business hours to set a time that suits you.',
        },
      ],
    },
    leadForm: { heading: 'Request your free quote', buttonLabel: 'Send my request' },
  };
  return page;
}
