import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TGoogleProperties, TGooglePropertiesSaved } from '#shared/schemas/keywords.ts';
import { findConnection, upsertConnection, updateConnection } from '#server/modules/connections/connections.repo.ts';
import { ga4PropertyId } from '#server/modules/settings/settings.service.ts';
import { FAKE_GA4_OTHER_PROPERTY, FAKE_GA4_PROPERTY, startFakeGa4 } from '#tests/fakes/ga4-server.ts';
import { makeScKeywords, startFakeSearchConsole } from '#tests/fakes/search-console-server.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { keywordsDeps } from './keywords.deps.ts';
import { RESYNC_JOB } from './google-properties.service.ts';
import { countRows, findSite } from './keywords-sync.repo.ts';
import { syncKeywords } from './keywords-sync.service.ts';

// The Google card's pickers: the Search Console sites (sites.list) and GA4 properties (Admin API
// accountSummaries) the owner's token reads; the choice is stored per business, checked against
// Google's lists, and a new site replaces the old rows and queues a full resync.
const TOKEN = 'ya29.fake-access-token';
const NOW = new Date('2026-11-24T06:00:00Z');
const OTHER_SITE = 'https://blog.rosaplumbing.example/';
const sc = await startFakeSearchConsole({
  keywords: makeScKeywords(20),
  end: new Date('2026-11-23T00:00:00Z'),
  days: 60,
  token: TOKEN,
  otherSites: [{ siteUrl: OTHER_SITE, permissionLevel: 'siteFullUser' }],
});
const ga4 = await startFakeGa4({ token: TOKEN });
afterAll(() => Promise.all([sc.close(), ga4.close()]));

const t = useTestApp({
  config: { SEARCH_CONSOLE_BASE_URL: sc.url, GA4_BASE_URL: ga4.url, GA4_ADMIN_BASE_URL: ga4.url },
});
const deps = () => ({ ...keywordsDeps(t.app.deps), now: () => NOW });

async function connectGoogle(businessName: string) {
  const owner = await signUp(t.app, { businessName });
  const tenantId = await tenantIdOf(t.database.db, owner.userId);
  await upsertConnection(t.database.db, tenantId, 'google', {
    source: 'oauth',
    status: 'healthy',
    accessToken: t.app.deps.secretBox.seal(TOKEN, `connection:${tenantId}:google:access`),
    externalAccountId: 'accounts/111/locations/222',
    accountName: 'Rosa Plumbing — Downtown',
    scopes: ['https://www.googleapis.com/auth/webmasters.readonly'],
  });
  return { owner, tenantId };
}

const call = (method: 'GET' | 'PUT', cookie: string, payload?: object) =>
  t.app.inject({ method, url: '/api/google/properties', headers: { cookie }, ...(payload ? { payload } : {}) });

/** The resync jobs queued for a business (the queue itself is pg-boss's; the spy sees every enqueue). */
const resyncJobs = (tenantId: string) =>
  enqueued.filter(([name, data]) => name === RESYNC_JOB && (data as { tenantId?: string }).tenantId === tenantId)
    .length;
let enqueued: unknown[][] = [];
beforeAll(() => {
  const spy = vi.spyOn(t.app.deps.jobs, 'enqueue');
  enqueued = spy.mock.calls;
});

