import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAuthUser } from '@shared/schemas/auth';
import { authKeys } from '@/lib/query-keys';
import { calledPaths, demoUser, json, mockApi, renderApp } from '@/test-utils/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Routes = Parameters<typeof mockApi>[0];

async function openProfile(routes: Routes = {}, user: TAuthUser = demoUser) {
  const fetchMock = mockApi({
    '/api/auth/user': () => json(200, user),
    'POST /api/events': () => json(202, {}),
    ...routes,
  });
  const app = renderApp('/settings?tab=profile');
  await screen.findByRole('heading', { level: 2, name: 'Profile information' });
  const section = (name: string) => screen.getByRole('region', { name });
  return { app, fetchMock, section };
}

function bodyOf(fetchMock: ReturnType<typeof mockApi>, call: string): unknown {
  const init = fetchMock.mock.calls[calledPaths(fetchMock).indexOf(call)]?.[1];
  return JSON.parse(String(init?.body));
}

describe('settings page', () => {
  // The first test loads the dashboard and settings chunks.
  it('opens the Profile tab from the user menu', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    mockApi({ '/api/auth/user': () => json(200, demoUser), 'POST /api/events': () => json(202, {}) });
    const app = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Dana Brooks' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile information' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/settings?tab=profile');
  });
});

describe('profile tab: name and email', () => {
  it('saves the names, sends only them and replaces the cached user with the answer', async () => {
    const user = userEvent.setup();
    const updated = { ...demoUser, firstName: 'Danielle', lastName: 'Brooks-Hale' };
    const { app, fetchMock, section } = await openProfile({ 'PUT /api/auth/profile': () => json(200, updated) });
    const profile = section('Profile information');

    const first = within(profile).getByLabelText('First name');
    expect(first).toHaveValue('Dana');
    await user.clear(first);
    await user.type(first, 'Danielle');
    await user.clear(within(profile).getByLabelText('Last name'));
    await user.type(within(profile).getByLabelText('Last name'), 'Brooks-Hale');
    await user.click(within(profile).getByRole('button', { name: 'Save Changes' }));

    expect(await within(profile).findByRole('status')).toHaveTextContent('Profile updated successfully!');
    expect(bodyOf(fetchMock, 'PUT /api/auth/profile')).toEqual({ firstName: 'Danielle', lastName: 'Brooks-Hale' });
    expect(app.queryClient.getQueryData(authKeys.user())).toEqual(updated);
    expect(screen.getByRole('button', { name: 'Account menu for Danielle Brooks-Hale' })).toBeInTheDocument();
  });

  it('requires both names and sends nothing without them', async () => {
    const user = userEvent.setup();
    const { fetchMock, section } = await openProfile();
    const profile = section('Profile information');
    await user.clear(within(profile).getByLabelText('First name'));
    await user.click(within(profile).getByRole('button', { name: 'Save Changes' }));

    expect(within(profile).getByText('First name is required')).toBeInTheDocument();
    expect(within(profile).getByLabelText('First name')).toHaveFocus();
    await user.type(within(profile).getByLabelText('First name'), 'D');
    expect(within(profile).queryByText('First name is required')).not.toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/auth/profile');
  });

  it.each([
    [
      json(500, { message: 'The database is busy. Try again in a moment.' }),
      'The database is busy. Try again in a moment.',
    ],
    [new Response('', { status: 502 }), 'Failed to update profile'],
  ])('shows the server message or the fallback when saving fails', async (answer, text) => {
    const user = userEvent.setup();
    const { section } = await openProfile({ 'PUT /api/auth/profile': () => answer });
    const profile = section('Profile information');
    await user.click(within(profile).getByRole('button', { name: 'Save Changes' }));
    expect(await within(profile).findByRole('alert')).toHaveTextContent(text);
    expect(within(profile).getByLabelText('First name')).toHaveValue('Dana');
  });

  it('shows the email read-only with the note that it cannot be changed', async () => {
    const { section } = await openProfile();
    const email = within(section('Profile information')).getByLabelText('Email address');
    expect(email).toHaveValue('dana@brooksheating.example');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Email address cannot be changed. Contact support if needed.');
  });
});

