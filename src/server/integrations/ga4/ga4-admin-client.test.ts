import { afterAll, describe, expect, it } from 'vitest';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import { startFakeGa4 } from '#tests/fakes/ga4-server.ts';
import { listGa4Properties } from './ga4-admin-client.ts';

// The Admin API's accountSummaries: every property of every account, across pages.
const TOKEN = 'ya29.ga4-admin-token';
const accounts = Array.from({ length: 250 }, (_, i) => ({
  id: String(1000 + i),
  name: `Account ${i}`,
  properties: i === 0 ? [] : [{ id: String(500_000 + i), name: `Site ${i}` }],
}));
const fake = await startFakeGa4({ token: TOKEN, accounts });
afterAll(() => fake.close());
const config = { baseUrl: fake.url, http: { sleep: async () => {} } };

describe('GA4 Admin API client', () => {
  it('reads every page of accountSummaries into numeric property ids with their account', async () => {
    const properties = await listGa4Properties(config, TOKEN);
    // 250 accounts at 200 a page: two pages; the first account has no property.
    expect(properties).toHaveLength(249);
    expect(properties[0]).toEqual({ id: '500001', name: 'Site 1', account: 'Account 1' });
    expect(properties.at(-1)).toEqual({ id: '500249', name: 'Site 249', account: 'Account 249' });
  });

  it('answers a bad token as a ConnectionProblem (Reconnect Google)', async () => {
    const err = await listGa4Properties(config, 'ya29.other').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionProblem);
    expect((err as ConnectionProblem).needsReconnect).toBe(true);
  });
});
