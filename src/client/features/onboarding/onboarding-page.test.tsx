import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onboardingMessages } from '@shared/onboarding';
import type { TSavedOnboarding } from '@shared/schemas/onboarding';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json, mockApi, renderApp } from '@/test-utils/render-app';
import { DRAFT_STORAGE_KEY } from './onboarding-draft';
import {
  answerStepOne,
  bodyOf,
  next,
  open,
  PLAN,
  READY_PROFILE,
  seedPlanStep,
  signedIn,
  signedOut,
  stepHeading,
  WALK,
  walkToPlan,
} from './onboarding-test-kit';
import { OFFLINE_NOTE } from './step-plan';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

describe('onboarding wizard steps', () => {
  it(
    'shows the step counter and percent bar, and enables Next only when each step’s rule holds',
    async () => {
      const user = userEvent.setup();
      mockApi(signedOut);
      await open();
      const bar = screen.getByRole('progressbar', { name: 'Setup progress' });
      expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
      expect(bar).toHaveAttribute('aria-valuenow', '20');
      expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

      // Step 1: business name and business type.
      expect(next()).toBeDisabled();
      await user.type(screen.getByLabelText('Business name'), 'Brooks Heating & Air');
      expect(next()).toBeDisabled();
      await user.click(screen.getByLabelText('Plumbing'));
      expect(screen.getByRole('radio', { name: 'Plumbing' })).toBeChecked();
      expect(next()).toBeEnabled();
      await user.clear(screen.getByLabelText('Business name'));
      await user.type(screen.getByLabelText('Business name'), '   ');
      expect(next()).toBeDisabled();
      await user.type(screen.getByLabelText('Business name'), 'Brooks');
      await user.click(next());

      // Step 2: at least one primary goal.
      await stepHeading('Goals & Priorities');
      expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
      expect(next()).toBeDisabled();
      expect(next()).toHaveAccessibleDescription('Choose at least one goal to continue.');
      await user.click(screen.getByLabelText('Get more 5-star reviews'));
      expect(screen.getByRole('checkbox', { name: 'Get more 5-star reviews' })).toBeChecked();
      expect(next()).toBeEnabled();
      await user.click(screen.getByLabelText('Get more 5-star reviews'));
      expect(next()).toBeDisabled();
      await user.click(screen.getByLabelText('Spend less time on marketing'));
      await user.click(next());

      // Step 3: no rule.
      await stepHeading('Current Marketing');
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
      expect(next()).toBeEnabled();
      await user.click(next());

      // Step 4: content tone.
      await stepHeading('Preferences');
      expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
      expect(next()).toBeDisabled();
      await user.click(screen.getByLabelText('Expert'));
      expect(next()).toBeEnabled();

      // Previous moves back by one.
      await user.click(screen.getByRole('button', { name: 'Previous' }));
      await stepHeading('Current Marketing');
      expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Current Marketing' })).toHaveFocus();
    },
    WALK,
  );

  it(
    'shows the website address field only while “We have a website” is checked',
    async () => {
      const user = userEvent.setup();
      mockApi(signedOut);
      await open();
      await answerStepOne(user);
      await user.click(next());
      await user.click(await screen.findByLabelText('Get more leads and booked jobs'));
      await user.click(next());
      await stepHeading('Current Marketing');

      expect(screen.queryByLabelText('Website address')).not.toBeInTheDocument();
      await user.click(screen.getByLabelText('We have a website'));
      const url = screen.getByLabelText('Website address');
      await user.type(url, 'not a site');
      await user.click(next());
      expect(
        await screen.findByText('Please enter a valid website address, e.g. www.yourbusiness.com'),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Current Marketing' })).toBeInTheDocument();

      await user.clear(url);
      await user.type(url, 'www.brooksheating.com');
      expect(screen.queryByText(/valid website address/)).not.toBeInTheDocument();
      await user.click(screen.getByLabelText('We have a website'));
      expect(screen.queryByLabelText('Website address')).not.toBeInTheDocument();
      await user.click(screen.getByLabelText('We have a website'));
      expect(screen.getByLabelText('Website address')).toHaveValue('www.brooksheating.com');
    },
    WALK,
  );
});

describe('plan generation', () => {
  it(
    'posts the profile and shows one card per recommendation, high priority first',
    async () => {
      const user = userEvent.setup();
      const fetchMock = mockApi({ ...signedOut, 'POST /api/ai/generate-onboarding-plan': () => json(200, PLAN) });
      await open();
      await walkToPlan(user);

      expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      const list = await screen.findByRole('list', { name: 'Recommendations' });
      const cards = within(list).getAllByRole('article');
      expect(cards).toHaveLength(2);
      expect(within(cards[0]!).getByRole('heading', { name: 'Ask every customer for a review' })).toBeInTheDocument();
      expect(within(cards[0]!).getByText('High priority')).toBeInTheDocument();
      expect(within(cards[0]!).getByText('Reviews')).toBeInTheDocument();
      expect(within(cards[0]!).getByText('Send a text with a review link after each job.')).toBeInTheDocument();
      expect(within(cards[0]!).getByText('+12 reviews a month')).toBeInTheDocument();
      expect(within(cards[0]!).getByText('15 minutes')).toBeInTheDocument();
      expect(within(cards[1]!).getByText('Low priority')).toBeInTheDocument();
      expect(screen.queryByText(OFFLINE_NOTE)).not.toBeInTheDocument();

      expect(bodyOf(fetchMock, 'POST /api/ai/generate-onboarding-plan')).toMatchObject({
        businessName: 'Brooks Heating & Air',
        businessType: 'hvac',
        primaryGoals: ['more-leads'],
        contentTone: 'friendly',
        hasWebsite: false,
        websiteUrl: '',
      });
      expect(screen.getByRole('button', { name: 'Email Plan' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeEnabled();
    },
    WALK,
  );

  it(
    'says so when the built-in offline planner wrote the plan',
    async () => {
      const user = userEvent.setup();
      mockApi({
        ...signedOut,
        'POST /api/ai/generate-onboarding-plan': () => json(200, { ...PLAN, source: 'offline' }),
      });
      await open();
      await walkToPlan(user);
      expect(await screen.findByText(OFFLINE_NOTE)).toBeInTheDocument();
    },
    WALK,
  );

  it(
    'shows the Generation Failed toast and a Try again button when generation fails',
    async () => {
      const user = userEvent.setup();
      let calls = 0;
      const fetchMock = mockApi({
        ...signedOut,
        'POST /api/ai/generate-onboarding-plan': () =>
          ++calls === 1 ? json(500, { message: 'Internal error' }) : json(200, PLAN),
      });
      await open();
      await walkToPlan(user);

      expect(await screen.findByText(onboardingMessages.generationFailed)).toBeInTheDocument();
      expect(screen.getByText(onboardingMessages.generationFailedTitle)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Email Plan' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeDisabled();

      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'Ask every customer for a review' })).toBeInTheDocument();
      expect(calledPaths(fetchMock).filter((c) => c === 'POST /api/ai/generate-onboarding-plan')).toHaveLength(2);
    },
    WALK,
  );

  it(
    'shows the server’s reason when generation is rate limited',
    async () => {
      const user = userEvent.setup();
      mockApi({
        ...signedOut,
        'POST /api/ai/generate-onboarding-plan': () => json(429, { message: 'Too many plans. Try again in a minute.' }),
      });
      await open();
      await walkToPlan(user);
      expect(await screen.findByText('Too many plans. Try again in a minute.')).toBeInTheDocument();
      expect(await screen.findByText(onboardingMessages.generationFailed)).toBeInTheDocument();
    },
    WALK,
  );
});

describe('the draft', () => {
  it(
    'survives a re-mount: answers, step and plan come back from localStorage',
    async () => {
      const user = userEvent.setup();
      mockApi({ ...signedOut, 'POST /api/ai/generate-onboarding-plan': () => json(200, PLAN) });
      const first = await open();
      await answerStepOne(user);
      await user.click(next());
      await user.click(await screen.findByLabelText('Get more 5-star reviews'));
      first.unmount();

      const stored = JSON.parse(window.localStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}') as {
        version: number;
        step: number;
      };
      expect(stored).toMatchObject({
        version: 1,
        step: 1,
        profile: { businessName: 'Brooks Heating & Air', primaryGoals: ['more-reviews'] },
      });

      renderApp('/onboarding');
      await stepHeading('Goals & Priorities');
      expect(screen.getByLabelText('Get more 5-star reviews')).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Previous' }));
      await stepHeading('Business Information');
      expect(screen.getByLabelText('Business name')).toHaveValue('Brooks Heating & Air');
      expect(screen.getByLabelText('Heating & Cooling (HVAC)')).toBeChecked();
    },
    WALK,
  );

  it('restores a generated plan without generating it again', async () => {
    seedPlanStep();
    const fetchMock = mockApi(signedOut);
    renderApp('/onboarding');
    expect(await screen.findByRole('heading', { name: 'Ask every customer for a review' })).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/ai/generate-onboarding-plan');
  });

  it('ignores a draft of another version and never restores a step whose answers are missing', async () => {
    window.localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ version: 99, step: 3, profile: READY_PROFILE, plan: null }),
    );
    mockApi(signedOut);
    const first = renderApp('/onboarding');
    await stepHeading('Business Information');
    expect(screen.getByLabelText('Business name')).toHaveValue('');
    first.unmount();

    window.localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ version: 1, step: 4, profile: { ...READY_PROFILE, primaryGoals: [] }, plan: null }),
    );
    renderApp('/onboarding');
    await stepHeading('Goals & Priorities');
  });

  it('prefills a signed-in user’s completed onboarding when there is no draft', async () => {
    const saved: TSavedOnboarding = {
      profile: {
        ...READY_PROFILE,
        businessType: 'hvac',
        primaryGoals: ['more-leads'],
        serviceArea: 'Austin, TX',
      } as NonNullable<TSavedOnboarding>['profile'],
      recommendations: PLAN.recommendations,
      completedAt: '2026-11-01T10:00:00.000Z',
    };
    mockApi({ ...signedIn, 'GET /api/user/onboarding': () => json(200, saved) });
    renderApp('/onboarding');
    await waitFor(() => expect(screen.getByLabelText('Business name')).toHaveValue('Brooks Heating & Air'));
    expect(screen.getByLabelText('Service area')).toHaveValue('Austin, TX');
    expect(screen.getByLabelText('Heating & Cooling (HVAC)')).toBeChecked();
  });
});
