// `npm run bench:keywords` (not part of `npm test`): the keyword sync and list at scale on an
// embedded PGlite (or PostgreSQL with BENCH_DATABASE_URL). Two other businesses sync 25,000 day
// rows each, then one business syncs 100,000 (1,000 queries over 400 days, each query on one day
// in four) from the local Search Console fake; prints the sync time and the p50/p95 of
// GET /api/analytics/keywords through the real app (session, validation, serialisation).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { openDatabase, queryRows } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { keywordsDeps } from '#server/modules/keywords/keywords.deps.ts';
import { countRows } from '#server/modules/keywords/keywords-sync.repo.ts';
import { syncKeywords } from '#server/modules/keywords/keywords-sync.service.ts';
import { makeScKeywords, startFakeSearchConsole } from '#tests/fakes/search-console-server.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const dir = process.env.BENCH_DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), 'bench-keywords-'));
const database = await openDatabase(
  process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { dataDir: dir! },
);
await runMigrations(database);
const big = await startFakeSearchConsole({ keywords: makeScKeywords(1000), days: 400, every: 4 });
const small = await startFakeSearchConsole({ keywords: makeScKeywords(1000), days: 100, every: 4 });
const app = await buildApp({
  config: testConfig({ SEARCH_CONSOLE_BASE_URL: big.url }),
  database,
  logger: false,
});

async function business(n: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: `10.8.0.${n}`,
    payload: {
      email: `bench-keywords-${n}-${Date.now()}@example.com`,
      password: 'Furnace-Tune-42!',
      firstName: 'B',
      lastName: 'K',
      businessName: `Bench ${n}`,
    },
  });
  const cookie = res.cookies.find((c) => c.name.endsWith('fw_sid'));
  if (res.statusCode !== 201 || !cookie) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const [m] = await queryRows<{ tenant_id: string }>(
    database.db,
    sql`select tenant_id from memberships where user_id = ${res.json<{ id: string }>().id}`,
  );
  const tenantId = m!.tenant_id;
  await upsertConnection(database.db, tenantId, 'google', {
    source: 'oauth',
    status: 'healthy',
    accessToken: app.deps.secretBox.seal('ya29.bench', `connection:${tenantId}:google:access`),
    externalAccountId: 'accounts/1/locations/2',
    accountName: 'Bench',
    scopes: ['https://www.googleapis.com/auth/webmasters.readonly'],
  });
  return { tenantId, cookie: `${cookie.name}=${cookie.value}` };
}

const deps = keywordsDeps(app.deps);
for (const n of [1, 2]) {
  const other = await business(n);
  await syncKeywords({ ...deps, searchConsole: { baseUrl: small.url } }, other.tenantId);
}
const main = await business(3);
let started = performance.now();
await syncKeywords(deps, main.tenantId);
const syncMs = performance.now() - started;
const rows = await countRows(database.db, main.tenantId);
started = performance.now();
await syncKeywords(deps, main.tenantId);
const resyncMs = performance.now() - started;

const urls = [
  '/api/analytics/keywords',
  '/api/analytics/keywords?sort=position&page=3',
  '/api/analytics/keywords?sort=impressions&dir=asc',
  '/api/analytics/keywords?q=service%2012',
  '/api/analytics/keywords?sort=ctr&page=10&pageSize=50',
];
const times: number[] = [];
for (let i = 0; i < REQUESTS; i += 1) {
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url: urls[i % urls.length]!, headers: { cookie: main.cookie } });
  times.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`GET failed: ${res.statusCode} ${res.body}`);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);

console.log(`driver: ${database.driver}`);
console.log(`business rows: ${rows.days} day rows, ${rows.keywords} keywords (plus 2 others × 25,000 day rows)`);
console.log(
  `first sync (backfill): ${(syncMs / 1000).toFixed(1)} s; re-sync (last 4 days): ${(resyncMs / 1000).toFixed(1)} s`,
);
console.log(`GET /api/analytics/keywords × ${REQUESTS}: p50 ${pct(50)} ms, p95 ${pct(95)} ms`);

await app.close();
await database.close();
await Promise.all([big.close(), small.close()]);
if (dir) rmSync(dir, { recursive: true, force: true });
