import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onboardingMessages } from '@shared/onboarding';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';
import { ACCOUNT_PROMPT_TITLE } from './account-prompt-dialog';
import { DRAFT_STORAGE_KEY } from './onboarding-draft';
import { bodyOf, PLAN, READY_PROFILE, seedPlanStep, signedIn, signedOut } from './onboarding-test-kit';

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
    expect(within(dialog).getByRole('link', { name: 'Create free account' })).toHaveAttribute(
      'href',
      '/register?next=/onboarding',
    );
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
    const body = bodyOf(fetchMock, 'POST /api/user/onboarding') as {
      profile: Record<string, unknown>;
      recommendations: unknown;
    };
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

  it("saves the plan and sends it to the account's own address, with nothing else in the request", async () => {
    const { user, dialog, fetchMock } = await openEmailDialog({
      'POST /api/user/onboarding': () => json(200, { message: 'Your setup is complete.' }),
      'POST /api/user/send-onboarding-plan': () => json(200, { message: `Your plan was sent to ${demoUser.email}.` }),
    });
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByText(demoUser.email)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(`Your plan was sent to ${demoUser.email}.`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Email your plan' })).not.toBeInTheDocument();
    const paths = calledPaths(fetchMock);
    expect(paths.indexOf('POST /api/user/onboarding')).toBeLessThan(
      paths.indexOf('POST /api/user/send-onboarding-plan'),
    );
    expect(bodyOf(fetchMock, 'POST /api/user/onboarding')).toMatchObject({ recommendations: PLAN.recommendations });
    expect(bodyOf(fetchMock, 'POST /api/user/send-onboarding-plan')).toEqual({});
    // Still on the plan step.
    expect(screen.getByRole('heading', { name: 'Ask every customer for a review' })).toBeInTheDocument();
  });

  it('shows the Email Failed toast when sending fails', async () => {
    const { user, dialog } = await openEmailDialog({
      'POST /api/user/onboarding': () => json(200, { message: 'Your setup is complete.' }),
      'POST /api/user/send-onboarding-plan': () => json(502, { message: 'SMTP down' }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(onboardingMessages.emailFailed)).toBeInTheDocument();
    expect(screen.getByText(onboardingMessages.emailFailedTitle)).toBeInTheDocument();
  });

  it('an unverified address is asked to verify first and cannot send', async () => {
    const { dialog, fetchMock } = await openEmailDialog({
      '/api/auth/user': () => json(200, { ...demoUser, emailVerified: false }),
    });
    expect(within(dialog).getByText(onboardingMessages.emailNeedsVerifiedAddress)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/user/send-onboarding-plan');
  });
});
