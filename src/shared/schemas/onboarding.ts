import { z } from 'zod';
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

const list = <V extends string>(choices: [V, ...V[]]) => z.array(z.enum(choices)).max(choices.length).default([]);
const optionalChoice = <V extends string>(choices: [V, ...V[]]) => z.enum(choices).or(z.literal('')).optional();

/** The onboarding profile (spec-2 §3.1). Step 1 needs businessName and businessType. */
export const ZOnboardingProfile = z
  .object({
    businessName: z.string().trim().min(1, 'Business name is required').max(120, 'Please use at most 120 characters'),
    businessType: z.enum(values(BUSINESS_TYPES), { error: 'Choose your type of business' }),
    serviceArea: z.string().trim().max(200, 'Please use at most 200 characters').default(''),
    teamSize: optionalChoice(values(TEAM_SIZES)),
    yearsInBusiness: optionalChoice(values(YEARS_IN_BUSINESS)),
    primaryGoals: list(values(PRIMARY_GOALS)),
    currentChallenges: list(values(CURRENT_CHALLENGES)),
    monthlyBudget: optionalChoice(values(MONTHLY_BUDGETS)),
    currentMarketing: list(values(MARKETING_ACTIVITIES)),
    socialPlatforms: list(values(SOCIAL_PLATFORMS)),
    hasWebsite: z.boolean().default(false),
    websiteUrl: z.string().trim().max(300, 'Please use at most 300 characters').default(''),
    contentTone: optionalChoice(values(CONTENT_TONES)),
    automationLevel: optionalChoice(values(AUTOMATION_LEVELS)),
    reportingFrequency: optionalChoice(values(REPORTING_FREQUENCIES)),
  })
  .superRefine((p, ctx) => {
    if (p.hasWebsite && p.websiteUrl && !/^(https?:\/\/)?[^\s/$.?#][^\s]*\.[^\s]{2,}$/i.test(p.websiteUrl)) {
      ctx.addIssue({ code: 'custom', path: ['websiteUrl'], message: 'Please enter a valid website address, e.g. www.yourbusiness.com' });
    }
  });
export type TOnboardingProfile = z.infer<typeof ZOnboardingProfile>;
export type TOnboardingProfileInput = z.input<typeof ZOnboardingProfile>;

export const ZRecommendation = z.object({
  title: z.string().min(1).max(160),
  description: z.string().min(1).max(1200),
  category: z.string().min(1).max(60),
  priority: z.enum(PRIORITIES),
  estimatedImpact: z.string().min(1).max(200),
  setupTime: z.string().min(1).max(60),
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

/** POST /api/user/send-onboarding-plan (spec-2 §7). */
export const ZSendPlanRequest = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  businessName: z.string().trim().min(1, 'Business name is required').max(120),
  recommendations: z.array(ZRecommendation).min(1, 'Generate your plan before emailing it').max(12),
  userProfile: z.object({
    businessType: z.string().max(40),
    teamSize: z.string().max(40).optional(),
    primaryGoals: z.array(z.string().max(60)).max(8).default([]),
    currentChallenges: z.array(z.string().max(60)).max(8).default([]),
  }),
});
export type TSendPlanRequest = z.input<typeof ZSendPlanRequest>;

/** GET /api/user/onboarding: the saved profile and plan, or null before setup is completed. */
export const ZSavedOnboarding = z
  .object({
    profile: ZOnboardingProfile,
    recommendations: z.array(ZRecommendation),
    completedAt: z.string().nullable(),
  })
  .nullable();
export type TSavedOnboarding = z.infer<typeof ZSavedOnboarding>;
