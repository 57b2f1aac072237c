import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { memberOf } from '#tests/setup/accounts.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { startFakeGodaddy, type FakeGodaddy } from '#tests/fakes/godaddy-server.ts';
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio-server.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { CONNECTION_TESTS } from '#server/modules/settings/settings.service.ts';

// Security review, finding 8: the smaller edges.
let app: App;
let database: TestDatabase;
let godaddy: FakeGodaddy;
let twilio: FakeTwilio;
let owner: SignedUp;

beforeAll(async () => {
  [godaddy, twilio] = await Promise.all([startFakeGodaddy(), startFakeTwilio()]);
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({
      APP_URL: 'https://app.fieldwise.example',
      OUTBOUND_ALLOW: '127.0.0.1',
      GODADDY_OTE_BASE_URL: godaddy.url,
      TWILIO_API_BASE_URL: twilio.url,
    }),
    database,
    logger: false,
  });
  await app.ready();
  owner = await signUp(app);
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await Promise.all([godaddy?.close(), twilio?.close()]);
});

describe('the origin check', () => {
  it('compares with APP_URL only: a forged Host header does not make a foreign Origin ours', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { origin: 'http://evil.example', host: 'evil.example' },
      payload: { email: 'someone@example.com' },
    });
    expect(res.statusCode).toBe(403);
    const ours = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { origin: 'https://app.fieldwise.example' },
      payload: { email: 'someone@example.com' },
    });
    expect(ours.statusCode).toBe(200);
  });
});

describe('hooks decide by the route, not by the spelling of the URL', () => {
  it('a percent-encoded /api path gets the origin check and the session like any other', async () => {
    const foreign = await app.inject({
      method: 'POST',
      url: '/%61pi/auth/forgot-password',
      headers: { origin: 'http://evil.example' },
      payload: { email: 'someone@example.com' },
    });
    expect(foreign.statusCode).toBe(403);
    const me = await app.inject({ method: 'GET', url: '/%61pi/auth/user', headers: { cookie: owner.cookie } });
    expect(me.statusCode, me.body).toBe(200);
  });
});

describe('/api/dev/status', () => {
  it('is not served in production', async () => {
    const prodDb = await createTestDatabase();
    const prod = await buildApp({ config: testConfig({ NODE_ENV: 'production' }), database: prodDb, logger: false });
    try {
      expect((await prod.inject({ method: 'GET', url: '/api/dev/status' })).statusCode).toBe(404);
    } finally {
      await prod.close();
      await prodDb.destroy();
    }
    // Nor anywhere but on a development server, and there only to an admin (system.db.test.ts).
    expect((await app.inject({ method: 'GET', url: '/api/dev/status' })).statusCode).toBe(404);
  });
});

describe('shared quotas have per-person sub-limits', () => {
  it('one manager cannot use up the business’s connection tests; another still can', async () => {
    const boss = await signUp(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/settings/sms',
      headers: { cookie: boss.cookie },
      payload: {
        accountSid: twilio.options.accountSid,
        authToken: twilio.options.authToken,
        phoneNumber: '+15551234567',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [a, b] = [
      await memberOf(app, database.db, boss, 'manager'),
      await memberOf(app, database.db, boss, 'manager'),
    ];
    const test = (who: SignedUp) =>
      app.inject({ method: 'POST', url: '/api/settings/sms/test', headers: { cookie: who.cookie } });
    const codes: number[] = [];
    for (let i = 0; i < CONNECTION_TESTS.perTenant.limit; i++) codes.push((await test(a)).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect((await test(b)).statusCode).toBe(200);
  });

  it('the registrar domain list is cached per business, so members browsing it do not spend the API quota', async () => {
    const boss = await signUp(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings/registrar',
      headers: { cookie: boss.cookie },
      payload: { apiKey: godaddy.options.apiKey, apiSecret: godaddy.options.apiSecret, environment: 'sandbox' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const member = await memberOf(app, database.db, boss, 'user');
    const before = godaddy.queries.length;
    for (const who of [member, member, boss, member]) {
      const res = await app.inject({ method: 'GET', url: '/api/registrar/domains', headers: { cookie: who.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().domains.length).toBeGreaterThan(0);
    }
    expect(godaddy.queries.length - before).toBe(1);
  });
});
