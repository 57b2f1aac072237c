// Builds the web client when its sources are newer than the last build (used by npm start and
// the browser tests). Plain JavaScript so it runs before anything else is set up.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/client/index.html');
// The server's renderer of signed-in pages, from the same sources (src/client/entry-server.tsx).
const builtRenderer = path.join(root, 'dist/ssr/entry-server.js');
const inputs = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json', 'scripts/build-client.mjs'];

/** The newest modification time under `p` (test files left out: they do not change a build). */
export function newestMtime(p) {
  const st = statSync(p);
  if (!st.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function clientIsStale() {
  if (!existsSync(builtIndex) || !existsSync(builtRenderer)) return true;
  const builtAt = Math.min(statSync(builtIndex).mtimeMs, statSync(builtRenderer).mtimeMs);
  return inputs.some((p) => existsSync(path.join(root, p)) && newestMtime(path.join(root, p)) > builtAt);
}

/** Returns true when a build ran; exits the process when the build fails. */
export function ensureClientBuilt({ quiet = false } = {}) {
  if (!clientIsStale()) return false;
  if (!quiet) console.log('Building the web client…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // Always React's production build, also when called from the test runner (NODE_ENV=test).
  const env = { ...process.env, NODE_ENV: 'production' };
  for (const args of [[], ['--ssr', 'entry-server.tsx']]) {
    const result = spawnSync(process.execPath, [vite, 'build', ...args, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env,
    });
    if (result.status !== 0) throw new Error(`vite build ${args.join(' ')} failed with exit code ${result.status}`);
  }
  return true;
}
