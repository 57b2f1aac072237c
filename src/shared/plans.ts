// Subscription plans and their prices (spec-2 §2.10 and §9). Prices are whole US dollars per
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

export const PLAN_CURRENCY = 'usd';
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