describe('profile tab: email verification', () => {
  it('shows a verified address without a resend button', async () => {
    const { section } = await openProfile();
    const card = section('Email verification');
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Resend Verification Email' })).not.toBeInTheDocument();
  });

  it('resends the link for an unverified address', async () => {
    const user = userEvent.setup();
    const { fetchMock, section } = await openProfile(
      { 'POST /api/auth/resend-verification': () => json(200, { message: 'Sent.' }) },
      { ...demoUser, emailVerified: false },
    );
    const card = section('Email verification');
    expect(within(card).getByText('Not verified')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Resend Verification Email' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Verification email sent!');
    expect(calledPaths(fetchMock)).toContain('POST /api/auth/resend-verification');
  });

  it('says when the resend fails', async () => {
    const user = userEvent.setup();
    const { section } = await openProfile(
      { 'POST /api/auth/resend-verification': () => json(500, {}) },
      { ...demoUser, emailVerified: false },
    );
    const card = section('Email verification');
    await user.click(within(card).getByRole('button', { name: 'Resend Verification Email' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Failed to send verification email');
  });
});

describe('profile tab: change password', () => {
  it('keeps submit disabled until the current and new password are filled, and shows the rule', async () => {
    const user = userEvent.setup();
    const { section } = await openProfile();
    const card = section('Change password');
    const submit = within(card).getByRole('button', { name: 'Change Password' });
    expect(submit).toBeDisabled();
    expect(within(card).getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 8 characters with uppercase, lowercase, number and special character (@$!%*?&).',
    );
    expect(within(card).getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(card).getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');

    await user.type(within(card).getByLabelText('Current password'), 'Old@pass1');
    expect(submit).toBeDisabled();
    await user.type(within(card).getByLabelText('New password'), 'x');
    expect(submit).toBeEnabled();
  });

  it('checks the new password rules and the confirmation before sending', async () => {
    const user = userEvent.setup();
    const { fetchMock, section } = await openProfile();
    const card = section('Change password');
    await user.type(within(card).getByLabelText('Current password'), 'Old@pass1');
    await user.type(within(card).getByLabelText('New password'), 'weakpassword');
    await user.type(within(card).getByLabelText('Confirm new password'), 'different');
    await user.click(within(card).getByRole('button', { name: 'Change Password' }));

    expect(
      within(card).getByText('Password must include uppercase, lowercase, number, and special character'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Passwords do not match')).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/auth/change-password');
  });

  it('changes the password and clears the form', async () => {
    const user = userEvent.setup();
    const { fetchMock, section } = await openProfile({
      'POST /api/auth/change-password': () => json(200, { message: 'Password changed.' }),
    });
    const card = section('Change password');
    await user.type(within(card).getByLabelText('Current password'), 'Old@pass1');
    await user.type(within(card).getByLabelText('New password'), 'New@pass22');
    await user.type(within(card).getByLabelText('Confirm new password'), 'New@pass22');
    await user.click(within(card).getByRole('button', { name: 'Change Password' }));

    expect(await within(card).findByRole('status')).toHaveTextContent('Password changed successfully!');
    expect(bodyOf(fetchMock, 'POST /api/auth/change-password')).toEqual({
      currentPassword: 'Old@pass1',
      newPassword: 'New@pass22',
    });
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(within(card).getByLabelText(label), label).toHaveValue('');
    }
    expect(within(card).getByRole('button', { name: 'Change Password' })).toBeDisabled();
  });

  it.each([
    [json(400, { message: 'Current password is incorrect.', code: 'bad_request' }), 'Current password is incorrect.'],
    [json(500, {}), 'Failed to change password'],
  ])('shows the server message or the fallback and keeps what was typed', async (answer, text) => {
    const user = userEvent.setup();
    const { section } = await openProfile({ 'POST /api/auth/change-password': () => answer });
    const card = section('Change password');
    await user.type(within(card).getByLabelText('Current password'), 'Wrong@pass1');
    await user.type(within(card).getByLabelText('New password'), 'New@pass22');
    await user.type(within(card).getByLabelText('Confirm new password'), 'New@pass22');
    await user.click(within(card).getByRole('button', { name: 'Change Password' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent(text);
    expect(within(card).getByLabelText('Current password')).toHaveValue('Wrong@pass1');
  });
});

describe('profile tab: account information', () => {
  it('shows role, member since, last login and the organization memberships', async () => {
    const { section } = await openProfile(
      {},
      {
        ...demoUser,
        role: 'manager',
        tenantMemberships: [
          { id: 'm1', role: 'admin', tenant: { name: 'Brooks Heating & Air', slug: 'brooks-heating' } },
          { id: 'm2', role: 'user', tenant: { name: 'Valley Plumbing', slug: 'valley-plumbing' } },
        ],
      },
    );
    const card = section('Account information');
    const row = (term: string) => within(card).getByText(term).nextElementSibling;

    expect(row('Role')).toHaveTextContent('Manager');
    expect(row('Member since')).toHaveTextContent('2024');
    expect(row('Member since')?.querySelector('time')).toHaveAttribute('dateTime', '2024-03-05T14:00:00.000Z');
    expect(row('Last login')?.querySelector('time')).toHaveAttribute('dateTime', '2026-11-20T09:30:00.000Z');

    const memberships = within(card).getByRole('list', { name: 'Organization memberships' });
    const items = within(memberships).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Brooks Heating & Air');
    expect(items[0]).toHaveTextContent('brooks-heating');
    expect(items[0]).toHaveTextContent('Admin');
    expect(items[1]).toHaveTextContent('Valley Plumbing');
    expect(items[1]).toHaveTextContent('valley-plumbing');
    expect(items[1]).toHaveTextContent('User');
  });

  it('says Never for a missing last login and when there are no memberships', async () => {
    const { section } = await openProfile({}, { ...demoUser, lastLogin: null, tenantMemberships: [] });
    const card = section('Account information');
    await waitFor(() => expect(within(card).getByText('Last login').nextElementSibling).toHaveTextContent('Never'));
    expect(within(card).getByText('You are not a member of any organization.')).toBeInTheDocument();
  });
});
