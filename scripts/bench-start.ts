// `npm run bench:start` (not part of `npm test`): how long `npm start` takes to answer after a
// restart. One first start makes a data directory (database, demo business); then BENCH_RUNS
// restarts on it, each timed from spawn to the first 200 from GET /api/health, with the
// process's CPU time at that moment (a busy machine stretches wall time, much less CPU time).
// The client and server builds are made first, so the runs time restarts, not builds.
// BENCH_PROFILE=<dir> writes each restart's CPU profile there. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuilt, root } from './build-client.mjs';
import { ensureServerBuilt } from './build-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PROFILE = process.env.BENCH_PROFILE;

/** A port free right now: the app must listen on a known one, to be asked before it says where. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** CPU seconds (user + system) the process has used, from /proc (0 where there is none). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

interface Start {
  /** Spawn to the first 200 from /api/health. */
  answerMs: number;
  /** Spawn to the "running at" line (after the job queue has started too). */
  readyMs: number;
  cpuS: number;
}

/** `npm start` (node scripts/start.mjs) on `dataDir`, timed to its first answer, then stopped. */
async function timedStart(dataDir: string, profile: boolean): Promise<Start> {
  const port = await freePort();
  const args = [...(profile && PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : []), 'scripts/start.mjs'];
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let readyMs = NaN;
  const onData = (d: Buffer) => {
    out += d.toString();
    if (Number.isNaN(readyMs) && out.includes('running at')) readyMs = performance.now() - t0;
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${out}`);
      if (performance.now() - t0 > 120_000) throw new Error(`no answer in 120 s:\n${out}`);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (res?.status === 200) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const answerMs = performance.now() - t0;
    const cpuS = cpuSeconds(child.pid ?? 0);
    while (Number.isNaN(readyMs) && child.exitCode === null) await new Promise((r) => setTimeout(r, 10));
    return { answerMs, readyMs, cpuS };
  } finally {
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) console.error(`the app exited with ${code} on SIGTERM:\n${out}`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

ensureClientBuilt();
await ensureServerBuilt();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-bench-start-'));
try {
  const first = await timedStart(dataDir, false);
  const restarts: Start[] = [];
  for (let i = 0; i < RUNS; i++) restarts.push(await timedStart(dataDir, true));
  console.log(`\n\`npm start\` on the embedded database, ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}:`);
  console.log(
    `  first start (new data directory, demo business): first answer ${s(first.answerMs)} (${first.cpuS.toFixed(1)} CPU s)`,
  );
  for (const [i, r] of restarts.entries())
    console.log(
      `  restart ${i + 1}: first answer ${s(r.answerMs)} (${r.cpuS.toFixed(2)} CPU s), "running at" ${s(r.readyMs)}`,
    );
  const answers = restarts.map((r) => r.answerMs);
  console.log(
    `  restart, median of ${RUNS}: first answer ${s(median(answers))} (min ${s(Math.min(...answers))}), ` +
      `${median(restarts.map((r) => r.cpuS)).toFixed(2)} CPU s\n`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
