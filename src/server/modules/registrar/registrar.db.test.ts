import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRegistrarDomains } from '#shared/schemas/settings.ts';
import { GODADDY_MESSAGES } from '#server/integrations/godaddy/godaddy-client.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { startFakeGodaddy, type FakeGodaddy } from '#tests/fakes/godaddy-server.ts';

// The GoDaddy fake stands in for both environments; the guard is opened for 127.0.0.1 only here.
const options = { config: {} as Record<string, string> };
let sandbox: FakeGodaddy;
let production: FakeGodaddy;
beforeAll(async () => {
  [sandbox, production] = await Promise.all([
    startFakeGodaddy(),
    startFakeGodaddy({ apiKey: 'prod_key_123456', apiSecret: 'prod_secret_1', domains: [] }),
  ]);
  options.config = {
    OUTBOUND_ALLOW: '127.0.0.1',
    GODADDY_OTE_BASE_URL: sandbox.url,
    GODADDY_API_BASE_URL: production.url,
  };
});
const t = useTestApp(options);
afterAll(() => Promise.all([sandbox?.close(), production?.close()]));

const domains = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/registrar/domains', headers: { cookie } });
const saveKeys = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/registrar', headers: { cookie }, payload });

describe('GET /api/registrar/domains', () => {
  it('lists the real domains of the account the stored keys belong to', async () => {
    const { cookie } = await signUp(t.app);
    await saveKeys(cookie, { apiKey: sandbox.options.apiKey, apiSecret: sandbox.options.apiSecret });
    const res = await domains(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TRegistrarDomains>().domains).toEqual([
      {
        domain: 'acme-drains.net',
        status: 'EXPIRED',
        expires: '2025-01-02T10:00:00.000Z',
        autoRenew: false,
        privacy: true,
      },
      {
        domain: 'acmeplumbing.com',
        status: 'ACTIVE',
        expires: '2026-06-14T21:59:59.000Z',
        autoRenew: true,
        privacy: false,
      },
    ]);
    await saveKeys(cookie, {
      apiKey: production.options.apiKey,
      apiSecret: production.options.apiSecret,
      environment: 'production',
    });
    expect((await domains(cookie)).json()).toEqual({ domains: [] });
  });

  it('says Missing Configuration without keys, and passes on GoDaddy refusing them', async () => {
    const { cookie } = await signUp(t.app);
    const none = await domains(cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please save your API Key and Secret first.');
    await saveKeys(cookie, { apiKey: sandbox.options.apiKey, apiSecret: 'not-the-secret' });
    const refused = await domains(cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(GODADDY_MESSAGES.wrongCredentials);
  });

  it("another business's keys are not used for anyone else", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await saveKeys(a.cookie, { apiKey: sandbox.options.apiKey, apiSecret: sandbox.options.apiSecret });
    expect((await domains(b.cookie)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/registrar/domains' })).statusCode).toBe(401);
  });
});