describe('choosing the Search Console site and GA4 property', () => {
  it('lists what Google lists, saves a choice per business, and a new site resyncs from scratch', async () => {
    const { owner, tenantId } = await connectGoogle('Rosa Plumbing');
    const listed = await call('GET', owner.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    const lists = listed.json<TGoogleProperties>();
    expect(lists.searchConsole.options.map((o) => o.id)).toEqual([sc.siteUrl, OTHER_SITE]);
    expect(lists.searchConsole.options[0]).toMatchObject({
      name: 'rosaplumbing.example',
      detail: 'Domain property · Owner',
    });
    expect(lists.searchConsole.selected).toBeNull();
    expect(lists.ga4.options.map((o) => o.id)).toEqual([FAKE_GA4_PROPERTY, FAKE_GA4_OTHER_PROPERTY]);
    expect(lists.ga4.options[0]!.detail).toBe(`Rosa Plumbing · Property ${FAKE_GA4_PROPERTY}`);
    expect(lists.ga4.selected).toBeNull();

    // A first sync (no choice yet) takes the owned site; its rows are kept.
    expect(await syncKeywords(deps(), tenantId)).toMatchObject({ state: 'synced', siteUrl: sc.siteUrl });
    expect((await countRows(t.database.db, tenantId)).keywords).toBe(20);

    // Not on Google's list: a readable 400, nothing stored.
    const bad = await call('PUT', owner.cookie, { searchConsoleSite: 'https://evil.example/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(
      'That Search Console site is not one this Google account can read.',
    );
    const badGa4 = await call('PUT', owner.cookie, { ga4Property: '999' });
    expect(badGa4.statusCode).toBe(400);
    expect((await call('PUT', owner.cookie, { ga4Property: 'properties/abc' })).statusCode).toBe(400);
    expect((await call('PUT', owner.cookie, {})).statusCode).toBe(400);

    // The same site again: nothing changes, no resync.
    const same = await call('PUT', owner.cookie, { searchConsoleSite: sc.siteUrl, ga4Property: FAKE_GA4_PROPERTY });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<TGooglePropertiesSaved>()).toMatchObject({
      resyncing: false,
      ga4: { selected: FAKE_GA4_PROPERTY },
      message: 'Saved. Analytics now reads the new GA4 property.',
    });
    expect(await ga4PropertyId(t.database, tenantId)).toBe(FAKE_GA4_PROPERTY);
    expect(resyncJobs(tenantId)).toBe(0);
    expect((await countRows(t.database.db, tenantId)).keywords).toBe(20);

    // Another site: the old rows go, a resync is queued, and the resync reads the new site.
    const moved = await call('PUT', owner.cookie, { searchConsoleSite: OTHER_SITE });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<TGooglePropertiesSaved>()).toMatchObject({
      resyncing: true,
      searchConsole: { selected: OTHER_SITE },
    });
    expect(await countRows(t.database.db, tenantId)).toEqual({ days: 0, keywords: 0 });
    expect((await findSite(t.database.db, tenantId))?.siteUrl).toBe(OTHER_SITE);
    expect(resyncJobs(tenantId)).toBe(1);
    const before = sc.requests.length;
    expect(await syncKeywords(deps(), tenantId)).toMatchObject({ state: 'synced', siteUrl: OTHER_SITE });
    expect(sc.requests.slice(before).every((r) => r.siteUrl === OTHER_SITE)).toBe(true);
    // A full backfill: 16 months back, not the last few days.
    expect(sc.requests[before]).toMatchObject({ startDate: '2025-07-26', endDate: '2026-11-23' });

    // Another business sees its own (empty) choice and cannot be changed from here.
    const other = await connectGoogle('Other Co');
    const theirs = (await call('GET', other.owner.cookie)).json<TGoogleProperties>();
    expect(theirs.searchConsole.selected).toBeNull();
    expect(theirs.ga4.selected).toBeNull();
    expect(await ga4PropertyId(t.database, other.tenantId)).toBeNull();
  }, 120_000);

  it('answers what to connect, and a problem that needs Reconnect as a 409', async () => {
    const owner = await signUp(t.app, { businessName: 'No Google Co' });
    const none = await call('GET', owner.cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toBe('Connect Google in Settings → Connections first.');

    const { owner: revoked, tenantId } = await connectGoogle('Revoked Co');
    await updateConnection(t.database.db, tenantId, 'google', {
      accessToken: t.app.deps.secretBox.seal('ya29.revoked', `connection:${tenantId}:google:access`),
    });
    const res = await call('GET', revoked.cookie);
    expect(res.statusCode).toBe(409);
    expect((await findConnection(t.database.db, tenantId, 'google'))?.status).toBe('problem');
    // /analytics says so up front (the recorded problem), not 'live' and a failing card.
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/status',
      headers: { cookie: revoked.cookie },
    });
    expect(status.json()).toMatchObject({ state: 'problem', settingsPath: '/settings?tab=connections' });
  });

  it('needs a signed-in manager', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/google/properties' });
    expect(res.statusCode).toBe(401);
  });
});
