// Test and bench helper: runs the real app as a worker OS process (the compiled server with
// FIELDWISE_ROLE=worker) against a given PostgreSQL database, with the networks pointed at a fake.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from '../../scripts/build-server.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves once the worker says it is running. */
  ready: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** `env`: settings of this worker beyond the defaults, e.g. a shorter SOCIAL_PUBLISH_STALE_MS. */
export async function startWorkerProcess(
  databaseUrl: string,
  networksUrl: string,
  env: Record<string, string> = {},
): Promise<WorkerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-social-worker-'));
  const child = spawn(process.execPath, ['--enable-source-maps', await ensureServerBuilt()], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      APP_SECRET: 'test-only-app-secret-0123456789abcdef', // testConfig's, so the stored tokens open
      FIELDWISE_ROLE: 'worker',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      META_GRAPH_BASE_URL: networksUrl,
      X_API_BASE_URL: networksUrl,
      X_UPLOAD_BASE_URL: networksUrl,
      LINKEDIN_API_BASE_URL: networksUrl,
      ...env,
    },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('worker is running')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.once('exit', (code) =>
      reject(new Error(`worker exited (${code}) before it was ready:\n${output.slice(-2000)}`)),
    );
  });
  return {
    child,
    ready,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The URL of the database `db` is connected to, on the server of `adminUrl`. */
export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
