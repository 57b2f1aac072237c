import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, type TBranding, type TSettings } from '#shared/schemas/settings.ts';
import { memberOf as addMember, signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

const t = useTestApp();

const put = (cookie: string, section: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/settings/${section}`, headers: { cookie }, payload: payload as object });
const get = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSettings>();
};
const WP = {
  siteUrl: 'https://blog.acme-plumbing.com/',
  username: 'owner',
  appPassword: 'abcd EFGH ijkl MNOP qrst UVWX',
};

const memberOf = (owner: SignedUp, role: 'user' | 'manager' | 'admin') => addMember(t.app, t.database.db, owner, role);

async function refused(cookie: string, section: string, payload: unknown, field: string, message: string) {
  const res = await put(cookie, section, payload);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ message, code: 'validation', fields: { [field]: message } });
}

describe('settings: saving with the spec messages', () => {
  it('WordPress needs all three fields and a valid http(s) URL', async () => {
    const { cookie } = await signUp(t.app);
    const missing = SETTINGS_MESSAGES.wordpressMissing.message;
    await refused(cookie, 'wordpress', { ...WP, siteUrl: '' }, 'siteUrl', missing);
    await refused(cookie, 'wordpress', { ...WP, username: '  ' }, 'username', missing);
    await refused(cookie, 'wordpress', { ...WP, appPassword: '' }, 'appPassword', missing);
    for (const siteUrl of ['acme-plumbing.com', 'ftp://acme.com', 'javascript:alert(1)', 'https://user:pw@acme.com']) {
      await refused(
        cookie,
        'wordpress',
        { ...WP, siteUrl },
        'siteUrl',
        'Please enter a valid website URL (e.g., https://example.com)',
      );
    }
    const res = await put(cookie, 'wordpress', WP);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TSettings>().wordpress).toEqual({
      siteUrl: 'https://blog.acme-plumbing.com',
      username: 'owner',
      appPassword: { isSet: true, hint: '••••••••UVWX' },
      isConfigured: true,
    });
    // The stored password now stands in for an empty one.
    expect((await put(cookie, 'wordpress', { ...WP, appPassword: '' })).statusCode).toBe(200);
  });

  it('GA4 needs a measurement ID that starts with G-', async () => {
    const { cookie } = await signUp(t.app);
    await refused(cookie, 'analytics', { measurementId: '' }, 'measurementId', 'Please enter your GA4 measurement ID.');
    await refused(
      cookie,
      'analytics',
      { measurementId: 'UA-12345-1' },
      'measurementId',
      SETTINGS_MESSAGES.ga4Format.message,
    );
    const res = await put(cookie, 'analytics', { measurementId: 'g-abc123xyz9', propertyId: '123456789' });
    expect(res.json<TSettings>().analytics).toMatchObject({
      measurementId: 'G-ABC123XYZ9',
      propertyId: '123456789',
      isConfigured: true,
    });
  });

  it('SMS needs an AC… Account SID, a token and an E.164 phone number', async () => {
    const { cookie } = await signUp(t.app);
    const sms = {
      accountSid: `AC${'a1'.repeat(16)}`,
      authToken: 'f00dfeedf00dfeedf00dfeedf00dfeed',
      phoneNumber: '+15551234567',
    };
    await refused(cookie, 'sms', { ...sms, authToken: '' }, 'authToken', SETTINGS_MESSAGES.smsMissing.message);
    await refused(cookie, 'sms', { ...sms, accountSid: 'SK123' }, 'accountSid', SETTINGS_MESSAGES.smsSid.message);
    for (const phoneNumber of ['5551234567', '+0551234567', '+1555']) {
      await refused(
        cookie,
        'sms',
        { ...sms, phoneNumber },
        'phoneNumber',
        'Please enter the phone number in E.164 format (e.g., +15551234567).',
      );
    }
    const res = await put(cookie, 'sms', { ...sms, phoneNumber: '+1 (555) 123-4567' });
    expect(res.json<TSettings>().sms).toEqual({
      accountSid: sms.accountSid,
      phoneNumber: '+15551234567',
      authToken: { isSet: true, hint: '••••••••feed' },
      // Shown in Settings → SMS to paste into Twilio, so STOP replies reach us.
      inboundWebhookUrl: `${t.app.deps.config.appUrl}/api/webhooks/twilio/sms`,
      voiceWebhookUrl: `${t.app.deps.config.appUrl}/api/webhooks/twilio/voice`,
      isConfigured: true,
    });
  });

  it('the registrar needs both API Key and Secret', async () => {
    const { cookie } = await signUp(t.app);
    await refused(
      cookie,
      'registrar',
      { apiKey: 'dKey_1234567890abcdef', apiSecret: '' },
      'apiSecret',
      'Please provide both API Key and Secret',
    );
    await refused(
      cookie,
      'registrar',
      { apiKey: '', apiSecret: 'Secret' },
      'apiKey',
      'Please provide both API Key and Secret',
    );
    const res = await put(cookie, 'registrar', {
      apiKey: 'dKey_1234567890abcdef',
      apiSecret: 'short',
      environment: 'production',
    });
    expect(res.json<TSettings>().registrar).toEqual({
      apiKey: { isSet: true, hint: '••••••••cdef' },
      apiSecret: { isSet: true, hint: '••••••••' },
      environment: 'production',
      isConfigured: true,
    });
  });

  it('business and white-label check emails, addresses and colours', async () => {
    const { cookie } = await signUp(t.app);
    await refused(
      cookie,
      'business',
      { businessEmail: 'not-an-email' },
      'businessEmail',
      'Please enter a valid email address',
    );
    const business = await put(cookie, 'business', {
      businessName: 'Acme Plumbing',
      businessDefaultSearch: 'plumber near me',
    });
    expect(business.json<TSettings>().business).toMatchObject({
      businessName: 'Acme Plumbing',
      businessDefaultSearch: 'plumber near me',
      timezone: 'America/New_York',
      currency: 'USD',
      isConfigured: true,
    });
    await refused(
      cookie,
      'white-label',
      { logoUrl: 'javascript:alert(1)' },
      'logoUrl',
      SETTINGS_MESSAGES.logoUrl.message,
    );
    await refused(
      cookie,
      'white-label',
      { clientDomain: 'not a domain' },
      'clientDomain',
      SETTINGS_MESSAGES.domain.message,
    );
    await refused(cookie, 'white-label', { primaryColor: 'red' }, 'primaryColor', 'Use a colour like #3b82f6');
  });

  it('social: a platform is configured when its access token is set, and a save touches only the platforms sent', async () => {
    const { cookie } = await signUp(t.app);
    let res = await put(cookie, 'social', {
      facebook: { appId: '1234', appSecret: 'fb-app-secret-0000', pageId: '99' },
    });
    expect(res.json<TSettings>().social.facebook).toMatchObject({ appId: '1234', pageId: '99', isConfigured: false });
    res = await put(cookie, 'social', {
      instagram: { accessToken: 'IGQVJ-long-instagram-token-7777', businessAccountId: '1789' },
    });
    const social = res.json<TSettings>().social;
    expect(social.instagram).toEqual({
      accessToken: { isSet: true, hint: '••••••••7777' },
      businessAccountId: '1789',
      isConfigured: true,
    });
    expect(social.facebook).toMatchObject({ appId: '1234', appSecret: { isSet: true, hint: '••••••••0000' } });
    expect(social.twitter.isConfigured).toBe(false);
  });
});

describe('settings: secrets are write-only', () => {
  it('an empty secret keeps the stored one; DELETE forgets the section', async () => {
    const { cookie } = await signUp(t.app);
    await put(cookie, 'wordpress', WP);
    // Same site (origin) and username: the stored password is kept (another origin needs it again).
    const kept = await put(cookie, 'wordpress', {
      ...WP,
      siteUrl: 'https://blog.acme-plumbing.com/news',
      appPassword: '',
    });
    expect(kept.json<TSettings>().wordpress).toMatchObject({
      siteUrl: 'https://blog.acme-plumbing.com/news',
      appPassword: { isSet: true, hint: '••••••••UVWX' },
    });
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/settings/wordpress', headers: { cookie } });
    expect(gone.statusCode).toBe(200);
    expect(gone.json<TSettings>().wordpress).toEqual({
      siteUrl: '',
      username: '',
      appPassword: { isSet: false, hint: null },
      isConfigured: false,
    });
    await refused(
      cookie,
      'wordpress',
      { ...WP, appPassword: '' },
      'appPassword',
      SETTINGS_MESSAGES.wordpressMissing.message,
    );
  });

  it('a fresh business has nothing configured', async () => {
    const { cookie } = await signUp(t.app);
    const settings = await get(cookie);
    expect(settings.wordpress.isConfigured).toBe(false);
    expect(settings.registrar).toEqual({
      apiKey: { isSet: false, hint: null },
      apiSecret: { isSet: false, hint: null },
      environment: 'sandbox',
      isConfigured: false,
    });
    expect(settings.whiteLabel).toMatchObject({
      primaryColor: '#3b82f6',
      secondaryColor: '#f97316',
      isWhiteLabel: false,
      isConfigured: false,
    });
  });
});

describe('settings: who may see and change them', () => {
  it('another business sees only its own settings', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await put(a.cookie, 'wordpress', WP);
    await put(a.cookie, 'white-label', { clientName: 'Acme Marketing', primaryColor: '#112233', isWhiteLabel: true });
    const theirs = await get(b.cookie);
    expect(theirs.wordpress).toMatchObject({ siteUrl: '', isConfigured: false });
    expect(theirs.whiteLabel.isConfigured).toBe(false);
    const brand = await t.app.inject({ method: 'GET', url: '/api/branding', headers: { cookie: b.cookie } });
    expect(brand.json<TBranding>()).toEqual({
      name: null,
      logoUrl: null,
      primaryColor: '#3b82f6',
      secondaryColor: '#f97316',
    });
    // B clearing its own section leaves A's untouched.
    await t.app.inject({ method: 'DELETE', url: '/api/settings/wordpress', headers: { cookie: b.cookie } });
    expect((await get(a.cookie)).wordpress.isConfigured).toBe(true);
  });

  it('a plain user reads the masked settings but may not change or test them; a manager may, except the brand', async () => {
    const owner = await signUp(t.app);
    await put(owner.cookie, 'wordpress', WP);
    const user = await memberOf(owner, 'user');
    // Security review, finding 8: secret hints are for managers and admins; a plain user sees only that one is set.
    expect((await get(user.cookie)).wordpress).toMatchObject({
      siteUrl: 'https://blog.acme-plumbing.com',
      appPassword: { isSet: true, hint: null },
    });
    const attempts = [
      put(user.cookie, 'wordpress', WP),
      put(user.cookie, 'analytics', { measurementId: 'G-ABC123' }),
      t.app.inject({ method: 'DELETE', url: '/api/settings/wordpress', headers: { cookie: user.cookie } }),
      t.app.inject({ method: 'POST', url: '/api/settings/wordpress/test', headers: { cookie: user.cookie } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(
        "You don't have sufficient permissions to access this page. Required role: manager.",
      );
    }
    expect((await get(owner.cookie)).wordpress.isConfigured).toBe(true);

    const manager = await memberOf(owner, 'manager');
    expect((await get(manager.cookie)).wordpress.appPassword).toEqual({ isSet: true, hint: '••••••••UVWX' });
    expect((await put(manager.cookie, 'analytics', { measurementId: 'G-ABC123' })).statusCode).toBe(200);
    const brand = await put(manager.cookie, 'white-label', { clientName: 'Nope' });
    expect(brand.statusCode).toBe(403);
    expect(brand.json().message).toMatch(/Required role: admin\.$/);
  });

  it('visitors are asked to sign in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings/wordpress', payload: WP })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/branding' })).statusCode).toBe(401);
  });
});

describe('white label', () => {
  it('applies the saved brand when white-labelling is on, and a domain belongs to one business', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const saved = await put(a.cookie, 'white-label', {
      clientName: 'Acme Marketing',
      clientDomain: 'Marketing.Acme.com',
      logoUrl: 'https://cdn.acme.com/logo.png?v=2',
      primaryColor: '#0F766E',
      secondaryColor: '#ea580c',
      contactEmail: 'hello@acme.com',
      isWhiteLabel: true,
    });
    expect(saved.json<TSettings>().whiteLabel).toMatchObject({
      clientDomain: 'marketing.acme.com',
      primaryColor: '#0f766e',
      isWhiteLabel: true,
      isConfigured: true,
    });
    const brand = await t.app.inject({ method: 'GET', url: '/api/branding', headers: { cookie: a.cookie } });
    expect(brand.json<TBranding>()).toEqual({
      name: 'Acme Marketing',
      logoUrl: 'https://cdn.acme.com/logo.png?v=2',
      primaryColor: '#0f766e',
      secondaryColor: '#ea580c',
    });

    const clash = await put(b.cookie, 'white-label', { clientName: 'Other', clientDomain: 'marketing.acme.com' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      message: 'This domain is already used by another business.',
      fields: { clientDomain: 'This domain is already used by another business.' },
    });

    await put(a.cookie, 'white-label', { clientName: 'Acme Marketing', isWhiteLabel: false });
    const off = await t.app.inject({ method: 'GET', url: '/api/branding', headers: { cookie: a.cookie } });
    expect(off.json<TBranding>().name).toBeNull();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/white-label',
      headers: { cookie: a.cookie },
    });
    expect(removed.json<TSettings>().whiteLabel.isConfigured).toBe(false);
  });
});
