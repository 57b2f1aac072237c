// Runs the real server (the same compiled entry point as `npm start`, client already built) on a free
// port with its own data directory. No Vitest imports: scripts/bench.ts uses it too.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuilt } from '../../scripts/build-server.mjs';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Milliseconds from spawn to the "running at" line. */
  startupMs: number;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export async function startServer(options: { dataDir: string; env?: Record<string, string> }): Promise<RunningServer> {
  const t0 = performance.now();
  // The compiled server, as `npm start` runs it (built first when its sources changed).
  // exit-with-parent.mjs: a test process that ends without stopping its server (a worker killed
  // after a timeout) takes the server with it, instead of leaving it idling beside later specs.
  const entry = await ensureServerBuilt();
  const args = ['--enable-source-maps', '--import', './tests/e2e/exit-with-parent.mjs', entry];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '', // never a developer's .env database
      LOG_LEVEL: 'warn',
      // The specs check what a page draws, not how fast: on a busy runner a render past the 1.5 s
      // limit would be sent for the browser to draw, and a check of the HTML would fail on load.
      SERVER_RENDER_TIME_LIMIT_MS: '30000',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    // E2E_SERVER_START_MS: more or less time (the default, 180 s, covers a first start with migrations
    // and the demo seed while the static checks load both cores).
    const startMs = Number(process.env.E2E_SERVER_START_MS) || 180_000;
    const timer = setTimeout(() => reject(new Error(`server did not start in ${startMs / 1000} s:\n${out}`)), startMs);
    const check = () => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${out}`));
    });
  });

  return {
    url,
    dataDir: options.dataDir,
    output: () => out,
    startupMs: performance.now() - t0,
    stop: async () => {
      if (child.exitCode !== null) return exited;
      child.kill('SIGTERM');
      // The server gives itself 30 s to finish; a stop that outlasts that is a hang, not a shutdown.
      const hung = setTimeout(() => child.kill('SIGKILL'), 35_000);
      const code = await exited;
      clearTimeout(hung);
      return code;
    },
  };
}

/**
 * The settings of a server on a PostgreSQL database that behaves as the embedded default does:
 * its secrets' key (the embedded one keeps it in its data directory) and the demo business
 * (seeded by default only without DATABASE_URL).
 */
export function serverOnPostgres(databaseUrl: string, appSecret: string): Record<string, string> {
  return { DATABASE_URL: databaseUrl, APP_SECRET: appSecret, SEED_DEMO: 'true' };
}

export async function tempDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'fw-e2e-'));
}
