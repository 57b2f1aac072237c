import { SOCIAL_PLATFORMS } from '#shared/onboarding.ts';
import type { TOnboardingProfile, TRecommendation } from '#shared/schemas/onboarding.ts';
import { tradeFacts, type TradeFacts } from './trades.ts';

/**
 * The offline engine's onboarding plan: a deterministic set of recommendations built from the
 * profile's trade, team size, budget, goals, challenges and current marketing. Each rule
 * scores how much it matters for this business; the six that matter most become the plan.
 */
interface Rule {
  /** 0 = not relevant; higher = more important for this profile. */
  score(p: TOnboardingProfile): number;
  build(p: TOnboardingProfile, t: TradeFacts): Omit<TRecommendation, 'priority'>;
}

const has = <T>(list: readonly T[], ...items: T[]) => items.some((i) => list.includes(i));
const smallBudget = (p: TOnboardingProfile) => p.monthlyBudget === '0-500' || p.monthlyBudget === '';
const bigTeam = (p: TOnboardingProfile) => p.teamSize === '16-50' || p.teamSize === '50+';
const platformNames = (p: TOnboardingProfile) =>
  p.socialPlatforms.map((v) => SOCIAL_PLATFORMS.find((o) => o.value === v)?.label ?? v).slice(0, 3);

