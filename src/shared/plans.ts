// Subscription plans and their prices. Prices are whole US dollars per
// month; the yearly price is the per-month price when billed yearly.

export type PlanId = 'starter' | 'professional' | 'enterprise';
export type BillingCycle = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  name: string;
  /** One line on who the plan is for. */
  tagline: string;
  /** Price per month, billed monthly. */
  monthlyPrice: number;
  /** Price per month, billed yearly. */
  yearlyPrice: number;
  /** AI social posts included per month; null means unlimited. */
  aiPostsPerMonth: number | null;
  /** Team members included; null means unlimited. */
  teamMembers: number | null;
  mostPopular: boolean;
  /** Enterprise is sold by the sales team rather than a self-serve sign-up. */
  contactSales: boolean;
  features: readonly string[];
}

export const FREE_TRIAL_DAYS = 14;
/** The badge on the yearly option of the toggle. */
export const YEARLY_DISCOUNT_LABEL = 'Save 20%';

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    tagline: 'For an owner-operator or a two-van crew getting found online.',
    monthlyPrice: 49,
    yearlyPrice: 39,
    aiPostsPerMonth: 50,
    teamMembers: 2,
    mostPopular: false,
    contactSales: false,
    features: [
      '50 AI posts a month',
      '2 team members',
      'Scheduled posting to Facebook, Instagram, X and LinkedIn',
      'Lead tracking with explainable AI scoring',
      'Review management with AI-drafted replies',
      'Felix, your marketing assistant',
    ],
  },
  {
    id: 'professional',
    name: 'Professional',
    tagline: 'For growing shops that want every channel working every week.',
    monthlyPrice: 99,
    yearlyPrice: 79,
    aiPostsPerMonth: null,
    teamMembers: 10,
    mostPopular: true,
    contactSales: false,
    features: [
      'Unlimited AI posts',
      '10 team members',
      'Everything in Starter',
      'Keyword and SEO tracking',
      'AI website content with WordPress publishing',
      'Analytics reports and the AI coach',
      'SMS lead follow-up through Twilio',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    tagline: 'For multi-location companies, franchises and agencies.',
    monthlyPrice: 199,
    yearlyPrice: 159,
    aiPostsPerMonth: null,
    teamMembers: null,
    mostPopular: false,
    contactSales: true,
    features: [
      'Unlimited AI posts',
      'Unlimited team members',
      'Everything in Professional',
      'White label with your own brand colours and domain',
      'Several businesses and locations in one account',
      'A named success manager and priority support',
    ],
  },
];

/** The per-month price shown for a billing cycle. */
export function pricePerMonth(plan: Pick<Plan, 'monthlyPrice' | 'yearlyPrice'>, cycle: BillingCycle): number {
  return cycle === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice;
}

/** What a year on yearly billing saves over twelve monthly payments: 12 × (monthly − yearly). */
export function yearlySavings(plan: Pick<Plan, 'monthlyPrice' | 'yearlyPrice'>): number {
  return 12 * (plan.monthlyPrice - plan.yearlyPrice);
}

/** The amount charged once a year on yearly billing. */
export function yearlyTotal(plan: Pick<Plan, 'yearlyPrice'>): number {
  return 12 * plan.yearlyPrice;
}

export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

// Plan limits ------------------------------------------------------------------------------
// The one table of limits the server enforces and the client shows (issue 20). A business
// without a plan (no subscription, or a cancelled one) is on `free`: its data is kept, only the
// limits shrink.

export type PlanKey = 'free' | PlanId;
export const PLAN_KEYS = ['free', 'starter', 'professional', 'enterprise'] as const satisfies readonly PlanKey[];

/** Features that not every plan has. */
export type PlanFeature = 'keywords' | 'website' | 'analytics_reports' | 'sms' | 'white_label' | 'multi_business';

export const FEATURE_LABELS: Record<PlanFeature, string> = {
  keywords: 'Keyword and SEO tracking',
  website: 'AI website content with WordPress publishing',
  analytics_reports: 'Analytics reports and the AI coach',
  sms: 'SMS lead follow-up',
  white_label: 'White label',
  multi_business: 'Several businesses in one account',
};

