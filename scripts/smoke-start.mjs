// Starts the app the way `npm start` does (client build, migrations, demo business) on an empty
// data directory with the Node.js running this script, signs in as the demo owner, asks who is
// signed in, and stops it. `.ci/run` runs it under Node 24 (the npm package node@24) as well as
// the suite's Node 20: `path/to/node scripts/smoke-start.mjs`. Plain JavaScript: no tsx needed
// before the app's own loader.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-smoke-'));
const t0 = performance.now();
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
child.stdout.on('data', (d) => (out += d));
child.stderr.on('data', (d) => (out += d));
const exited = new Promise((resolve) => child.once('exit', resolve));

function fail(message) {
  console.error(`smoke (Node ${process.version}): ${message}\n${out}`);
  child.kill('SIGKILL');
  process.exit(1);
}

const deadline = Date.now() + 120_000;
let match;
while (!(match = /running at (http:\/\/\S+)[\s\S]*Demo sign-in: (\S+) \/ (\S+)/.exec(out))) {
  if (child.exitCode !== null) fail(`the app exited with ${child.exitCode} before it was running`);
  if (Date.now() > deadline) fail('the app did not start in 120 s');
  await new Promise((r) => setTimeout(r, 100));
}
const [, url, email, password] = match;
const startedMs = performance.now() - t0;

const login = await fetch(`${url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: url },
  body: JSON.stringify({ email, password }),
});
if (login.status !== 200) fail(`sign-in answered ${login.status}: ${await login.text()}`);
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const me = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
const user = me.status === 200 ? await me.json() : undefined;
if (JSON.stringify(user ?? {}).indexOf(email) < 0) fail(`/api/auth/user answered ${me.status} without ${email}`);

child.kill('SIGTERM');
const code = await exited;
await rm(dataDir, { recursive: true, force: true });
if (code !== 0) fail(`the app exited with ${code} on SIGTERM`);
console.log(
  `smoke: Node ${process.version} started the app in ${(startedMs / 1000).toFixed(1)} s, signed in as ${email}, and stopped it cleanly`,
);
