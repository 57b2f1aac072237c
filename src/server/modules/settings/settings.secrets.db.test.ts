import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { clientConfigurations, memberships } from '#server/db/schema/index.ts';
import { reveal } from './settings-sections.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { startFakeGodaddy, type FakeGodaddy } from '#tests/fakes/godaddy-server.ts';
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio-server.ts';
import { startFakeWordpress, type FakeWordpress } from '#tests/fakes/wordpress-server.ts';

// Every log line at trace level is kept, to prove no secret ever reaches the log.
const logLines: string[] = [];
let app: App;
let database: TestDatabase;
let wp: FakeWordpress;
let twilio: FakeTwilio;
let godaddy: FakeGodaddy;

beforeAll(async () => {
  [wp, twilio, godaddy] = await Promise.all([startFakeWordpress(), startFakeTwilio(), startFakeGodaddy()]);
  database = await createTestDatabase();
  const config = testConfig({
    LOG_LEVEL: 'trace',
    OUTBOUND_ALLOW: '127.0.0.1',
    TWILIO_API_BASE_URL: twilio.url,
    GODADDY_OTE_BASE_URL: godaddy.url,
  });
  app = await buildApp({
    config,
    database,
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await Promise.all([wp, twilio, godaddy].map((f) => f?.close()));
});

describe('secrets at rest and in transit', () => {
  it('never appear in a response or a log line, and the row holds ciphertext that opens back', async () => {
    const secrets = {
      appPassword: wp.options.appPassword,
      ga4: 'ga4-api-secret-value-ABCD',
      twilio: twilio.options.authToken,
      fbSecret: 'facebook-app-secret-Q1W2E3',
      fbToken: 'EAAB-facebook-page-token-R4T5Y6',
      twSecret: 'twitter-api-secret-U7I8O9',
      twToken: 'twitter-access-token-P0A1S2',
      twTokenSecret: 'twitter-token-secret-D3F4G5',
      igToken: 'IGQV-instagram-token-H6J7K8',
      liSecret: 'linkedin-client-secret-L9Z0X1',
      liToken: 'AQV-linkedin-token-C2V3B4N5',
      godaddyKey: godaddy.options.apiKey,
      godaddySecret: godaddy.options.apiSecret,
    };
    const { cookie, userId } = await signUp(app);
    const bodies: string[] = [];
    const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      bodies.push(res.body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      return res;
    };

    await call('PUT', '/api/settings/wordpress', {
      siteUrl: wp.url,
      username: 'owner',
      appPassword: secrets.appPassword,
    });
    await call('PUT', '/api/settings/analytics', { measurementId: 'G-ABC123', apiSecret: secrets.ga4 });
    await call('PUT', '/api/settings/sms', {
      accountSid: twilio.options.accountSid,
      authToken: secrets.twilio,
      phoneNumber: '+15005550006',
    });
    await call('PUT', '/api/settings/social', {
      facebook: { appId: '1', appSecret: secrets.fbSecret, accessToken: secrets.fbToken, pageId: '2' },
      twitter: {
        apiKey: 'k',
        apiSecret: secrets.twSecret,
        accessToken: secrets.twToken,
        accessTokenSecret: secrets.twTokenSecret,
      },
      instagram: { accessToken: secrets.igToken, businessAccountId: '3' },
      linkedin: { clientId: 'c', clientSecret: secrets.liSecret, accessToken: secrets.liToken, organizationId: '4' },
    });
    await call('PUT', '/api/settings/registrar', {
      apiKey: secrets.godaddyKey,
      apiSecret: secrets.godaddySecret,
      environment: 'sandbox',
    });
    // A refused save, the successful tests and a failing one all go through the same code paths as real use.
    await call('PUT', '/api/settings/sms', {
      accountSid: twilio.options.accountSid,
      authToken: secrets.twilio,
      phoneNumber: 'nope',
    });
    expect((await call('POST', '/api/settings/wordpress/test')).json()).toMatchObject({ ok: true });
    expect((await call('POST', '/api/settings/sms/test')).json()).toMatchObject({ ok: true });
    expect((await call('POST', '/api/settings/registrar/test')).json()).toMatchObject({ ok: true });
    expect((await call('GET', '/api/registrar/domains')).json().domains).toHaveLength(2);
    await call('GET', '/api/settings');

    const wpBasic = Buffer.from(`owner:${secrets.appPassword}`).toString('base64');
    const forbidden = [...Object.values(secrets), secrets.appPassword.replace(/ /g, ''), wpBasic];
    const everything = [...bodies, ...logLines].join('\n');
    expect(logLines.length).toBeGreaterThan(20);
    for (const secret of forbidden) expect(everything, secret).not.toContain(secret);

    const [own] = await database.db
      .select({ tenantId: memberships.tenantId })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    const [row] = await database.db
      .select()
      .from(clientConfigurations)
      .where(eq(clientConfigurations.tenantId, own!.tenantId));
    const box = app.deps.secretBox;
    const stored = {
      appPassword: [row?.wordpressAppPassword, reveal(box, 'wordpress', 'appPassword', row)],
      ga4: [row?.ga4ApiSecret, reveal(box, 'analytics', 'apiSecret', row)],
      twilio: [row?.twilioAuthToken, reveal(box, 'sms', 'authToken', row)],
      fbToken: [row?.facebookAccessToken, reveal(box, 'facebook', 'accessToken', row)],
      igToken: [row?.instagramAccessToken, reveal(box, 'instagram', 'accessToken', row)],
      godaddySecret: [row?.registrarApiSecret, reveal(box, 'registrar', 'apiSecret', row)],
    } as const;
    for (const [name, [value, opened]] of Object.entries(stored)) {
      expect(value, name).toMatch(/^v2:/);
      expect(value, name).not.toContain(secrets[name as keyof typeof stored]);
      expect(opened, name).toBe(secrets[name as keyof typeof stored]);
    }
    // Non-secret fields stay readable (they are searched and shown).
    expect(row?.twilioAccountSid).toBe(twilio.options.accountSid);
  });
});
