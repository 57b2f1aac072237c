// `npm run bench:jobs`: background-job figures on the embedded database and, with
// BENCH_DATABASE_URL, on a PostgreSQL server: the delay from a job's due time to its start
// (p50/p95) and the throughput of no-op jobs with two queue instances taking work.
// Prints figures; asserts nothing.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { z } from 'zod';
import { openDatabase, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { createBoss } from '#server/jobs/boss.ts';
import { createJobs, defineJob, startWorker } from '#server/jobs/jobs.ts';

const log = pino({ level: 'silent' });
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1] ?? 0;

async function measure(database: Database, label: string) {
  const lateness: number[] = [];
  const due = new Map<number, number>();
  let done = 0;
  const latency = defineJob({
    name: 'bench-latency',
    schema: z.object({ n: z.number() }),
    handler: async ({ n }) => void lateness.push(Date.now() - (due.get(n) ?? Date.now())),
  });
  const noop = defineJob({ name: 'bench-noop', schema: z.object({ n: z.number() }), handler: async () => void done++ });
  const definitions = [latency, noop];
  const a = createJobs(() => createBoss(database, { supervise: true }), definitions);
  const b = createJobs(() => createBoss(database, { supervise: false }), definitions);
  await startWorker(a, definitions, { log });
  await startWorker(b, definitions, { log });

  // 200 jobs due at spread-out moments over 10 s.
  const start = Date.now() + 1000;
  for (let n = 0; n < 200; n++) {
    const at = start + Math.floor((n / 200) * 10_000);
    due.set(n, at);
    await a.enqueue('bench-latency', { n }, { startAfter: new Date(at) });
  }
  while (lateness.length < 200) await new Promise((r) => setTimeout(r, 100));

  const N = 2000;
  await Promise.all(Array.from({ length: N }, (_, n) => a.enqueue('bench-noop', { n })));
  const t0 = performance.now();
  while (done < N) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all([a.stop(), b.stop()]);
  console.log(
    `${label}: due→start p50 ${percentile(lateness, 50)} ms, p95 ${percentile(lateness, 95)} ms; ` +
      `${N} no-op jobs with two instances in ${seconds.toFixed(1)} s (${Math.round(N / seconds)} jobs/s)`,
  );
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'fw-bench-jobs-'));
const embedded = await openDatabase({ dataDir: dir });
await runMigrations(embedded);
await measure(embedded, 'PGlite');
await embedded.close();
await rm(dir, { recursive: true, force: true });

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const name = `fw_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 10 });
  await runMigrations(database);
  await measure(database, 'PostgreSQL');
  await database.close();
  await admin.query(`drop database "${name}" with (force)`);
  await admin.end();
}
