/**
 * Every feature claim on the public pages (/, /features, /pricing, /demo) and the capability it
 * needs: the signed-in page where it happens and an API route that answers for it. A claim whose
 * capability has not shipped carries "Coming soon" wherever it is shown; flip `shipped` when its
 * issue lands. Today every claim has shipped.
 */
export interface Capability {
  /** The signed-in page where the owner uses it. */
  page: string;
  /** A GET route that answers for a signed-in owner once the capability exists. */
  api: string;
  shipped: boolean;
}

const SOCIAL: Capability = { page: '/social', api: '/api/social/posts', shipped: true };
const LEADS: Capability = { page: '/leads', api: '/api/leads', shipped: true };
const REVIEWS: Capability = { page: '/reviews', api: '/api/reviews/business', shipped: true };
const WEBSITE: Capability = { page: '/website', api: '/api/website/blog-posts', shipped: true };
const FELIX: Capability = { page: '/felix', api: '/api/felix/models', shipped: true };
const TEAM: Capability = { page: '/settings?tab=team', api: '/api/team/members', shipped: true };
const WHITE_LABEL: Capability = { page: '/settings?tab=white-label', api: '/api/branding', shipped: true };
const KEYWORDS: Capability = { page: '/keywords', api: '/api/analytics/keywords', shipped: true };
const ANALYTICS: Capability = { page: '/analytics', api: '/api/analytics/reports', shipped: true };
const COACH: Capability = { page: '/ai-coach', api: '/api/ai-coach/goals', shipped: true };
// Speed-to-lead texts a landing-page lead through the business's Twilio sender (Settings → SMS).
const SMS: Capability = { page: '/settings?tab=sms', api: '/api/settings', shipped: true };
const MULTI_BUSINESS: Capability = { page: '/businesses', api: '/api/businesses', shipped: true };

/** Claim text (exactly as the page shows it) → the capability it needs. */
export const CLAIMS: Record<string, Capability> = {
  // The landing page's capability cards.
  'AI social posts, scheduled for you': SOCIAL,
  'Lead tracking with explainable scoring': LEADS,
  'Review replies in seconds': REVIEWS,
  'Keyword & analytics reports': KEYWORDS,
  'Website content + WordPress publishing': WEBSITE,
  'An AI coach that keeps you on track': COACH,
  'Felix, your marketing assistant': FELIX,
  // /features.
  'AI social posts with scheduled publishing': SOCIAL,
  'Lead tracking with explainable AI scoring': LEADS,
  'Review management with AI-drafted replies': REVIEWS,
  'Keyword and SEO tracking': KEYWORDS,
  'Analytics reports': ANALYTICS,
  'AI website content + WordPress publishing': WEBSITE,
  'AI coach': COACH,
  // /pricing (the plans' feature lists).
  '50 AI posts a month': SOCIAL,
  'Unlimited AI posts': SOCIAL,
  '2 team members': TEAM,
  '10 team members': TEAM,
  'Unlimited team members': TEAM,
  'Scheduled posting to Facebook, Instagram, X and LinkedIn': SOCIAL,
  'AI website content with WordPress publishing': WEBSITE,
  'Analytics reports and the AI coach': ANALYTICS,
  'SMS lead follow-up through Twilio': SMS,
  'White label with your own brand colours and domain': WHITE_LABEL,
  'Several businesses and locations in one account': MULTI_BUSINESS,
  // /demo (the feature tabs).
  'Felix AI Assistant': FELIX,
  'AI Content Creation': SOCIAL,
  'Smart Lead Management': LEADS,
  'Business Analytics': ANALYTICS,
};

/** True when the claim's capability has not shipped (an unknown text is treated as shipped copy). */
export function isComingSoon(claim: string): boolean {
  return CLAIMS[claim]?.shipped === false;
}
