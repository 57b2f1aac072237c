// `npm run bench`: start-up time of the real server (first start on an empty data directory,
// then a second start on the same one) and request throughput on loopback. Prints figures;
// asserts nothing. Bounded: a few short runs against 127.0.0.1 only. Set BENCH_DATABASE_URL to
// repeat the database-bound figure on a PostgreSQL server.
import { rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import { ensureClientBuilt } from './build-client.mjs';
import { startServer, tempDataDir } from '#tests/e2e/server.ts';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { hashPassword } from '#server/modules/auth/password.ts';

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

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

/**
 * Sign-in costs: argon2id per hash, and how long a wrong password and an unknown email take to
 * answer (they must be comparable, or the timing tells which emails have accounts).
 */
async function authFigures(dataDir: string): Promise<void> {
  const hashes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await hashPassword(`Bench-Password-${i}!`);
    hashes.push(performance.now() - t0);
  }
  const database = await openDatabase({ dataDir: `${dataDir}/auth-bench` });
  await runMigrations(database);
  const app = await buildApp({ config: testConfig(), database, logger: false });
  try {
    const email = 'bench-owner@example.com';
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'Furnace-Tune-42!', firstName: 'B', lastName: 'O' },
    });
    const timeLogin = async (who: string, i: number) => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.0.${i}.1`,
        payload: { email: who, password: 'Wrong-Guess-1!' },
      });
      if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode}`);
      return performance.now() - t0;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 40; i++) {
      wrong.push(await timeLogin(email, i));
      unknown.push(await timeLogin(`nobody-${i}@example.com`, i));
    }
    console.log(`Sign-in costs (in-process, embedded database):`);
    console.log(
      `  argon2id m=19456 t=2 p=1 hash: p50 ${percentile(hashes, 50).toFixed(1)} ms, p90 ${percentile(hashes, 90).toFixed(1)} ms`,
    );
    console.log(
      `  failed sign-in, wrong password: p50 ${percentile(wrong, 50).toFixed(1)} ms, p90 ${percentile(wrong, 90).toFixed(1)} ms`,
    );
    console.log(
      `  failed sign-in, unknown email:  p50 ${percentile(unknown, 50).toFixed(1)} ms, p90 ${percentile(unknown, 90).toFixed(1)} ms`,
    );
    console.log(
      `  ratio of medians (unknown / wrong): ${(percentile(unknown, 50) / percentile(wrong, 50)).toFixed(2)}\n`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

async function signedInCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'Furnace-Tune-42!',
      firstName: 'B',
      lastName: 'L',
    }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`could not sign up for the bench: ${res.status}`);
  return cookie;
}

async function load(url: string, title: string, headers: Record<string, string> = {}): Promise<void> {
  const result = await autocannon({ url, connections: 50, duration: DURATION_S, pipelining: 1, headers });
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
    await load(`${server.url}/dashboard`, 'GET /dashboard (index.html)');
    const cookie = await signedInCookie(server.url);
    await load(`${server.url}/api/auth/user`, 'GET /api/auth/user (session)', { cookie });
  } finally {
    await server.stop();
  }
  console.log('');
  await authFigures(dataDir);

  // The same on a PostgreSQL server, when one is given (e.g. the local one CI uses).
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    const onPg = await startServer({
      dataDir,
      env: { DATABASE_URL: pgUrl, APP_SECRET: 'bench-only-secret-not-for-production-use' },
    });
    try {
      console.log('\nOn PostgreSQL (BENCH_DATABASE_URL):');
      await load(`${onPg.url}/api/health`, 'GET /api/health (db ping)');
      await load(`${onPg.url}/api/auth/user`, 'GET /api/auth/user (session)', {
        cookie: await signedInCookie(onPg.url),
      });
    } finally {
      await onPg.stop();
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
