import { afterAll, describe, expect, it } from 'vitest';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { makeScKeywords, startFakeSearchConsole } from '#tests/fakes/search-console-server.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { keywordsDeps } from './keywords.deps.ts';
import { countRows } from './keywords-sync.repo.ts';
import { syncKeywords } from './keywords-sync.service.ts';
import { keywordSource, topKeywords } from './keywords.service.ts';

// The Search Console sync against a local fake: a 16-month backfill of 1,000 queries, an
// idempotent re-sync, and nothing of one business visible to another.
const TOKEN = 'ya29.fake-access-token';
const NOW = new Date('2026-11-24T06:00:00Z');
const big = await startFakeSearchConsole({
  keywords: makeScKeywords(1000),
  end: new Date('2026-11-23T00:00:00Z'),
  token: TOKEN,
  // Each query shows on one day in four (a long tail is sparse): 121,500 day rows.
  every: 4,
});
afterAll(() => big.close());

const t = useTestApp({ config: { SEARCH_CONSOLE_BASE_URL: big.url } });
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

describe('Search Console sync', () => {
  it('backfills 16 months × 1,000 queries, and a re-sync leaves the row counts unchanged', async () => {
    const { tenantId } = await connectGoogle('Rosa Plumbing');
    const other = await signUp(t.app, { businessName: 'Other Co' });
    const otherTenant = await tenantIdOf(t.database.db, other.userId);
    expect(await keywordSource(deps(), tenantId)).toBe('demo');

    const started = performance.now();
    const first = await syncKeywords(deps(), tenantId);
    console.info(`first sync (486 days × 1,000 queries): ${Math.round(performance.now() - started)} ms`);
    expect(first).toMatchObject({ state: 'synced', siteUrl: big.siteUrl, days: 486, to: '2026-11-23' });
    const afterFirst = await countRows(t.database.db, tenantId);
    expect(afterFirst).toEqual({ days: 121_500, keywords: 1000 });
    // Paged at 25,000 rows a call: the day report took 5 calls.
    expect(big.requests.filter((r) => (r.dimensions as string[]).includes('date'))).toHaveLength(5);

    const second = await syncKeywords(deps(), tenantId);
    expect(second).toMatchObject({ state: 'synced', from: '2026-11-19', to: '2026-11-23' });
    expect(await countRows(t.database.db, tenantId)).toEqual(afterFirst);

    expect(await keywordSource(deps(), tenantId)).toBe('search_console');
    const top = await topKeywords(deps(), tenantId, { days: 30, limit: 5 });
    expect(top).toHaveLength(5);
    // A fake keyword earns the same clicks on each day it shows: 30 days are that × its days.
    const last30 = big.dates.map((_, i) => i).slice(-30);
    for (const k of top) {
      const index = big.keywords.findIndex((s) => s.query === k.query);
      const shown = last30.filter((i) => big.present(index, i)).length;
      expect(k.clicks).toBe(big.keywords[index]!.clicks * shown);
      expect(k.impressions).toBe(big.keywords[index]!.impressions * shown);
    }
    expect(top[0]!.clicks).toBeGreaterThanOrEqual(top[4]!.clicks);

    // Nothing of Rosa's is visible to another business.
    expect(await countRows(t.database.db, otherTenant)).toEqual({ days: 0, keywords: 0 });
    expect(await topKeywords(deps(), otherTenant, { days: 30, limit: 5 })).toEqual([]);
    expect(await keywordSource(deps(), otherTenant)).toBe('demo');
  }, 240_000);

  it('says when Google is not connected', async () => {
    const owner = await signUp(t.app);
    const tenantId = await tenantIdOf(t.database.db, owner.userId);
    expect(await syncKeywords(deps(), tenantId)).toEqual({ state: 'not_connected' });
  });
});
