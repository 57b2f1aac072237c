import { z } from 'zod';
import { zString } from './string.ts';
import {
  AUTOMATION_LEVELS,
  BUSINESS_TYPES,
  CONTENT_TONES,
  CURRENT_CHALLENGES,
  MARKETING_ACTIVITIES,
  MONTHLY_BUDGETS,
  PRIMARY_GOALS,
  PRIORITIES,
  REPORTING_FREQUENCIES,
  SOCIAL_PLATFORMS,
  TEAM_SIZES,
  values,
  YEARS_IN_BUSINESS,
} from '../onboarding.ts';

/**
 * A website address as people type it ("www.example.com", "https://example.com/shop"): http(s)
 * when a scheme is given, a host with a dot and a top-level part of two or more letters, no
 * spaces. Parsed with URL rather than a pattern, so its cost is linear in the length.
 */
export function isWebsiteAddress(raw: string): boolean {
  if (/\s/.test(raw)) return false;
  const withScheme = raw.includes('://') ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const labels = url.hostname.split('.');
  const tld = labels.at(-1) ?? '';
  return labels.length >= 2 && labels.every((l) => l.length > 0) && /^[a-z]{2,}$|^xn--/.test(tld);
}

const list = <V extends string>(choices: [V, ...V[]]) => z.array(z.enum(choices)).max(choices.length).default([]);
const optionalChoice = <V extends string>(choices: [V, ...V[]]) => z.enum(choices).or(z.literal('')).optional();

/** The onboarding profile. Step 1 needs businessName and businessType. */
export const ZOnboardingProfile = z
  .object({
    businessName: zString().trim().min(1, 'Business name is required').max(120, 'Please use at most 120 characters'),
    businessType: z.enum(values(BUSINESS_TYPES), { error: 'Choose your type of business' }),
    serviceArea: zString().trim().max(200, 'Please use at most 200 characters').default(''),
    teamSize: optionalChoice(values(TEAM_SIZES)),
    yearsInBusiness: optionalChoice(values(YEARS_IN_BUSINESS)),
    primaryGoals: list(values(PRIMARY_GOALS)),
    currentChallenges: list(values(CURRENT_CHALLENGES)),
    monthlyBudget: optionalChoice(values(MONTHLY_BUDGETS)),
    currentMarketing: list(values(MARKETING_ACTIVITIES)),
    socialPlatforms: list(values(SOCIAL_PLATFORMS)),
    hasWebsite: z.boolean().default(false),
    websiteUrl: zString().trim().max(300, { message: 'Please use at most 300 characters', abort: true }).default(''),
    contentTone: optionalChoice(values(CONTENT_TONES)),
    automationLevel: optionalChoice(values(AUTOMATION_LEVELS)),
    reportingFrequency: optionalChoice(values(REPORTING_FREQUENCIES)),
  })
  .refine(
    (p) => p.hasWebsite !== true || typeof p.websiteUrl !== 'string' || !p.websiteUrl || isWebsiteAddress(p.websiteUrl),
    {
      path: ['websiteUrl'],
      message: 'Please enter a valid website address, e.g. www.yourbusiness.com',
      // Only when the address itself passed its checks (a 40 KB address is refused by length alone).
      // And only on an object: `when` runs even when the profile itself is not one (null, a number).
      when: ({ value, issues }) =>
        typeof value === 'object' && value !== null && !issues.some((i) => i.path?.[0] === 'websiteUrl'),
    },
  );
export type TOnboardingProfile = z.infer<typeof ZOnboardingProfile>;
export type TOnboardingProfileInput = z.input<typeof ZOnboardingProfile>;

export const ZRecommendation = z.object({
  title: zString().min(1).max(160),
  description: zString().min(1).max(1200),
  category: zString().min(1).max(60),
  priority: z.enum(PRIORITIES),
  estimatedImpact: zString().min(1).max(200),
  setupTime: zString().min(1).max(60),
});
export type TRecommendation = z.infer<typeof ZRecommendation>;

export const ZOnboardingPlan = z.object({
  recommendations: z.array(ZRecommendation).min(1).max(12),
  /** 'offline' when the built-in engine wrote it (no AI provider configured or the call failed). */
  source: z.enum(['ai', 'offline']),
});
export type TOnboardingPlan = z.infer<typeof ZOnboardingPlan>;

/** POST /api/user/onboarding: the profile plus its plan; then the app goes to /dashboard. */
export const ZCompleteOnboardingRequest = z.object({
  profile: ZOnboardingProfile,
  recommendations: z.array(ZRecommendation).min(1, 'Generate your plan before completing setup').max(12),
});

/**
 * POST /api/user/send-onboarding-plan: emails the saved plan to the signed-in user's verified
 * address. The body is ignored (older clients sent the address and plan; any keys are dropped).
 */
export const ZSendPlanRequest = z.object({}).optional();
export type TSendPlanRequest = z.input<typeof ZSendPlanRequest>;

/** GET /api/user/onboarding: the saved profile and plan, or null before setup is completed. */
export const ZSavedOnboarding = z
  .object({
    profile: ZOnboardingProfile,
    recommendations: z.array(ZRecommendation),
    completedAt: zString().nullable(),
  })
  .nullable();
export type TSavedOnboarding = z.infer<typeof ZSavedOnboarding>;
