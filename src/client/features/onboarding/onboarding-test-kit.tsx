// Shared set-up for the onboarding page tests: API answers, a sample plan and step walkers.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { TOnboardingPlan } from '@shared/schemas/onboarding';
import type { mockApi } from '@/test-utils/render-app';
import { calledPaths, demoUser, json, renderApp } from '@/test-utils/render-app';
import { type DraftProfile, emptyProfile } from './draft-profile';
import { writeStoredDraft } from './onboarding-draft';

export const signedOut = { '/api/auth/user': () => json(401, { message: 'Not authenticated' }) };
export const signedIn = {
  '/api/auth/user': () => json(200, demoUser),
  'GET /api/user/onboarding': () => json(200, null),
};

export const PLAN: TOnboardingPlan = {
  source: 'ai',
  recommendations: [
    {
      title: 'Claim your Google Business Profile',
      description: 'Verify the listing and add service areas.',
      category: 'Local SEO',
      priority: 'low',
      estimatedImpact: '+15% calls',
      setupTime: '30 minutes',
    },
    {
      title: 'Ask every customer for a review',
      description: 'Send a text with a review link after each job.',
      category: 'Reviews',
      priority: 'high',
      estimatedImpact: '+12 reviews a month',
      setupTime: '15 minutes',
    },
  ],
};

export const READY_PROFILE: DraftProfile = {
  ...emptyProfile(),
  businessName: 'Brooks Heating & Air',
  businessType: 'hvac',
  teamSize: '6-15',
  primaryGoals: ['more-leads', 'more-reviews'],
  currentChallenges: ['no-time'],
  contentTone: 'friendly',
};

export function bodyOf(fetchMock: ReturnType<typeof mockApi>, call: string): unknown {
  const index = calledPaths(fetchMock).lastIndexOf(call);
  return JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body));
}

// Walking the whole wizard in jsdom takes a few seconds; give those tests room.
export const WALK = 20_000;

export const next = () => screen.getByRole('button', { name: 'Next' });
export const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

export async function open() {
  const app = renderApp('/onboarding');
  await stepHeading('Business Information');
  return app;
}

export async function answerStepOne(user: UserEvent) {
  await user.type(screen.getByLabelText('Business name'), 'Brooks Heating & Air');
  await user.click(screen.getByLabelText('Heating & Cooling (HVAC)'));
}

/** From step 1 to the plan step, answering only what each step requires. */
export async function walkToPlan(user: UserEvent) {
  await answerStepOne(user);
  await user.click(next());
  await stepHeading('Goals & Priorities');
  await user.click(screen.getByLabelText('Get more leads and booked jobs'));
  await user.click(next());
  await stepHeading('Current Marketing');
  await user.click(next());
  await stepHeading('Preferences');
  await user.click(screen.getByLabelText('Friendly'));
  await user.click(next());
  await stepHeading('AI-Generated Plan');
}

export function seedPlanStep(profile: DraftProfile = READY_PROFILE) {
  writeStoredDraft({ step: 4, profile, plan: { recommendations: PLAN.recommendations, source: 'ai' } });
}
