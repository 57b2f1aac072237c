import type { DraftProfile } from './draft-profile';

/** The five steps of the spec, in order; the wizard moves by one. */
export const STEPS = [
  { title: 'Business Information', description: 'Tell us who you are and where you work.' },
  { title: 'Goals & Priorities', description: 'What should your marketing do for you this year?' },
  { title: 'Current Marketing', description: 'What are you doing today? Your plan builds on what already works.' },
  { title: 'Preferences', description: 'How your posts should sound and how hands-on you want to be.' },
  { title: 'AI-Generated Plan', description: 'Your recommendations, most important first.' },
] as const;

export type StepIndex = 0 | 1 | 2 | 3 | 4;
export const LAST_STEP: StepIndex = 4;

export function percentComplete(step: StepIndex): number {
  return ((step + 1) / STEPS.length) * 100;
}

/**
 * Next is disabled on step 1 without businessName and businessType, on step 2
 * without at least one primary goal, and on step 4 without contentTone.
 */
export function canAdvance(
  step: StepIndex,
  profile: Pick<DraftProfile, 'businessName' | 'businessType' | 'primaryGoals' | 'contentTone'>,
): boolean {
  switch (step) {
    case 0:
      return profile.businessName.trim().length > 0 && profile.businessType !== '';
    case 1:
      return profile.primaryGoals.length > 0;
    case 3:
      return profile.contentTone !== '';
    case 2:
      return true;
    case 4:
      return false;
  }
}

/** Why Next is disabled, shown beside it so the rule is never a mystery. */
export function blockedReason(step: StepIndex): string | undefined {
  switch (step) {
    case 0:
      return 'Enter your business name and choose your type of business to continue.';
    case 1:
      return 'Choose at least one goal to continue.';
    case 3:
      return 'Choose a content tone to continue.';
    default:
      return undefined;
  }
}
