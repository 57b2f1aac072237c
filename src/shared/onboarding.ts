/**
 * Onboarding choices. The spec fixes the short option lists and the counts of the
 * longer ones (8 goals, 8 challenges, 10 marketing activities, 8 social platforms); their
 * wording is ours, written for field-service owners.
 */
export interface Option<V extends string = string> {
  value: V;
  label: string;
}

const opts = <V extends string>(pairs: readonly (readonly [V, string])[]): Option<V>[] =>
  pairs.map(([value, label]) => ({ value, label }));

export const BUSINESS_TYPES = opts([
  ['hvac', 'Heating & Cooling (HVAC)'],
  ['plumbing', 'Plumbing'],
  ['electrical', 'Electrical'],
  ['landscaping', 'Landscaping'],
  ['roofing', 'Roofing'],
  ['cleaning', 'Cleaning'],
  ['handyman', 'Handyman'],
  ['other', 'Other trade'],
] as const);

export const TEAM_SIZES = opts([
  ['solo', 'Just me'],
  ['2-5', '2–5 people'],
  ['6-15', '6–15 people'],
  ['16-50', '16–50 people'],
  ['50+', 'More than 50'],
] as const);

export const YEARS_IN_BUSINESS = opts([
  ['startup', 'Just starting'],
  ['1-3', '1–3 years'],
  ['4-10', '4–10 years'],
  ['11-20', '11–20 years'],
  ['20+', 'More than 20 years'],
] as const);

export const MONTHLY_BUDGETS = opts([
  ['0-500', 'Under $500 a month'],
  ['500-1500', '$500–$1,500 a month'],
  ['1500-3000', '$1,500–$3,000 a month'],
  ['3000-5000', '$3,000–$5,000 a month'],
  ['5000+', 'More than $5,000 a month'],
] as const);

export const PRIMARY_GOALS = opts([
  ['more-leads', 'Get more leads and booked jobs'],
  ['more-reviews', 'Get more 5-star reviews'],
  ['social-presence', 'Post on social media regularly'],
  ['local-seo', 'Rank higher in local Google search'],
  ['better-website', 'Get a website that brings in work'],
  ['repeat-customers', 'Win repeat and maintenance-plan customers'],
  ['save-time', 'Spend less time on marketing'],
  ['track-results', 'See what my marketing actually returns'],
] as const);

export const CURRENT_CHALLENGES = opts([
  ['no-time', 'No time for marketing between jobs'],
  ['slow-follow-up', 'Leads go cold before we call back'],
  ['few-reviews', 'Too few online reviews'],
  ['bad-reviews', 'Negative reviews hurting us'],
  ['seasonal-slumps', 'Slow seasons with too little work'],
  ['competition', 'Bigger competitors outspend us'],
  ['unknown-roi', "Don't know which marketing works"],
  ['content-ideas', "Don't know what to post"],
] as const);

export const MARKETING_ACTIVITIES = opts([
  ['word-of-mouth', 'Word of mouth and referrals'],
  ['google-business', 'Google Business Profile'],
  ['google-ads', 'Google Ads / Local Services Ads'],
  ['facebook', 'Facebook page or ads'],
  ['instagram', 'Instagram'],
  ['website', 'Our own website'],
  ['lead-sites', 'Lead sites (Angi, Thumbtack, HomeAdvisor)'],
  ['email', 'Email newsletters'],
  ['print', 'Flyers, mailers or door hangers'],
  ['vehicle-signage', 'Truck wraps and yard signs'],
] as const);

export const SOCIAL_PLATFORMS = opts([
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['google-business', 'Google Business Profile'],
  ['nextdoor', 'Nextdoor'],
  ['linkedin', 'LinkedIn'],
  ['twitter', 'X (Twitter)'],
  ['youtube', 'YouTube'],
  ['tiktok', 'TikTok'],
] as const);

export const CONTENT_TONES = opts([
  ['professional', 'Professional'],
  ['friendly', 'Friendly'],
  ['expert', 'Expert'],
  ['casual', 'Casual'],
] as const);

export const AUTOMATION_LEVELS = opts([
  ['high', 'High — post and reply for me, I review weekly'],
  ['medium', 'Medium — draft everything, I approve'],
  ['low', 'Low — suggestions only'],
] as const);

export const REPORTING_FREQUENCIES = opts([
  ['daily', 'Daily'],
  ['weekly', 'Weekly'],
  ['monthly', 'Monthly'],
  ['quarterly', 'Quarterly'],
] as const);

export const PRIORITIES = ['high', 'medium', 'low'] as const;

export const values = <V extends string>(list: Option<V>[]): [V, ...V[]] => list.map((o) => o.value) as [V, ...V[]];

/** The spec's texts for onboarding. */
export const onboardingMessages = {
  emailFailedTitle: 'Email Failed',
  emailFailed: 'Failed to send email. Please try again or check your email address.',
  generationFailedTitle: 'Generation Failed',
  generationFailed: 'Unable to generate recommendations. Please try again.',
  /** The plan is mailed only to the account's own, verified address. */
  emailNeedsVerifiedAddress:
    'Please verify your email address first (use the link we sent you); your plan is then emailed to that address.',
  emailNeedsSavedPlan: 'Save your plan with Complete Setup first; then it can be emailed to you.',
} as const;
