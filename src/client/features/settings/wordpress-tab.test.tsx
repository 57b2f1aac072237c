import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_MESSAGES } from '@shared/schemas/settings';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json } from '@/test-utils/render-app';
import { KEEP_SECRET_NOTE } from '@/components/config-form/secret-field';
import {
  blankSettings,
  eventsSent,
  fill,
  findToast,
  FORM_TEST,
  lastBody,
  masked,
  openSettings,
} from '@/test-utils/settings-test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

const PASSWORD = 'abcd efgh ijkl mnop';

function configured() {
  const settings = blankSettings();
  settings.wordpress = {
    siteUrl: 'https://brooksheating.example',
    username: 'dana',
    appPassword: masked(PASSWORD),
    isConfigured: true,
  };
  return settings;
}

describe('settings → WordPress', FORM_TEST, () => {
  it('refuses an incomplete form with the spec toast and sends nothing', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('wordpress', 'WordPress');
    await fill(user, inCard.getByLabelText('WordPress site URL'), 'https://brooksheating.example');
    await user.click(inCard.getByRole('button', { name: 'Save WordPress Settings' }));

    const toast = await findToast(SETTINGS_MESSAGES.wordpressMissing.title);
    expect(toast).toHaveTextContent('Please fill in all WordPress configuration fields.');
    expect(inCard.getByLabelText('Username')).toHaveFocus();
    expect(inCard.getByLabelText('Username')).toHaveAccessibleDescription('This field is required');
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/settings/wordpress');
  });

  it('refuses a site URL that is not a URL', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('wordpress', 'WordPress');
    await fill(user, inCard.getByLabelText('WordPress site URL'), 'brooks heating dot com');
    await fill(user, inCard.getByLabelText('Username'), 'dana');
    await fill(user, inCard.getByLabelText('Application password'), PASSWORD);
    await user.click(inCard.getByRole('button', { name: 'Save WordPress Settings' }));

    expect(await findToast('Invalid URL')).toHaveTextContent(
      'Please enter a valid website URL (e.g., https://example.com)',
    );
    expect(inCard.getByLabelText('WordPress site URL')).toHaveAttribute('aria-invalid', 'true');
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/settings/wordpress');
  });

  it('saves, shows Connected, records wordpress_configured and keeps only the mask of the password on the page', async () => {
    const user = userEvent.setup();
    const { inCard, card, fetchMock } = await openSettings('wordpress', 'WordPress');
    expect(inCard.queryByText('Connected')).not.toBeInTheDocument();
    await fill(user, inCard.getByLabelText('WordPress site URL'), ' https://brooksheating.example ');
    await fill(user, inCard.getByLabelText('Username'), 'dana');
    await fill(user, inCard.getByLabelText('Application password'), PASSWORD);
    await user.click(inCard.getByRole('button', { name: 'Save WordPress Settings' }));

    expect(await findToast('WordPress Connected')).toHaveTextContent('Your WordPress settings have been saved.');
    expect(lastBody(fetchMock, 'PUT /api/settings/wordpress')).toEqual({
      siteUrl: 'https://brooksheating.example',
      username: 'dana',
      appPassword: PASSWORD,
    });
    expect(await inCard.findByText('Connected')).toBeInTheDocument();
    await waitFor(() => expect(eventsSent(fetchMock)).toContain('wordpress_configured'));

    const secret = inCard.getByLabelText('Application password');
    await waitFor(() => expect(secret).toHaveAttribute('placeholder', '••••••••mnop'));
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('readonly');
    expect(card.innerHTML).not.toContain('ijkl');
  });

  it('sends an empty password when the stored one is left alone, so the server keeps it', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('wordpress', 'WordPress', { settings: configured() });
    const secret = inCard.getByLabelText('Application password');
    expect(secret).toHaveAccessibleDescription(KEEP_SECRET_NOTE);
    expect(inCard.getByText('Connected')).toBeInTheDocument();

    await fill(user, inCard.getByLabelText('Username'), 'office');
    await user.click(inCard.getByRole('button', { name: 'Save WordPress Settings' }));
    await findToast('WordPress Connected');
    expect(lastBody(fetchMock, 'PUT /api/settings/wordpress')).toEqual({
      siteUrl: 'https://brooksheating.example',
      username: 'office',
      appPassword: '',
    });
  });

  it('replaces the stored password only after Replace, and Cancel keeps it', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('wordpress', 'WordPress', { settings: configured() });

    await user.click(inCard.getByRole('button', { name: 'Replace application password' }));
    expect(inCard.getByLabelText('Application password')).toHaveFocus();
    await user.keyboard('typed by mistake');
    await user.click(inCard.getByRole('button', { name: 'Keep the current application password' }));
    expect(inCard.getByLabelText('Application password')).toHaveValue('');

    await user.click(inCard.getByRole('button', { name: 'Replace application password' }));
    await user.keyboard('wxyz 1234 5678 9012');
    await user.click(inCard.getByRole('button', { name: 'Save WordPress Settings' }));
    await findToast('WordPress Connected');
    expect(lastBody(fetchMock, 'PUT /api/settings/wordpress')).toMatchObject({ appPassword: 'wxyz 1234 5678 9012' });
    await waitFor(() =>
      expect(inCard.getByLabelText('Application password')).toHaveAttribute('placeholder', '••••••••9012'),
    );
  });

  it('puts the server’s field messages under their fields and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { inCard } = await openSettings('wordpress', 'WordPress', {
      routes: {
        'PUT /api/settings/wordpress': () =>
          json(400, {
            message: 'Site URL: use a public web address',
            code: 'validation',
            fields: { siteUrl: 'Use a public web address' },
          }),
      },
    });
    await fill(user, inCard.getByLabelText('WordPress site URL'), 'http://10.0.0.5');
    await fill(user, inCard.getByLabelText('Username'), 'dana');
    await fill(user, inCard.getByLabelText('Application password'), PASSWORD);
    await user.click(inCard.getByRole('button', { name: 'Save WordPress Settings' }));

    expect(await findToast('Settings Not Saved')).toHaveTextContent('Site URL: use a public web address');
    expect(inCard.getByLabelText('WordPress site URL')).toHaveAccessibleDescription('Use a public web address');
    expect(inCard.getByLabelText('WordPress site URL')).toHaveValue('http://10.0.0.5');
    expect(inCard.getByLabelText('Application password')).toHaveValue(PASSWORD);
  });

  it.each([
    [{ ok: true, message: 'Connected as dana' }, 'status', 'Connection successful. Connected as dana'],
    [
      { ok: false, message: 'Wrong username or application password' },
      'alert',
      'Connection failed. Wrong username or application password',
    ],
  ])('tests the connection and shows the server’s plain-English answer', async (answer, role, text) => {
    const user = userEvent.setup();
    const { inCard } = await openSettings('wordpress', 'WordPress', {
      settings: configured(),
      routes: { 'POST /api/settings/wordpress/test': () => json(200, answer) },
    });
    await user.click(inCard.getByRole('button', { name: 'Test connection' }));
    expect(await inCard.findByRole(role)).toHaveTextContent(text);
  });

  it('asks to save first when testing without a configuration', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('wordpress', 'WordPress');
    await user.click(inCard.getByRole('button', { name: 'Test connection' }));
    expect(await findToast('Missing Configuration')).toHaveTextContent(
      SETTINGS_MESSAGES.wordpressNotConfigured.message,
    );
    expect(calledPaths(fetchMock)).not.toContain('POST /api/settings/wordpress/test');
  });

  it('removes the configuration after a confirmation', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('wordpress', 'WordPress', { settings: configured() });
    await user.click(inCard.getByRole('button', { name: 'Remove configuration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the WordPress configuration?' });
    expect(calledPaths(fetchMock)).not.toContain('DELETE /api/settings/wordpress');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await findToast('WordPress Disconnected')).toBeInTheDocument();
    expect(calledPaths(fetchMock)).toContain('DELETE /api/settings/wordpress');
    await waitFor(() => expect(inCard.queryByText('Connected')).not.toBeInTheDocument());
    expect(inCard.getByLabelText('WordPress site URL')).toHaveValue('');
    expect(inCard.getByLabelText('Application password')).not.toHaveAttribute('readonly');
  });
});
