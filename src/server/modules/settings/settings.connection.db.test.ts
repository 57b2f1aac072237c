import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, type TConnectionTestResult } from '#shared/schemas/settings.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { GODADDY_MESSAGES } from '#server/integrations/godaddy/godaddy-client.ts';
import { TWILIO_MESSAGES } from '#server/integrations/twilio/twilio-client.ts';
import { WORDPRESS_MESSAGES } from '#server/integrations/wordpress/wordpress-client.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { startFakeGodaddy, type FakeGodaddy } from '#tests/fakes/godaddy-server.ts';
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio-server.ts';
import { startFakeWordpress, type FakeWordpress } from '#tests/fakes/wordpress-server.ts';

// The fakes listen on 127.0.0.1. This app opens the SSRF guard for exactly that address
// (OUTBOUND_ALLOW); a second app on the same database keeps the default, closed guard.
const options = { config: {} as Record<string, string> };
let twilio: FakeTwilio;
let godaddy: FakeGodaddy;
let godaddyProduction: FakeGodaddy;
const wordpress: Record<'ok' | 'restDisabled' | 'notWordpress', FakeWordpress> = {} as never;
beforeAll(async () => {
  [twilio, godaddy, godaddyProduction, wordpress.ok, wordpress.restDisabled, wordpress.notWordpress] =
    await Promise.all([
      startFakeTwilio(),
      startFakeGodaddy(),
      startFakeGodaddy({ accessDenied: true }),
      startFakeWordpress(),
      startFakeWordpress({ mode: 'rest-disabled' }),
      startFakeWordpress({ mode: 'not-wordpress' }),
    ]);
  options.config = {
    OUTBOUND_ALLOW: '127.0.0.1',
    TWILIO_API_BASE_URL: twilio.url,
    GODADDY_OTE_BASE_URL: godaddy.url,
    GODADDY_API_BASE_URL: godaddyProduction.url,
  };
});
const t = useTestApp(options);
let closed: App;
beforeAll(async () => {
  closed = await buildApp({ config: testConfig(), database: t.database, logger: false });
});
afterAll(async () => {
  await closed?.close();
  await Promise.all([twilio, godaddy, godaddyProduction, ...Object.values(wordpress)].map((f) => f?.close()));
});

