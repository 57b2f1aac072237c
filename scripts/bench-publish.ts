// `npm run bench:publish`: social publishing end to end. N posts (BENCH_N, default 1000) for X fall
// due over BENCH_SPREAD_S seconds (default 20), or all in the same second with BENCH_BURST=1 (the
// wizard's 09:00); two real worker processes (src/server/main.ts, FIELDWISE_ROLE=worker) publish
// them to a local fake of X on one PostgreSQL database (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL). Prints due→published p50/p95/p99 over the published posts, how many failed or
// were not done, and the number of posts the network received more than once. BENCH_NETWORK_MS
// (default 800, a real network's time to take a post) makes the fake take that long to answer
// each post. Asserts nothing.
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { testConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { socialPosts, tenants } from '#server/db/schema/index.ts';
import { createBoss } from '#server/jobs/boss.ts';
import { jobDefinitions } from '#server/jobs/definitions.ts';
import { createJobs } from '#server/jobs/jobs.ts';
import { upsertConnection } from '#server/modules/connections/connections.repo.ts';
import { enqueuePublish } from '#server/modules/social/social.service.ts';
import { openSecretBox } from '#server/security/secret-box.ts';
import type { AppServices } from '#server/services.ts';
import { startFakeSocialServer } from '#tests/fakes/social-server.ts';
import { databaseUrlFor, startWorkerProcess } from '#tests/setup/social-worker-process.ts';

const N = Number(process.env.BENCH_N ?? 1000);
const BURST = process.env.BENCH_BURST === '1';
const SPREAD_S = BURST ? 0 : Number(process.env.BENCH_SPREAD_S ?? 20);
const NETWORK_MS = Number(process.env.BENCH_NETWORK_MS ?? 800);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server where this role may CREATE DATABASE.',
  );
  process.exit(1);
}
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1] ?? 0;

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
  const config = testConfig();
  const box = await openSecretBox(config);
  const [tenant] = await db
    .insert(tenants)
    .values({ slug: `bench-${randomBytes(3).toString('hex')}`, name: 'Bench Plumbing' })
    .returning({ id: tenants.id });
  const tenantId = tenant!.id;
  await upsertConnection(db, tenantId, 'x', {
    source: 'oauth',
    status: 'healthy',
    accessToken: box.seal('bench-x-token', `connection:${tenantId}:x:access`),
    externalAccountId: '1445880548472328192',
    accountName: '@benchplumbing',
    scopes: [],
  });

  // One after the other: two processes creating pg-boss's schema at once on a fresh database collide.
  for (let i = 0; i < 2; i++) {
    workers.push(await startWorkerProcess(databaseUrl, fake.url));
    await workers.at(-1)!.ready;
  }

  const queue = createJobs(
    () => createBoss(database, { supervise: false }),
    jobDefinitions(() => ({}) as AppServices),
  );
  // The first post falls due once every job is on the queue (BENCH_LEAD_S, default 40 s), as in real use.
  const start = Date.now() + Number(process.env.BENCH_LEAD_S ?? 40) * 1000;
  const rows = await db
    .insert(socialPosts)
    .values(
      Array.from({ length: N }, (_, i) => ({
        tenantId,
        platform: 'twitter',
        content: `Bench post ${i}`,
        status: 'scheduled',
        scheduledFor: new Date(start + Math.floor((i / N) * SPREAD_S * 1000)),
      })),
    )
    .returning();
  for (const row of rows) await enqueuePublish({ jobs: queue }, row);
  const enqueuedBy = Date.now();

  const ids = rows.map((r) => r.id);
  const deadline = Date.now() + (SPREAD_S + 180) * 1000;
  let done: { scheduledFor: Date | null; publishedAt: Date | null; status: string }[] = [];
  for (;;) {
    done = await db
      .select({
        scheduledFor: socialPosts.scheduledFor,
        publishedAt: socialPosts.publishedAt,
        status: socialPosts.status,
      })
      .from(socialPosts)
      .where(inArray(socialPosts.id, ids));
    if (done.every((r) => r.status === 'published' || r.status === 'failed') || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise((r) => setTimeout(r, 2000)); // any duplicate would land by now
  await queue.stop();

  const latencies = done
    .filter((r) => r.publishedAt && r.scheduledFor)
    .map((r) => r.publishedAt!.getTime() - r.scheduledFor!.getTime());
  const texts = fake.received.map((r) => r.text);
  const duplicates = texts.length - new Set(texts).size;
  const table = [
    ['posts due', String(N)],
    [
      'due',
      `${BURST ? 'all at the same second' : `over ${SPREAD_S} s`} (all enqueued ${((start - enqueuedBy) / 1000).toFixed(1)} s before the first was due)`,
    ],
    ['worker processes', '2 (src/server/main.ts, FIELDWISE_ROLE=worker)'],
    ['network answers in', `${NETWORK_MS} ms (the fake's added latency per post)`],
    ['published', String(done.filter((r) => r.status === 'published').length)],
    ['failed', String(done.filter((r) => r.status === 'failed').length)],
    ['not done', String(done.filter((r) => r.status !== 'published' && r.status !== 'failed').length)],
    ['due→published p50', `${percentile(latencies, 50)} ms`],
    ['due→published p95', `${percentile(latencies, 95)} ms`],
    ['due→published p99', `${percentile(latencies, 99)} ms`],
    ['due→published max', `${Math.max(0, ...latencies)} ms`],
    ['received by the network', String(texts.length)],
    ['duplicates', String(duplicates)],
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
