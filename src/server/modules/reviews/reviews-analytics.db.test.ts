import { afterAll, describe, expect, it } from 'vitest';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { FAKE_GA4_PROPERTY, startFakeGa4 } from '#tests/fakes/ga4-server.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

// The Analytics page's live visitor count (analytics.service#realtime, kept by the reviews
// helper) against a local GA4 Data API fake: a Google connection that needs the owner is a 409.
const TOKEN = 'ya29.realtime-token';
const ga4 = await startFakeGa4({ token: TOKEN });
afterAll(() => ga4.close());
const t = useTestApp({ config: { GA4_BASE_URL: ga4.url } });

describe('GET /api/analytics/realtime', () => {
  it('answers the active users; when Google must be reconnected it is a 409 saying so, as the reports answer', async () => {
    const owner = await signUp(t.app, { businessName: 'Rosa Plumbing' });
    const call = (url: string, method: 'GET' | 'PUT' = 'GET', payload?: unknown) =>
      t.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });
    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    await upsertConnection(t.database.db, tenantId, 'google', {
      source: 'oauth',
      status: 'healthy',
      accessToken: t.app.deps.secretBox.seal(TOKEN, `connection:${tenantId}:google:access`),
      externalAccountId: 'accounts/111/locations/222',
      accountName: 'Rosa Plumbing',
      scopes: ['https://www.googleapis.com/auth/analytics.readonly'],
    });
    const saved = await call('/api/settings/analytics', 'PUT', {
      measurementId: 'G-ABCDE12345',
      propertyId: FAKE_GA4_PROPERTY,
      apiSecret: '',
      searchConsoleSiteUrl: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('/api/analytics/realtime')).json()).toEqual({ activeUsers: 7 });

    ga4.failNext(401);
    const expired = await call('/api/analytics/realtime');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/Reconnect Google/);
  });
});
