import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onboardingMessages } from '@shared/onboarding';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { ACCOUNT_PROMPT_TITLE } from './account-prompt-dialog';
import { DRAFT_STORAGE_KEY } from './onboarding-draft';
import { bodyOf, PLAN, READY_PROFILE, seedPlanStep, signedIn, signedOut } from './onboarding-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

describe('Complete Setup', () => {
  it('asks a visitor to create a free account first and sends nothing', async () => {
    const user = userEvent.setup();
    seedPlanStep();
    const fetchMock = mockApi(signedOut);
    renderApp('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Complete Setup' }));

    const dialog = await screen.findByRole('dialog', { name: ACCOUNT_PROMPT_TITLE });
    expect(within(dialog).getByRole('link', { name: 'Create free account' })).toHaveAttribute('href', '/register?next=/onboarding');
    expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=/onboarding');
    expect(calledPaths(fetchMock)).not.toContain('POST /api/user/onboarding');
    expect(window.localStorage.getItem(DRAFT_STORAGE_KEY)).not.toBeNull();

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Email Plan' }));
    expect(await screen.findByRole('dialog', { name: ACCOUNT_PROMPT_TITLE })).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/user/send-onboarding-plan');
  });

  it('saves the profile and plan for a signed-in user, clears the draft and goes to /dashboard', async () => {
    const user = userEvent.setup();
    seedPlanStep({ ...READY_PROFILE, hasWebsite: false, websiteUrl: 'www.old-site.com' });
    const fetchMock = mockApi({ ...signedIn, 'POST /api/user/onboarding': () => json(200, { message: 'Saved' }) });
    const app = renderApp('/onboarding');
    await screen.findByRole('heading', { name: 'Ask every customer for a review' });
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('GET /api/auth/user'));
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    const body = bodyOf(fetchMock, 'POST /api/user/onboarding') as { profile: Record<string, unknown>; recommendations: unknown };
    expect(body.recommendations).toEqual(PLAN.recommendations);
    expect(body.profile).toMatchObject({
      businessName: 'Brooks Heating & Air',
      businessType: 'hvac',
      teamSize: '6-15',
      primaryGoals: ['more-leads', 'more-reviews'],
      currentChallenges: ['no-time'],
      contentTone: 'friendly',
      websiteUrl: '',
    });
    expect(window.localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('keeps the user on the plan with an error toast when saving fails', async () => {
    const user = userEvent.setup();
    seedPlanStep();
    mockApi({ ...signedIn, 'POST /api/user/onboarding': () => json(500, { message: 'Database unavailable' }) });
    const app = renderApp('/onboarding');
    await screen.findByRole('heading', { name: 'Ask every customer for a review' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/onboarding');
    expect(window.localStorage.getItem(DRAFT_STORAGE_KEY)).not.toBeNull();
  });
});

describe('Email Plan', () => {
  async function openEmailDialog(routes: Parameters<typeof mockApi>[0]) {
    const user = userEvent.setup();
    seedPlanStep();
    const fetchMock = mockApi({ ...signedIn, ...routes });
    renderApp('/onboarding');
    await screen.findByRole('heading', { name: 'Ask every customer for a review' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Email Plan' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Email Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email your plan' });
    return { user, dialog, fetchMock };
  }

  it('prefills the account email, needs an email to send, and sends the plan', async () => {
    const { user, dialog, fetchMock } = await openEmailDialog({ 'POST /api/user/send-onboarding-plan': () => json(200, { message: 'Sent' }) });
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveValue(demoUser.email);
    await user.clear(email);
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(email, 'office@brooksheating.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Your marketing plan is on its way to office@brooksheating.example.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Email your plan' })).not.toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/user/send-onboarding-plan')).toEqual({
      email: 'office@brooksheating.example',
      businessName: 'Brooks Heating & Air',
      recommendations: PLAN.recommendations,
      userProfile: { businessType: 'hvac', teamSize: '6-15', primaryGoals: ['more-leads', 'more-reviews'], currentChallenges: ['no-time'] },
    });
  });

  it('shows the Email Failed toast when sending fails', async () => {
    const { user, dialog } = await openEmailDialog({ 'POST /api/user/send-onboarding-plan': () => json(502, { message: 'SMTP down' }) });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(onboardingMessages.emailFailed)).toBeInTheDocument();
    expect(screen.getByText(onboardingMessages.emailFailedTitle)).toBeInTheDocument();
  });

  it('asks for a valid address before sending', async () => {
    const { user, dialog, fetchMock } = await openEmailDialog({});
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/user/send-onboarding-plan');
  });
});