const put = (app: App, cookie: string, section: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/settings/${section}`, headers: { cookie }, payload });
async function test(app: App, cookie: string, section: string): Promise<TConnectionTestResult> {
  const res = await app.inject({ method: 'POST', url: `/api/settings/${section}/test`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TConnectionTestResult>();
}
const wpSettings = (fake: FakeWordpress, appPassword = fake.options.appPassword) => ({
  siteUrl: fake.url,
  username: fake.options.username,
  appPassword,
});

describe('WordPress connection test (against a local WordPress REST fake)', () => {
  it('connects with the stored application password and says who it signed in as', async () => {
    const { cookie } = await signUp(t.app);
    expect((await put(t.app, cookie, 'wordpress', wpSettings(wordpress.ok))).statusCode).toBe(200);
    expect(await test(t.app, cookie, 'wordpress')).toEqual({ ok: true, message: 'Connected as Riley Owner' });
  });

  it('fails with the wrong-password reason, and tells REST-disabled and non-WordPress sites apart', async () => {
    const { cookie } = await signUp(t.app);
    await put(t.app, cookie, 'wordpress', wpSettings(wordpress.ok, 'wxyz WXYZ wxyz WXYZ wxyz WXYZ'));
    expect(await test(t.app, cookie, 'wordpress')).toEqual({
      ok: false,
      message: WORDPRESS_MESSAGES.wrongCredentials + WORDPRESS_MESSAGES.httpHint,
    });
    await put(t.app, cookie, 'wordpress', wpSettings(wordpress.restDisabled));
    expect(await test(t.app, cookie, 'wordpress')).toEqual({ ok: false, message: WORDPRESS_MESSAGES.restDisabled });
    await put(t.app, cookie, 'wordpress', wpSettings(wordpress.notWordpress));
    expect(await test(t.app, cookie, 'wordpress')).toEqual({ ok: false, message: WORDPRESS_MESSAGES.notWordpress });
  });

  it('asks for the settings first when nothing is saved', async () => {
    const { cookie } = await signUp(t.app);
    for (const [section, message] of [
      ['wordpress', SETTINGS_MESSAGES.wordpressNotConfigured.message],
      ['sms', SETTINGS_MESSAGES.smsNotConfigured.message],
      ['registrar', 'Please save your API Key and Secret first.'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/settings/${section}/test`, headers: { cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('the SSRF guard on connection tests', () => {
  it('refuses loopback, private, metadata and disguised addresses with the default configuration', async () => {
    const { cookie } = await signUp(closed);
    const corpus: [string, RegExp][] = [
      [wordpress.ok.url, /127\.0\.0\.1 is a loopback address/],
      ['http://2130706433', /127\.0\.0\.1 is a loopback/],
      ['http://0177.0.0.1', /127\.0\.0\.1 is a loopback/],
      ['http://0x7f.0.0.1:8080', /127\.0\.0\.1 is a loopback/],
      ['http://[::ffff:127.0.0.1]', /loopback/],
      ['http://[::1]', /::1 is a loopback/],
      ['http://169.254.169.254', /169\.254\.169\.254 is a link-local address/],
      ['http://10.0.0.8/blog', /private network/],
      ['http://172.20.1.1', /private network/],
      ['http://192.168.1.10', /private network/],
      ['http://100.64.3.4', /carrier-grade NAT/],
      ['http://0.0.0.0', /unspecified/],
      ['http://[fd00::1]', /private network/],
      ['http://[fe80::1]', /link-local/],
    ];
    const reachedBefore = wordpress.ok.authorizations.length;
    for (const [siteUrl, reason] of corpus) {
      expect(
        (
          await put(closed, cookie, 'wordpress', {
            siteUrl,
            username: 'owner',
            appPassword: 'abcd EFGH ijkl MNOP qrst UVWX',
          })
        ).statusCode,
      ).toBe(200);
      const result = await test(closed, cookie, 'wordpress');
      expect(result.ok, siteUrl).toBe(false);
      expect(result.message, siteUrl).toMatch(/^This address is not allowed: /);
      expect(result.message, siteUrl).toMatch(reason);
    }
    expect(wordpress.ok.authorizations).toHaveLength(reachedBefore); // nothing got through to the fake
  });
});

describe('Twilio and GoDaddy connection tests (local fakes)', () => {
  it('Twilio: looks up the account with the stored SID and token', async () => {
    const { cookie } = await signUp(t.app);
    const sms = {
      accountSid: twilio.options.accountSid,
      authToken: twilio.options.authToken,
      phoneNumber: '+15005550006',
    };
    await put(t.app, cookie, 'sms', sms);
    expect(await test(t.app, cookie, 'sms')).toEqual({
      ok: true,
      message: 'Connected to Twilio account Acme Plumbing',
    });
    await put(t.app, cookie, 'sms', { ...sms, authToken: 'deadbeefdeadbeefdeadbeefdeadbeef' });
    expect(await test(t.app, cookie, 'sms')).toEqual({ ok: false, message: TWILIO_MESSAGES.wrongCredentials });
  });

  it('GoDaddy: lists with the stored key and secret in the chosen environment', async () => {
    const { cookie } = await signUp(t.app);
    await put(t.app, cookie, 'registrar', {
      apiKey: godaddy.options.apiKey,
      apiSecret: godaddy.options.apiSecret,
      environment: 'sandbox',
    });
    expect(await test(t.app, cookie, 'registrar')).toEqual({
      ok: true,
      message: 'Connected to the GoDaddy sandbox (OTE)',
    });
    await put(t.app, cookie, 'registrar', { apiKey: '', apiSecret: 'wrong-secret', environment: 'sandbox' });
    expect(await test(t.app, cookie, 'registrar')).toEqual({ ok: false, message: GODADDY_MESSAGES.wrongCredentials });
    // Production keys go to the production base URL (here a fake account without Domains API access).
    await put(t.app, cookie, 'registrar', {
      apiKey: godaddy.options.apiKey,
      apiSecret: godaddy.options.apiSecret,
      environment: 'production',
    });
    expect(await test(t.app, cookie, 'registrar')).toEqual({ ok: false, message: GODADDY_MESSAGES.accessDenied });
  });
});
