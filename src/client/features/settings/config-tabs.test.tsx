import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_MESSAGES } from '@shared/schemas/settings';
import { resetToasts } from '@/components/ui/use-toast';
import { calledPaths, json } from '@/test-utils/render-app';
import {
  blankSettings,
  fill,
  findToast,
  FORM_TEST,
  lastBody,
  managerUser,
  masked,
  openSettings,
} from '@/test-utils/settings-test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
});

describe('settings → Analytics', FORM_TEST, () => {
  it('needs the measurement ID: Missing Measurement ID, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('analytics', 'Google Analytics');
    expect(inCard.getByLabelText('GA4 measurement ID')).toHaveAccessibleDescription(/Should start with G-/);
    await user.click(inCard.getByRole('button', { name: 'Save Analytics Settings' }));

    expect(await findToast(SETTINGS_MESSAGES.ga4Missing.title)).toHaveTextContent(
      'Please enter your GA4 measurement ID.',
    );
    expect(inCard.getByLabelText('GA4 measurement ID')).toHaveFocus();
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/settings/analytics');
  });

  it('refuses an ID that does not start with G-', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('analytics', 'Google Analytics');
    await fill(user, inCard.getByLabelText('GA4 measurement ID'), 'UA-12345-1');
    await user.click(inCard.getByRole('button', { name: 'Save Analytics Settings' }));
    expect(await findToast('Invalid Measurement ID')).toHaveTextContent(SETTINGS_MESSAGES.ga4Format.message);
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/settings/analytics');
  });

  it('saves the ID with the optional report fields left empty', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('analytics', 'Google Analytics');
    expect(inCard.getByLabelText('GA4 property ID (optional)')).toBeInTheDocument();
    await fill(user, inCard.getByLabelText('GA4 measurement ID'), 'g-abc123xyz');
    await user.click(inCard.getByRole('button', { name: 'Save Analytics Settings' }));

    expect(await findToast('Analytics Connected')).toHaveTextContent('Your Google Analytics settings have been saved.');
    expect(lastBody(fetchMock, 'PUT /api/settings/analytics')).toEqual({
      measurementId: 'G-ABC123XYZ',
      propertyId: '',
      apiSecret: '',
      searchConsoleSiteUrl: '',
    });
    expect(await inCard.findByText('Connected')).toBeInTheDocument();
  });
});

