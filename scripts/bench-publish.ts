// `npm run bench:publish`: social publishing end to end. BENCH_N targets (posts on one network
// each, default 10,000) of BENCH_BUSINESSES businesses (default 1,000) fall due over
// BENCH_SPREAD_S seconds (default 20), or all in the same second with BENCH_BURST=1 (the wizard's
// 09:00). One business has BENCH_BIG posts (default 50), each for all four networks we publish to
// (Facebook and Instagram through Meta, X, LinkedIn); the other targets are spread evenly over the
// other businesses and the four networks. Two real worker processes (src/server/main.ts,
// FIELDWISE_ROLE=worker) publish them to a local fake of the networks on one PostgreSQL database
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL); BENCH_NETWORK_MS (default 800, a real network's
// time to take a post) makes the fake take that long to answer each POST. Prints due→published
// p50/p95/p99 over the published targets, when the last went out, how many failed or were not
// done, the posts the networks received more than once, and for the big business, per network, the
// most posts the fake saw in any of the network's limit windows against its published limit
// (tests/fakes/social-server.ts FAKE_POSTING_LIMITS). Asserts nothing.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SOCIAL_PLATFORMS, type TSocialPlatform } from '#shared/schemas/social.ts';
import { testConfig } from '#server/config.ts';
import { openDatabase, queryRows } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { socialPosts, tenants } from '#server/db/schema/index.ts';
import { createBoss } from '#server/jobs/boss.ts';
import { jobDefinitions } from '#server/jobs/definitions.ts';
import { createJobs } from '#server/jobs/jobs.ts';
import { syncPastedConnection } from '#server/modules/connections/connections.service.ts';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { enqueuePublish } from '#server/modules/social/social.service.ts';
import { openSecretBox } from '#server/security/secret-box.ts';
import type { AppServices } from '#server/services.ts';
import { FAKE_POSTING_LIMITS, instagramIdOf, startFakeSocialServer } from '#tests/fakes/social-server.ts';
import { databaseUrlFor, startWorkerProcess } from '#tests/setup/social-worker-process.ts';

const N = Number(process.env.BENCH_N ?? 10_000);
const BUSINESSES = Math.max(2, Number(process.env.BENCH_BUSINESSES ?? 1000));
const BIG = Number(process.env.BENCH_BIG ?? 50);
const BURST = process.env.BENCH_BURST === '1';
const SPREAD_S = BURST ? 0 : Number(process.env.BENCH_SPREAD_S ?? 20);
const NETWORK_MS = Number(process.env.BENCH_NETWORK_MS ?? 800);
// Every job is on the queue before the first target falls due, as in real use.
const LEAD_S = Number(process.env.BENCH_LEAD_S ?? 20 + N / 500);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server where this role may CREATE DATABASE.',
  );
  process.exit(1);
}
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1] ?? 0;
/** The most of `times` (ms) in any window of `windowMs`. */
function mostInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const name = `fw_bench_publish_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const databaseUrl = databaseUrlFor(serverUrl, name);
const database = await openDatabase({ databaseUrl, poolMax: 10 });
const fake = await startFakeSocialServer({ latencyMs: NETWORK_MS });
const workers = [] as Awaited<ReturnType<typeof startWorkerProcess>>[];
try {
  await runMigrations(database);
  const { db } = database;
  const box = await openSecretBox(testConfig());
  const businesses = await db
    .insert(tenants)
    .values(
      Array.from({ length: BUSINESSES }, (_, b) => ({
        slug: `bench-${b}-${randomBytes(3).toString('hex')}`,
        name: `Bench Plumbing ${b}`,
      })),
    )
    .returning({ id: tenants.id });
  // Each business its own accounts (tokens, Page, organization), as the networks count per account.
  const pageOf = (b: number) => String(2_000_000 + b);
  await inParallel(
    businesses.map((t, b) => ({ tenantId: t.id, b })),
    8,
    async ({ tenantId, b }) => {
      await syncPastedConnection(db, box, tenantId, 'meta', { token: `page-token-${b}`, accountId: pageOf(b) });
      await syncPastedConnection(db, box, tenantId, 'linkedin', {
        token: `li-token-${b}`,
        accountId: String(5000 + b),
      });
      await upsertConnection(db, tenantId, 'x', {
        source: 'oauth',
        status: 'healthy',
        accessToken: box.seal(`x-token-${b}`, `connection:${tenantId}:x:access`),
        externalAccountId: String(1_445_880_548_472_328_192n + BigInt(b)),
        accountName: `@benchplumbing${b}`,
        scopes: [],
      });
    },
  );

  // One after the other: two processes creating pg-boss's schema at once on a fresh database collide.
  for (let i = 0; i < 2; i++) {
    workers.push(await startWorkerProcess(databaseUrl, fake.url));
    await workers.at(-1)!.ready;
  }
  const queue = createJobs(
    () => createBoss(database, { supervise: false }),
    jobDefinitions(() => ({}) as AppServices),
  );

  // The big business (index 0): BIG posts, each for all four networks. The rest: one network each,
  // round the other businesses and the networks in turn.
  const targets: { b: number; platform: TSocialPlatform; text: string }[] = [];
  for (let k = 0; k < BIG; k++)
    for (const platform of SOCIAL_PLATFORMS) targets.push({ b: 0, platform, text: `Bench big ${k} ${platform}` });
  for (let i = 0; targets.length < N; i++) {
    const b = 1 + (i % (BUSINESSES - 1));
    targets.push({ b, platform: SOCIAL_PLATFORMS[i % 4]!, text: `Bench ${b}-${i}` });
  }
  const start = Date.now() + LEAD_S * 1000;
  // Spread: each target's time in turn over the spread, so every business and network is due all along.
  const dueOf = (i: number) => new Date(start + Math.floor((i / targets.length) * SPREAD_S * 1000));
  const rows = [] as (typeof socialPosts.$inferSelect)[];
  for (let from = 0; from < targets.length; from += 1000) {
    const chunk = targets.slice(from, from + 1000).map((t, j) => ({
      tenantId: businesses[t.b]!.id,
      platform: t.platform,
      content: t.text,
      // Instagram takes no post without an image; a link Meta fetches itself.
      imageUrl: t.platform === 'instagram' ? 'https://cdn.example.com/bench.jpg' : null,
      status: 'scheduled',
      scheduledFor: dueOf(from + j),
    }));
    rows.push(...(await db.insert(socialPosts).values(chunk).returning()));
  }
  const dueAt = new Map(rows.map((r) => [r.id, r.scheduledFor!.getTime()]));
  await inParallel(rows, 8, (row) => enqueuePublish({ jobs: queue }, row));
  const enqueuedBy = Date.now();

  // Done once every target is due and none is due or going out (one waiting for a free slot under
  // its network's limit is due later).
  const lastDue = Math.max(...dueAt.values());
  const deadline = lastDue + 300_000;
  for (;;) {
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${socialPosts} where ${socialPosts.status} = 'publishing'
        or (${socialPosts.status} = 'scheduled' and ${socialPosts.scheduledFor} <= now())`,
    );
    if ((Date.now() > lastDue && !left?.n) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise((r) => setTimeout(r, 2000)); // any duplicate would land by now
  await queue.stop();

  const done = await db
    .select({
      id: socialPosts.id,
      publishedAt: socialPosts.publishedAt,
      status: socialPosts.status,
      errorMessage: socialPosts.errorMessage,
    })
    .from(socialPosts);
  const published = done.filter((r) => r.status === 'published' && r.publishedAt);
  const latencies = published.map((r) => r.publishedAt!.getTime() - dueAt.get(r.id)!);
  const lastOut = Math.max(0, ...published.map((r) => r.publishedAt!.getTime()));
  const waiting = done.filter((r) => r.status === 'scheduled' && r.errorMessage).length;

  // What the networks received: one post per target, an Instagram post once per media_publish.
  const made = [
    ...fake.received.filter((r) => !r.path.endsWith('/media')).map((r) => `${r.network}:${r.path}:${r.text}`),
    ...fake.instagramMedia.map((m) => `instagram:${m.igUser}:${m.caption}`),
  ];
  const duplicates = made.length - new Set(made).size;

  const big = (times: Date[], limit?: { posts: number; windowMs: number }) => {
    const ms = times.map((t) => t.getTime());
    if (!limit) return `${ms.length} posts, the network publishes no fixed per-account figure`;
    return `most in any ${limit.windowMs / 60_000} min: ${mostInWindow(ms, limit.windowMs)} (published limit ${limit.posts})`;
  };
  const bigPage = pageOf(0);
  const refusals = fake.limitRefusals;
  const table = [
    ['posts due', `${targets.length} (${BUSINESSES} businesses; one with ${BIG} posts on each of the 4 networks)`],
    [
      'due',
      `${BURST ? 'all at the same second' : `over ${SPREAD_S} s`} (all enqueued ${((start - enqueuedBy) / 1000).toFixed(1)} s before the first was due)`,
    ],
    ['worker processes', '2 (src/server/main.ts, FIELDWISE_ROLE=worker)'],
    ['network answers in', `${NETWORK_MS} ms (the fake's added latency per POST; Instagram makes two)`],
    ['published', String(published.length)],
    ['failed', String(done.filter((r) => r.status === 'failed').length)],
    ['waiting for a free slot', `${waiting} (over their network's posting limit, due again later)`],
    ['not done', String(done.filter((r) => r.status !== 'published' && r.status !== 'failed').length - waiting)],
    ['due→published p50', `${percentile(latencies, 50)} ms`],
    ['due→published p95', `${percentile(latencies, 95)} ms`],
    ['due→published p99', `${percentile(latencies, 99)} ms`],
    ['due→published max', `${Math.max(0, ...latencies)} ms`],
    ['last out', `${((lastOut - lastDue) / 1000).toFixed(1)} s after the last was due`],
    ['received by the networks', String(made.length)],
    ['duplicates', String(duplicates)],
    [
      'refused for a posting limit',
      `${refusals.length} (X ${refusals.filter((r) => r.network === 'x').length}, Instagram ${refusals.filter((r) => r.network === 'instagram').length})`,
    ],
    [
      'big business on X',
      big(
        fake.received
          .filter((r) => r.network === 'x' && r.path === '/2/tweets' && r.token === 'x-token-0')
          .map((r) => r.at),
        FAKE_POSTING_LIMITS.x,
      ),
    ],
    [
      'big business on Instagram',
      big(
        fake.instagramMedia.filter((m) => m.igUser === instagramIdOf(bigPage)).map((m) => m.at),
        FAKE_POSTING_LIMITS.instagram,
      ),
    ],
    [
      'big business on Facebook',
      big(
        fake.received.filter((r) => r.path === `/${bigPage}/feed` || r.path === `/${bigPage}/photos`).map((r) => r.at),
      ),
    ],
    [
      'big business on LinkedIn',
      big(fake.received.filter((r) => r.path === '/rest/posts' && r.token === 'li-token-0').map((r) => r.at)),
    ],
  ];
  const w = Math.max(...table.map(([k]) => k!.length));
  console.log(`\nbench:publish (PostgreSQL)\n${table.map(([k, v]) => `  ${k!.padEnd(w)}  ${v}`).join('\n')}\n`);
} finally {
  await Promise.all(workers.map((w) => w.kill()));
  await fake.close();
  await database.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