export interface PlanLimits {
  name: string;
  /** AI social posts a month; null = unlimited. */
  aiPostsPerMonth: number | null;
  /** People in the business, the admin included; null = unlimited. */
  teamMembers: number | null;
  /** Automatic replies to landing-page leads a day (decision 021); leads past it are still saved and notified. */
  autoRepliesPerDay: number;
  features: readonly PlanFeature[];
}

const PROFESSIONAL_FEATURES: readonly PlanFeature[] = ['keywords', 'website', 'analytics_reports', 'sms'];

export const PLAN_LIMITS: Record<PlanKey, PlanLimits> = {
  free: { name: 'Free', aiPostsPerMonth: 10, teamMembers: 2, autoRepliesPerDay: 50, features: [] },
  starter: { name: 'Starter', aiPostsPerMonth: 50, teamMembers: 2, autoRepliesPerDay: 50, features: [] },
  professional: {
    name: 'Professional',
    aiPostsPerMonth: null,
    teamMembers: 10,
    autoRepliesPerDay: 150,
    features: PROFESSIONAL_FEATURES,
  },
  enterprise: {
    name: 'Enterprise',
    aiPostsPerMonth: null,
    teamMembers: null,
    autoRepliesPerDay: 500,
    features: [...PROFESSIONAL_FEATURES, 'white_label', 'multi_business'],
  },
};

/** Days a business keeps its plan after a failed payment before the free limits apply. */
export const GRACE_PERIOD_DAYS = 7;

export function isPlanKey(value: string): value is PlanKey {
  return (PLAN_KEYS as readonly string[]).includes(value);
}

export function limitsOf(plan: string): PlanLimits {
  return PLAN_LIMITS[isPlanKey(plan) ? plan : 'free'];
}

/** The cheapest plan that has `feature`, for "upgrade to …" messages. */
export function cheapestPlanWith(feature: PlanFeature): PlanId {
  return PLANS.find((p) => PLAN_LIMITS[p.id].features.includes(feature))?.id ?? 'enterprise';
}

/** The cheapest plan with room for `members` people (or `aiPosts` a month). */
export function cheapestPlanFor(need: { members?: number; aiPosts?: number }): PlanId {
  const fits = (l: PlanLimits) =>
    (need.members === undefined || l.teamMembers === null || l.teamMembers >= need.members) &&
    (need.aiPosts === undefined || l.aiPostsPerMonth === null || l.aiPostsPerMonth >= need.aiPosts);
  return PLANS.find((p) => fits(PLAN_LIMITS[p.id]))?.id ?? 'enterprise';
}

/**
 * What AI use a business's plan includes. Every AI call (Felix, lead tips, onboarding plans and
 * any future feature) is counted against it in the AI layer before a provider is called: requests
 * per hour per person and per business, and tokens (input + output) per calendar month (UTC).
 * 'free' is a business without a paid plan (the default of tenants.plan).
 */
export interface AiAllowance {
  /** The plan's name in messages. */
  name: string;
  requestsPerHourPerUser: number;
  requestsPerHourPerTenant: number;
  tokensPerMonth: number;
}

export const AI_ALLOWANCES: Record<PlanId | 'free', AiAllowance> = {
  free: { name: 'Free', requestsPerHourPerUser: 20, requestsPerHourPerTenant: 40, tokensPerMonth: 200_000 },
  starter: { name: 'Starter', requestsPerHourPerUser: 30, requestsPerHourPerTenant: 60, tokensPerMonth: 1_000_000 },
  professional: {
    name: 'Professional',
    requestsPerHourPerUser: 60,
    requestsPerHourPerTenant: 300,
    tokensPerMonth: 5_000_000,
  },
  enterprise: {
    name: 'Enterprise',
    requestsPerHourPerUser: 120,
    requestsPerHourPerTenant: 1_000,
    tokensPerMonth: 20_000_000,
  },
};

/** The allowance of a stored plan id; an unknown or missing plan gets the free one. */
export function aiAllowance(planId: string | null | undefined): AiAllowance {
  return planId && Object.hasOwn(AI_ALLOWANCES, planId) ? AI_ALLOWANCES[planId as PlanId] : AI_ALLOWANCES.free;
}