describe('settings → SMS', FORM_TEST, () => {
  it('asks for an E.164 phone number', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('sms', 'SMS (Twilio)');
    expect(inCard.getByLabelText('Phone number')).toHaveAccessibleDescription(/E\.164/);
    await fill(user, inCard.getByLabelText('Account SID'), 'AC0123456789');
    await fill(user, inCard.getByLabelText('Auth token'), 'token-1234');
    await fill(user, inCard.getByLabelText('Phone number'), '(555) 123-4567');
    await user.click(inCard.getByRole('button', { name: 'Save SMS Settings' }));

    expect(await findToast('Invalid Phone Number')).toHaveTextContent(SETTINGS_MESSAGES.smsPhone.message);
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/settings/sms');

    await fill(user, inCard.getByLabelText('Phone number'), '+15551234567');
    await user.click(inCard.getByRole('button', { name: 'Save SMS Settings' }));
    expect(await findToast('SMS Connected')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/settings/sms')).toEqual({
      accountSid: 'AC0123456789',
      authToken: 'token-1234',
      phoneNumber: '+15551234567',
    });
    await waitFor(() => expect(inCard.getByLabelText('Auth token')).toHaveAttribute('placeholder', '••••••••1234'));
  });

  it('titles a server refusal with the spec title of its message', async () => {
    const user = userEvent.setup();
    const { smsSid } = SETTINGS_MESSAGES;
    const { inCard } = await openSettings('sms', 'SMS (Twilio)', {
      routes: {
        'PUT /api/settings/sms': () =>
          json(400, { message: smsSid.message, code: 'validation', fields: { accountSid: smsSid.message } }),
      },
    });
    await fill(user, inCard.getByLabelText('Account SID'), 'AC12');
    await fill(user, inCard.getByLabelText('Auth token'), 'token-1234');
    await fill(user, inCard.getByLabelText('Phone number'), '+15551234567');
    await user.click(inCard.getByRole('button', { name: 'Save SMS Settings' }));
    expect(await findToast(smsSid.title)).toHaveTextContent(smsSid.message);
    expect(inCard.getByLabelText('Account SID')).toHaveFocus();
    expect(inCard.getByLabelText('Account SID')).toHaveValue('AC12');
  });

  it('says Missing Configuration when testing before saving', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('sms', 'SMS (Twilio)');
    await user.click(inCard.getByRole('button', { name: 'Test connection' }));
    expect(await findToast('Missing Configuration')).toHaveTextContent(SETTINGS_MESSAGES.smsNotConfigured.message);
    expect(calledPaths(fetchMock)).not.toContain('POST /api/settings/sms/test');
  });

  it('shows a failed test’s reason', async () => {
    const user = userEvent.setup();
    const settings = blankSettings();
    settings.sms = {
      ...settings.sms,
      accountSid: 'AC1',
      authToken: masked('tok-0000'),
      phoneNumber: '+15551234567',
      isConfigured: true,
    };
    const { inCard } = await openSettings('sms', 'SMS (Twilio)', {
      settings,
      routes: {
        'POST /api/settings/sms/test': () =>
          json(200, { ok: false, message: 'Twilio refused the Account SID and auth token' }),
      },
    });
    await user.click(inCard.getByRole('button', { name: 'Test connection' }));
    expect(await inCard.findByRole('alert')).toHaveTextContent('Twilio refused the Account SID and auth token');
  });
});

describe('settings → Business', FORM_TEST, () => {
  it('defaults to America/New_York and USD and saves the profile', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('business', 'Business profile', { user: managerUser });
    expect(inCard.getByLabelText('Timezone')).toHaveValue('America/New_York');
    expect(inCard.getByLabelText('Currency')).toHaveValue('USD');
    await fill(user, inCard.getByLabelText('Business name'), 'Brooks Heating & Air');
    await user.selectOptions(inCard.getByLabelText('Industry'), 'hvac');
    await user.selectOptions(inCard.getByLabelText('Timezone'), 'America/Denver');
    await user.click(inCard.getByRole('button', { name: 'Save Business Profile' }));

    expect(await findToast('Business Profile Saved')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/settings/business')).toMatchObject({
      businessName: 'Brooks Heating & Air',
      industry: 'hvac',
      timezone: 'America/Denver',
      currency: 'USD',
      businessEmail: '',
    });
  });
});

