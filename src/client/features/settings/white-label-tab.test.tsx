import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json, renderApp } from '@/test-utils/render-app';
import {
  adminUser,
  fill,
  findToast,
  FORM_TEST,
  lastBody,
  openSettings,
  settingsApi,
} from '@/test-utils/settings-test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
  document.documentElement.style.cssText = '';
});

const rootVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('settings → White label', FORM_TEST, () => {
  it('refuses a colour that is not #rrggbb', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('white-label', 'White label', { user: adminUser });
    expect(inCard.getByLabelText('Primary colour')).toHaveValue('#3b82f6');
    await fill(user, inCard.getByLabelText('Primary colour'), 'blue');
    await user.click(inCard.getByRole('button', { name: 'Save Branding' }));
    expect(await findToast('Invalid Colour')).toHaveTextContent('Use a colour like #3b82f6');
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/settings/white-label');
  });

  it('saves the brand and re-colours the app with it', async () => {
    const user = userEvent.setup();
    let branding = { name: null as string | null, logoUrl: null, primaryColor: '#3b82f6', secondaryColor: '#f97316' };
    const { inCard, fetchMock } = await openSettings('white-label', 'White label', {
      user: adminUser,
      routes: { 'GET /api/branding': () => json(200, branding) },
    });
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('GET /api/branding'));
    expect(rootVar('--brand-primary')).toBe('');

    await user.click(inCard.getByLabelText('Show my brand name and colours instead of Fieldwise'));
    await fill(user, inCard.getByLabelText('Brand name'), 'Acme Marketing');
    await fill(user, inCard.getByLabelText('Primary colour'), '#0f766e');
    branding = { ...branding, name: 'Acme Marketing', primaryColor: '#0f766e' };
    await user.click(inCard.getByRole('button', { name: 'Save Branding' }));

    expect(await findToast('Branding Saved')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/settings/white-label')).toMatchObject({
      clientName: 'Acme Marketing',
      primaryColor: '#0f766e',
      secondaryColor: '#f97316',
      isWhiteLabel: true,
    });
    await waitFor(() => expect(rootVar('--brand-primary')).toBe('#0f766e'));
    // The default secondary colour changes nothing.
    expect(rootVar('--brand-secondary')).toBe('');
  });
});

describe('brand style in the signed-in app', () => {
  it('applies the tenant colours and restores the standard look when the signed-in app closes', async () => {
    settingsApi({
      user: adminUser,
      routes: {
        'GET /api/branding': () =>
          json(200, { name: 'Acme', logoUrl: null, primaryColor: '#7c3aed', secondaryColor: '#16a34a' }),
        'GET /api/dashboard': () => json(404, {}),
      },
    });
    const app = renderApp('/dashboard');
    await waitFor(() => expect(rootVar('--brand-primary')).toBe('#7c3aed'));
    expect(rootVar('--brand-secondary')).toBe('#16a34a');
    app.unmount();
    expect(rootVar('--brand-primary')).toBe('');
  });

  it('asks for no branding on public pages', async () => {
    const { fetchMock } = settingsApi();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(calledPaths(fetchMock)).not.toContain('GET /api/branding');
  });
});
