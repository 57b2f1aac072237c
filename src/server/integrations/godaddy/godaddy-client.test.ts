import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGodaddy, type FakeGodaddy } from '#tests/fakes/godaddy-server.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import { createGodaddyClient, GODADDY_MESSAGES, testGodaddyConnection } from './godaddy-client.ts';

const outbound = createOutbound({ allow: ['127.0.0.1'] });
let fake: FakeGodaddy | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
const creds = (f: FakeGodaddy, environment: 'sandbox' | 'production' = 'sandbox') => ({
  apiKey: f.options.apiKey,
  apiSecret: f.options.apiSecret,
  environment,
});

describe('GoDaddy client', () => {
  it('lists every domain, page by page, in our shape', async () => {
    const domains = Array.from({ length: 205 }, (_, i) => ({
      domain: `site-${String(i).padStart(3, '0')}.com`,
      status: 'ACTIVE',
      expires: '2027-01-01T00:00:00.000Z',
      renewAuto: i % 2 === 0,
      privacy: false,
    }));
    fake = await startFakeGodaddy({ domains });
    const list = await createGodaddyClient(outbound, fake.url, creds(fake)).listDomains();
    expect(list).toHaveLength(205);
    expect(list[0]).toEqual({
      domain: 'site-000.com',
      status: 'ACTIVE',
      expires: '2027-01-01T00:00:00.000Z',
      autoRenew: true,
      privacy: false,
    });
    expect(fake.queries).toEqual(['?limit=100', '?limit=100&marker=site-099.com', '?limit=100&marker=site-199.com']);
  });

  it('tests the keys and explains refusals', async () => {
    fake = await startFakeGodaddy();
    expect(await testGodaddyConnection(outbound, fake.url, creds(fake))).toEqual({
      ok: true,
      message: 'Connected to the GoDaddy sandbox (OTE)',
    });
    expect(await testGodaddyConnection(outbound, fake.url, { ...creds(fake), apiSecret: 'wrong' })).toEqual({
      ok: false,
      message: GODADDY_MESSAGES.wrongCredentials,
    });
    await fake.close();
    fake = await startFakeGodaddy({ accessDenied: true });
    expect(await testGodaddyConnection(outbound, fake.url, creds(fake, 'production'))).toEqual({
      ok: false,
      message: GODADDY_MESSAGES.accessDenied,
    });
  });
});
