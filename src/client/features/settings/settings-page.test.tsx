import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json, mockApi, renderApp } from '@/test-utils/render-app';
import { READ_ONLY_NOTE } from '@/components/config-form/config-card';
import {
  adminUser,
  blankSettings,
  eventsSent,
  managerUser,
  masked,
  plainUser,
  settingsApi,
} from '@/test-utils/settings-test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

// The spec's tabs (and Lead form, decision 021), then the areas' own (Notifications for everyone,
// Custom domain for admins).
const SPEC_TABS = [
  'Profile',
  'WordPress',
  'Analytics',
  'Business',
  'SMS',
  'Lead form',
  'Social',
  'Connections',
  'Team',
  'Billing',
  'Notifications',
];
const tabNames = async () =>
  within(await screen.findByRole('tablist', { name: 'Settings sections' }))
    .getAllByRole('tab')
    .map((t) => t.textContent);

describe('settings page tabs', () => {
  it('has the spec tabs in order with Profile open, keeps the open tab in the address, and records one page view', async () => {
    const user = userEvent.setup();
    const { fetchMock } = settingsApi({ user: managerUser });
    const app = renderApp('/settings');

    expect(await tabNames()).toEqual(SPEC_TABS);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Profile information' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'WordPress' }));
    expect(await screen.findByRole('region', { name: 'WordPress' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/settings?tab=wordpress');
    await user.click(screen.getByRole('tab', { name: 'SMS' }));
    expect(await screen.findByRole('region', { name: 'SMS (Twilio)' })).toBeInTheDocument();

    await waitFor(() => expect(eventsSent(fetchMock)).toEqual(['settings_page_view']));
  });

  it.each([
    ['wordpress', 'WordPress'],
    ['analytics', 'Google Analytics'],
    ['business', 'Business profile'],
    ['sms', 'SMS (Twilio)'],
    ['social', 'Social media'],
  ])('opens ?tab=%s from the address', async (tab, card) => {
    settingsApi({ user: managerUser });
    renderApp(`/settings?tab=${tab}`);
    expect(await screen.findByRole('region', { name: card })).toBeInTheDocument();
  });

  it("opens the connections list for the hints' ?tab=integrations", async () => {
    settingsApi({ user: managerUser });
    renderApp('/settings?tab=integrations');
    expect(await screen.findByRole('tab', { name: 'Connections', selected: true })).toBeInTheDocument();
  });

  it('shows the White label and System tabs to an admin only', async () => {
    settingsApi({ user: adminUser });
    renderApp('/settings?tab=white-label');
    expect(await tabNames()).toEqual([...SPEC_TABS, 'Custom domain', 'White label', 'System']);
    expect(await screen.findByRole('region', { name: 'White label' })).toBeInTheDocument();
  });

  it.each([managerUser, plainUser])('hides the White label tab from a $role, even by address', async (who) => {
    settingsApi({ user: who });
    renderApp('/settings?tab=white-label');
    expect(await tabNames()).toEqual(SPEC_TABS);
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile information' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'White label' })).not.toBeInTheDocument();
  });

  it('shows a Connected badge on each saved section', async () => {
    const user = userEvent.setup();
    const settings = blankSettings();
    settings.analytics = { ...settings.analytics, measurementId: 'G-ABC123', isConfigured: true };
    settings.sms = {
      ...settings.sms,
      accountSid: 'AC123',
      authToken: masked('tok-9876'),
      phoneNumber: '+15551234567',
      isConfigured: true,
    };
    settingsApi({ user: managerUser, settings });
    renderApp('/settings?tab=analytics');

    const analytics = await screen.findByRole('region', { name: 'Google Analytics' });
    expect(within(analytics).getByText('Connected')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'SMS' }));
    const sms = await screen.findByRole('region', { name: 'SMS (Twilio)' });
    expect(within(sms).getByText('Connected')).toBeInTheDocument();
    expect(within(sms).getByLabelText('Auth token')).toHaveAttribute('placeholder', '••••••••9876');
    await user.click(screen.getByRole('tab', { name: 'WordPress' }));
    expect(
      within(await screen.findByRole('region', { name: 'WordPress' })).queryByText('Connected'),
    ).not.toBeInTheDocument();
  });

  it('shows a plain user the settings read-only, with who can change them', async () => {
    const settings = blankSettings();
    settings.wordpress = {
      siteUrl: 'https://brooksheating.example',
      username: 'dana',
      appPassword: masked('abcd-wxyz'),
      isConfigured: true,
    };
    settingsApi({ user: plainUser, settings });
    renderApp('/settings?tab=wordpress');

    const card = await screen.findByRole('region', { name: 'WordPress' });
    expect(within(card).getByText(READ_ONLY_NOTE)).toBeInTheDocument();
    expect(within(card).getByLabelText('WordPress site URL')).toHaveValue('https://brooksheating.example');
    expect(within(card).getByLabelText('WordPress site URL')).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Replace application password' })).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Save WordPress Settings' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Remove configuration' })).not.toBeInTheDocument();
  });

  it('says when the settings cannot be loaded and tries again on request', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fetchMock = mockApi({
      '/api/auth/user': () => json(200, managerUser),
      'POST /api/events': () => json(202, {}),
      'GET /api/settings': () =>
        ++calls === 1
          ? json(503, { message: 'The database is busy. Try again in a moment.' })
          : json(200, blankSettings()),
    });
    renderApp('/settings?tab=wordpress');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy. Try again in a moment.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'WordPress' })).toBeInTheDocument();
    expect(calledPaths(fetchMock).filter((c) => c === 'GET /api/settings')).toHaveLength(2);
  });
});
