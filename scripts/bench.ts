// `npm run bench`: start-up time of the real server (first start on an empty data directory,
// then a second start on the same one) and request throughput on loopback. Prints figures;
// asserts nothing. Bounded: a few short runs against 127.0.0.1 only. Set BENCH_DATABASE_URL to
// repeat the database-bound figure on a PostgreSQL server.
import { rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import { ensureClientBuilt } from './build-client.mjs';
import { startServer, tempDataDir } from '../tests/e2e/server.ts';

const DURATION_S = 5;

async function firstPageMs(dataDir: string): Promise<{ total: number; server: number }> {
  const t0 = performance.now();
  const server = await startServer({ dataDir });
  // Ask until the page answers: spawn → listening → first 200 for "/".
  for (;;) {
    const res = await fetch(`${server.url}/`).catch(() => undefined);
    if (res?.ok) break;
  }
  const total = performance.now() - t0;
  await server.stop();
  return { total, server: server.startupMs };
}

async function load(url: string, title: string): Promise<void> {
  const result = await autocannon({ url, connections: 50, duration: DURATION_S, pipelining: 1 });
  const { requests, latency, non2xx, errors } = result;
  console.log(
    `${title.padEnd(28)} ${Math.round(requests.average).toString().padStart(7)} req/s   ` +
      `latency p50 ${latency.p50} ms, p99 ${latency.p99} ms   (non-2xx ${non2xx}, errors ${errors})`,
  );
}

ensureClientBuilt();
const dataDir = await tempDataDir();
try {
  const first = await firstPageMs(dataDir);
  const second = await firstPageMs(dataDir);
  console.log(`\nStart-up to first served page (embedded database, ${process.version}):`);
  console.log(`  first start (creates and migrates the database): ${Math.round(first.total)} ms`);
  console.log(`  second start (existing data directory):          ${Math.round(second.total)} ms\n`);

  const server = await startServer({ dataDir });
  try {
    console.log(`Throughput, 50 connections, ${DURATION_S} s each, one process on 2 cores:`);
    await load(`${server.url}/api/health`, 'GET /api/health (db ping)');
    await load(`${server.url}/api/dev/status`, 'GET /api/dev/status');
    await load(`${server.url}/dashboard`, 'GET /dashboard (index.html)');
  } finally {
    await server.stop();
  }

  // The same on a PostgreSQL server, when one is given (e.g. the local one CI uses).
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    const onPg = await startServer({ dataDir, env: { DATABASE_URL: pgUrl } });
    try {
      console.log('\nOn PostgreSQL (BENCH_DATABASE_URL):');
      await load(`${onPg.url}/api/health`, 'GET /api/health (db ping)');
    } finally {
      await onPg.stop();
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
