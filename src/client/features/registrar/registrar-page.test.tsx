import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_MESSAGES } from '@shared/schemas/settings';
import { resetToasts } from '@/components/ui/use-toast';
import {
  blankSettings,
  fill,
  findToast,
  FORM_TEST,
  lastBody,
  managerUser,
  masked,
  plainUser,
  settingsApi,
} from '@/test-utils/settings-test-kit';
import { calledPaths, json, mockApi, renderApp } from '@/test-utils/render-app';
import { GODADDY_KEYS_URL } from './registrar-about';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

function connected() {
  const settings = blankSettings();
  settings.registrar = {
    apiKey: masked('key-abcd1234'),
    apiSecret: masked('secret-5678'),
    environment: 'production',
    isConfigured: true,
  };
  return settings;
}

async function openRegistrar(path: string, options: Parameters<typeof settingsApi>[0] = {}) {
  const api = settingsApi({ user: managerUser, ...options });
  const app = renderApp(path);
  await screen.findByRole('tablist', { name: 'Registrar sections' });
  return { ...api, app };
}

const connection = () => within(screen.getByRole('region', { name: 'GoDaddy API connection' }));

describe('registrar screen for a visitor', () => {
  it('explains the screen and offers Sign in and Create account, calling nothing but the user check', async () => {
    const fetchMock = mockApi({ '/api/auth/user': () => json(401, { message: 'Not authenticated' }) });
    renderApp('/godaddy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Domain registrar' })).toBeInTheDocument();
    const panel = within(await screen.findByRole('region', { name: 'Sign in to connect your domains' }));
    expect(panel.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fgodaddy');
    expect(panel.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register?next=%2Fgodaddy');
    expect(calledPaths(fetchMock)).toEqual(['GET /api/auth/user']);
  });
});

describe('registrar screen: connection', FORM_TEST, () => {
  it('needs both the key and the secret before saving', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openRegistrar('/godaddy');
    await fill(user, connection().getByLabelText('API Key'), 'key-abcd1234');
    await user.click(connection().getByRole('button', { name: 'Save Connection' }));
    expect(await findToast(SETTINGS_MESSAGES.registrarMissing.title)).toHaveTextContent(
      'Please provide both API Key and Secret',
    );
    expect(connection().getByLabelText('API Secret')).toHaveFocus();
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/settings/registrar');
  });

  it('says Missing Configuration when testing before anything is saved', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openRegistrar('/godaddy');
    await user.click(connection().getByRole('button', { name: 'Test connection' }));
    expect(await findToast('Missing Configuration')).toHaveTextContent(
      SETTINGS_MESSAGES.registrarNotConfigured.message,
    );
    expect(calledPaths(fetchMock)).not.toContain('POST /api/settings/registrar/test');
  });

  it('saves the keys write-only with the environment, then shows Connected and the server’s test result', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openRegistrar('/godaddy', {
      routes: {
        'POST /api/settings/registrar/test': () =>
          json(200, { ok: true, message: 'GoDaddy answered: 3 domains in this account' }),
      },
    });
    await fill(user, connection().getByLabelText('API Key'), 'key-abcd1234');
    await fill(user, connection().getByLabelText('API Secret'), 'secret-5678');
    await user.selectOptions(connection().getByLabelText('Environment'), 'production');
    await user.click(connection().getByRole('button', { name: 'Save Connection' }));

    expect(await findToast('GoDaddy Connected')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/settings/registrar')).toEqual({
      apiKey: 'key-abcd1234',
      apiSecret: 'secret-5678',
      environment: 'production',
    });
    expect(await connection().findByText('Connected')).toBeInTheDocument();
    await waitFor(() => expect(connection().getByLabelText('API Key')).toHaveAttribute('placeholder', '••••••••1234'));
    expect(document.body.innerHTML).not.toContain('secret-5678');

    await user.click(connection().getByRole('button', { name: 'Test connection' }));
    expect(await connection().findByRole('status')).toHaveTextContent('GoDaddy answered: 3 domains in this account');
  });

  it('shows a plain user the connection read-only', async () => {
    await openRegistrar('/godaddy', { user: plainUser, settings: connected() });
    expect(connection().getByText(/A manager or admin of your business can change them/)).toBeInTheDocument();
    expect(connection().queryByRole('button', { name: 'Save Connection' })).not.toBeInTheDocument();
    expect(connection().getByLabelText('Environment')).toBeDisabled();
  });
});

describe('registrar screen: domains and settings', () => {
  it('lists the real domains of a connected account', async () => {
    await openRegistrar('/godaddy?tab=domains', {
      settings: connected(),
      routes: {
        'GET /api/registrar/domains': () =>
          json(200, {
            domains: [
              {
                domain: 'brooksheating.com',
                status: 'ACTIVE',
                expires: '2027-03-14T00:00:00.000Z',
                autoRenew: true,
                privacy: false,
              },
              { domain: 'brooks-hvac.net', status: 'EXPIRED', expires: null, autoRenew: false, privacy: true },
            ],
          }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Domains' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Active', 'Mar 14, 2027', 'On', 'Off'],
      ['Expired', '—', 'Off', 'On'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'brooksheating.com' })).toBeInTheDocument();
  });

  it('says when the account has no domains, and when the list cannot be read', async () => {
    const user = userEvent.setup();
    let calls = 0;
    await openRegistrar('/godaddy?tab=domains', {
      settings: connected(),
      routes: {
        'GET /api/registrar/domains': () =>
          ++calls === 1
            ? json(502, { message: 'GoDaddy refused the API key. Check it under Connection.' })
            : json(200, { domains: [] }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'GoDaddy refused the API key. Check it under Connection.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No domains yet')).toBeInTheDocument();
  });

  it('sends an unconnected owner from Domains to Connection without asking for domains', async () => {
    const user = userEvent.setup();
    const { fetchMock, app } = await openRegistrar('/godaddy?tab=domains');
    expect(await screen.findByText('No GoDaddy account connected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect GoDaddy' }));
    expect(await screen.findByRole('region', { name: 'GoDaddy API connection' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/godaddy?tab=connection');
    expect(calledPaths(fetchMock)).not.toContain('GET /api/registrar/domains');
  });

  it('explains the environment and links to GoDaddy’s key page', async () => {
    await openRegistrar('/godaddy?tab=settings', { settings: connected() });
    const environment = await screen.findByRole('region', { name: 'Environment' });
    expect(within(environment).getByText('Currently using').parentElement).toHaveTextContent(
      /Currently using\s*Production/,
    );
    expect(screen.getByRole('link', { name: /Get your API key at GoDaddy Developer/ })).toHaveAttribute(
      'href',
      GODADDY_KEYS_URL,
    );
  });
});