const RULES: Rule[] = [
  {
    score: (p) =>
      (has(p.primaryGoals, 'more-leads') ? 2 : 0) +
      (has(p.currentChallenges, 'slow-follow-up') ? 2 : 0) +
      (bigTeam(p) ? 0 : 1),
    build: (p, t) => ({
      title: 'Call every new lead back within 5 minutes',
      description: `Homeowners who need ${t.jobs[0]} usually call two or three companies and book the first one that answers. Turn on instant lead alerts and a text-back ("Thanks, this is ${p.businessName} — we'll call you within 5 minutes") so no lead waits while you're on a job.`,
      category: 'Leads',
      estimatedImpact: 'Up to 2× more leads turned into booked jobs',
      setupTime: '10 minutes',
    }),
  },
  {
    score: (p) => (has(p.primaryGoals, 'more-reviews') ? 3 : 0) + (has(p.currentChallenges, 'few-reviews') ? 2 : 0) + 1,
    build: (p) => ({
      title: 'Ask for a Google review after every finished job',
      description: `Send a short text with your review link the same day the job is done, while ${p.businessName}'s work is fresh. Reviews are the strongest signal for local search and the first thing new customers read.`,
      category: 'Reviews',
      estimatedImpact: '5–10 new reviews a month for a busy crew',
      setupTime: '15 minutes',
    }),
  },
  {
    score: (p) => (has(p.currentChallenges, 'bad-reviews') ? 4 : 0) + (has(p.primaryGoals, 'more-reviews') ? 1 : 0),
    build: () => ({
      title: 'Reply to every review within 24 hours',
      description:
        'Thank happy customers by name and answer unhappy ones calmly with an offer to make it right. Fieldwise drafts each reply for you to approve; future customers judge you by how you handle the bad ones.',
      category: 'Reviews',
      estimatedImpact: 'Higher rating and trust on your Google profile',
      setupTime: '5 minutes a day',
    }),
  },
  {
    score: (p) =>
      (has(p.primaryGoals, 'social-presence') ? 3 : 0) +
      (has(p.currentChallenges, 'content-ideas') ? 2 : 0) +
      (p.socialPlatforms.length > 0 ? 1 : 0),
    build: (p, t) => {
      const where = platformNames(p);
      return {
        title: `Post three job photos a week${where.length ? ` on ${where.join(', ')}` : ''}`,
        description: `Before-and-after photos of ${t.jobs[0]} and ${t.jobs[1]} jobs beat stock images every time. Snap them on site; Fieldwise writes the caption in a ${p.contentTone || 'friendly'} tone and schedules the post.`,
        category: 'Social Media',
        estimatedImpact: 'Steady local visibility with about 20 minutes a week',
        setupTime: '20 minutes',
      };
    },
  },
  {
    score: (p) => (has(p.primaryGoals, 'local-seo') ? 3 : 0) + (has(p.currentMarketing, 'google-business') ? 0 : 2),
    build: (p, t) => ({
      title: 'Complete your Google Business Profile',
      description: `Add every service you offer (${t.jobs.join(', ')}), your service area${p.serviceArea ? ` (${p.serviceArea})` : ''}, opening hours and at least 10 photos. A complete profile is the cheapest way to show up in the local map results.`,
      category: 'Local SEO',
      estimatedImpact: 'More calls from Google Maps within weeks',
      setupTime: '30 minutes',
    }),
  },
  {
    score: (p) => (has(p.primaryGoals, 'better-website') ? 3 : 0) + (p.hasWebsite ? 0 : 2),
    build: (p, t) =>
      p.hasWebsite
        ? {
            title: 'Turn your website into a lead machine',
            description: `Put a quote form and your phone number at the top of every page of ${p.websiteUrl || 'your site'}, and add a page for each service (${t.jobs.join(', ')}) in ${p.serviceArea || 'your service area'}. Fieldwise writes the pages and publishes them to WordPress.`,
            category: 'Website',
            estimatedImpact: 'More quote requests from the visitors you already get',
            setupTime: '1 hour',
          }
        : {
            title: 'Launch a simple website with a quote form',
            description: `A one-page site with your services, reviews, service area and a quote form gives every ad, post and truck wrap somewhere to send people. Fieldwise drafts the content for ${p.businessName}.`,
            category: 'Website',
            estimatedImpact: 'A place to capture leads around the clock',
            setupTime: '1–2 hours',
          },
  },
  {
    score: (p) =>
      (has(p.primaryGoals, 'repeat-customers') ? 3 : 0) + (has(p.currentChallenges, 'seasonal-slumps') ? 1 : 0),
    build: (_p, t) => ({
      title: 'Sell a maintenance plan to past customers',
      description: `Offer ${t.plan}. Plan members book their own repeat visits, call you first for bigger jobs and smooth out your cash flow.`,
      category: 'Retention',
      estimatedImpact: 'Predictable monthly revenue and fewer empty days',
      setupTime: '45 minutes',
    }),
  },
  {
    score: (p) => (has(p.currentChallenges, 'seasonal-slumps') ? 4 : 0),
    build: (_p, t) => ({
      title: `Plan a campaign for ${t.quietSeason}`,
      description: `Schedule posts and an email to past customers two weeks before your quiet season with ${t.offSeasonOffer}. Book the slow weeks before they arrive.`,
      category: 'Campaigns',
      estimatedImpact: 'Fuller schedule in your slowest weeks',
      setupTime: '30 minutes',
    }),
  },
  {
    score: (p) => (has(p.primaryGoals, 'track-results') ? 3 : 0) + (has(p.currentChallenges, 'unknown-roi') ? 3 : 0),
    build: (p) => ({
      title: 'Track where every lead comes from',
      description: `Record the source of each lead (Google, referral, Facebook, truck sign) when it comes in. Your ${p.reportingFrequency || 'weekly'} report then shows which channel brings booked jobs, so you spend where it pays.`,
      category: 'Analytics',
      estimatedImpact: 'Know your cost per booked job by channel',
      setupTime: '10 minutes',
    }),
  },
  {
    score: (p) =>
      (has(p.primaryGoals, 'save-time') ? 3 : 0) +
      (has(p.currentChallenges, 'no-time') ? 3 : 0) +
      (p.teamSize === 'solo' ? 1 : 0),
    build: (p) => ({
      title:
        p.automationLevel === 'low'
          ? 'Get a weekly to-do list instead of doing it all'
          : 'Let Fieldwise draft your posts and replies',
      description:
        p.automationLevel === 'high'
          ? 'Turn on automatic posting and review-reply drafts; you review everything once a week from your phone.'
          : 'Fieldwise prepares posts, review replies and follow-ups; you approve each one with a tap between jobs.',
      category: 'Automation',
      estimatedImpact: 'About 5 hours a week back',
      setupTime: '15 minutes',
    }),
  },
  {
    score: (p) => (has(p.currentMarketing, 'lead-sites') ? 3 : 0) + (has(p.currentChallenges, 'competition') ? 1 : 0),
    build: () => ({
      title: 'Grow your own leads to depend less on lead sites',
      description:
        'Shared leads from lead sites go to several companies at once. Every review, post and Google profile update you make builds leads that come only to you.',
      category: 'Leads',
      estimatedImpact: 'Lower cost per booked job over 3–6 months',
      setupTime: 'Ongoing',
    }),
  },
  {
    // Paid ads only make sense with room in the budget.
    score: (p) =>
      smallBudget(p)
        ? 0
        : 2 + (has(p.primaryGoals, 'more-leads') ? 1 : 0) + (has(p.currentChallenges, 'competition') ? 1 : 0),
    build: (p, t) => ({
      title: 'Run Google Local Services Ads in your area',
      description: `Pay per lead, not per click, for ${t.noun} searches${p.serviceArea ? ` in ${p.serviceArea}` : ''}. Start with a small weekly budget on your most profitable job (${t.jobs[1]}) and let reviews raise your ranking.`,
      category: 'Advertising',
      estimatedImpact: 'New leads within the first week',
      setupTime: '1 hour',
    }),
  },
];

const PLAN_SIZE = 6;

/** Up to six recommendations; rules that do not apply to this business are left out. */
export function offlineOnboardingPlan(profile: TOnboardingProfile): TRecommendation[] {
  const trade = tradeFacts(profile.businessType);
  return RULES.map((rule, order) => ({ rule, order, score: rule.score(profile) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, PLAN_SIZE)
    .map(({ rule, score }) => ({
      ...rule.build(profile, trade),
      priority: score >= 4 ? ('high' as const) : score >= 2 ? ('medium' as const) : ('low' as const),
    }));
}
