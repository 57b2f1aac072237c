import { z } from 'zod';
import {
  AUTOMATION_LEVELS,
  BUSINESS_TYPES,
  CONTENT_TONES,
  CURRENT_CHALLENGES,
  MARKETING_ACTIVITIES,
  MONTHLY_BUDGETS,
  PRIMARY_GOALS,
  REPORTING_FREQUENCIES,
  SOCIAL_PLATFORMS,
  TEAM_SIZES,
  values,
  YEARS_IN_BUSINESS,
  type Option,
} from '@shared/onboarding';

// Lenient on purpose: a draft comes from localStorage (older builds, other tabs, hand edits), so
// every field falls back to its empty value instead of throwing the whole draft away.
const choice = <V extends string>(list: Option<V>[]) => z.enum(values(list)).or(z.literal('')).catch('');
const choices = <V extends string>(list: Option<V>[]) =>
  z
    .array(z.enum(values(list)))
    .catch([])
    .transform((items) => [...new Set(items)]);
const text = (max: number) => z.string().max(max).catch('');

const ZDraftProfile = z.object({
  businessName: text(120),
  businessType: choice(BUSINESS_TYPES),
  serviceArea: text(200),
  teamSize: choice(TEAM_SIZES),
  yearsInBusiness: choice(YEARS_IN_BUSINESS),
  primaryGoals: choices(PRIMARY_GOALS),
  currentChallenges: choices(CURRENT_CHALLENGES),
  monthlyBudget: choice(MONTHLY_BUDGETS),
  currentMarketing: choices(MARKETING_ACTIVITIES),
  socialPlatforms: choices(SOCIAL_PLATFORMS),
  hasWebsite: z.boolean().catch(false),
  websiteUrl: text(300),
  contentTone: choice(CONTENT_TONES),
  automationLevel: choice(AUTOMATION_LEVELS),
  reportingFrequency: choice(REPORTING_FREQUENCIES),
});

/** What the wizard edits: every answer, possibly still blank. */
export type DraftProfile = z.output<typeof ZDraftProfile>;

export function emptyProfile(): DraftProfile {
  return ZDraftProfile.parse({});
}

export function toDraftProfile(input: unknown): DraftProfile {
  return ZDraftProfile.parse(input && typeof input === 'object' ? input : {});
}