describe('settings → Business → Google Places API key', FORM_TEST, () => {
  const CARD = 'Google Places API key (optional)';
  const KEY = 'AIzaSyTenantOwnKey-0123456789abcdefgh';

  it('needs a key that looks like one; saves it write-only and shows the mask', async () => {
    const user = userEvent.setup();
    const { inCard, fetchMock } = await openSettings('business', CARD, { user: managerUser });
    await user.click(inCard.getByRole('button', { name: 'Save Places Key' }));
    expect(await findToast(SETTINGS_MESSAGES.placesMissing.title)).toHaveTextContent(
      SETTINGS_MESSAGES.placesMissing.message,
    );
    await fill(user, inCard.getByLabelText('Places API key'), 'short');
    await user.click(inCard.getByRole('button', { name: 'Save Places Key' }));
    expect(await findToast(SETTINGS_MESSAGES.placesFormat.title)).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('PUT /api/settings/places');

    await fill(user, inCard.getByLabelText('Places API key'), KEY);
    await user.click(inCard.getByRole('button', { name: 'Save Places Key' }));
    expect(await findToast('Places Key Saved')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/settings/places')).toEqual({ apiKey: KEY });
    await waitFor(() =>
      expect(inCard.getByLabelText('Places API key')).toHaveAttribute('placeholder', `••••••••${KEY.slice(-4)}`),
    );
    expect(inCard.getByLabelText('Places API key')).toHaveValue('');
  });
});

describe('settings → SMS → webhook for replies', FORM_TEST, () => {
  it('shows the inbound webhook URL with a Copy button and what to do with it', async () => {
    const user = userEvent.setup();
    const { inCard } = await openSettings('sms', 'SMS (Twilio)');
    const url = 'http://localhost:3000/api/webhooks/twilio/sms';
    expect(inCard.getByText(url)).toBeInTheDocument();
    expect(inCard.getByText(/paste the first URL under Messaging/)).toHaveTextContent(/STOP is honoured/);
    await user.click(inCard.getByRole('button', { name: 'Copy messaging webhook URL' }));
    expect(await findToast('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
  });
});

describe('settings → Social', FORM_TEST, () => {
  it('shows Connected per platform whose access token is stored, and keeps untouched secrets', async () => {
    const user = userEvent.setup();
    const settings = blankSettings();
    settings.social.facebook = {
      appId: '1234',
      appSecret: masked('fb-secret'),
      accessToken: masked('fb-token-abcd'),
      pageId: '99',
      isConfigured: true,
    };
    const { inCard, fetchMock } = await openSettings('social', 'Social media', { settings });
    const platform = (name: string) => within(inCard.getByRole('region', { name }));

    expect(platform('Facebook').getByText('Connected')).toBeInTheDocument();
    for (const name of ['Twitter / X', 'Instagram', 'LinkedIn'])
      expect(platform(name).queryByText('Connected'), name).not.toBeInTheDocument();
    expect(inCard.getByText('1 of 4 connected')).toBeInTheDocument();
    expect(platform('Facebook').getByLabelText('Page access token')).toHaveAttribute('placeholder', '••••••••abcd');

    await fill(user, platform('Instagram').getByLabelText('Access token'), 'ig-token-7777');
    await fill(user, platform('Instagram').getByLabelText('Business account ID'), '1789');
    await user.click(inCard.getByRole('button', { name: 'Save Social Settings' }));

    expect(await findToast('Social Accounts Saved')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'PUT /api/settings/social')).toEqual({
      facebook: { appId: '1234', appSecret: '', accessToken: '', pageId: '99' },
      twitter: { apiKey: '', apiSecret: '', accessToken: '', accessTokenSecret: '' },
      instagram: { accessToken: 'ig-token-7777', businessAccountId: '1789' },
      linkedin: { clientId: '', clientSecret: '', accessToken: '', organizationId: '' },
    });
    expect(await platform('Instagram').findByText('Connected')).toBeInTheDocument();
    expect(inCard.getByText('2 of 4 connected')).toBeInTheDocument();
  });

  it('puts a server message under the platform field it names', async () => {
    const user = userEvent.setup();
    const { inCard } = await openSettings('social', 'Social media', {
      routes: {
        'PUT /api/settings/social': () =>
          json(400, {
            message: 'Page ID: use digits only',
            code: 'validation',
            fields: { 'facebook.pageId': 'Use digits only' },
          }),
      },
    });
    const facebook = within(inCard.getByRole('region', { name: 'Facebook' }));
    await fill(user, facebook.getByLabelText('Page ID'), 'my-page');
    await user.click(inCard.getByRole('button', { name: 'Save Social Settings' }));
    expect(await findToast('Settings Not Saved')).toHaveTextContent('Page ID: use digits only');
    expect(facebook.getByLabelText('Page ID')).toHaveAccessibleDescription('Use digits only');
    expect(facebook.getByLabelText('Page ID')).toHaveValue('my-page');
  });
});
