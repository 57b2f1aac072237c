// Compiles the server (src/server, src/shared) into one ES module with its own chunks under
// dist/server, so a start loads a few files Node runs as they are instead of ~600 TypeScript files
// through tsx's loader (most of a restart's time). Packages stay in node_modules. Like
// build-client.mjs: rebuilt only when its sources are newer than the last build.
import { cpSync, existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { newestMtime, root } from './build-client.mjs';

const outdir = path.join(root, 'dist/server');
const entry = path.join(outdir, 'main.js');
const inputs = ['src/server', 'src/shared', 'package-lock.json', 'scripts/build-server.mjs'];

export function serverIsStale() {
  if (!existsSync(entry)) return true;
  const builtAt = statSync(entry).mtimeMs;
  return inputs.some((p) => existsSync(path.join(root, p)) && newestMtime(path.join(root, p)) > builtAt);
}

let building;

/** The compiled server's entry (dist/server/main.js), built first when stale (once per process). */
export function ensureServerBuilt() {
  if (!serverIsStale()) return Promise.resolve(entry);
  building ??= buildServer().finally(() => (building = undefined));
  return building;
}

async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts' },
    outdir,
    bundle: true,
    splitting: true, // a module imported on demand (the report PDF's browser) stays its own chunk
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Code that asks for `require` (a CommonJS package imported by a bundled module) gets Node's.
    banner: {
      js: "import { createRequire as __fwRequire } from 'node:module'; const require = __fwRequire(import.meta.url);",
    },
  });
  // The migrations are read from beside the module that runs them (db/migrate.ts).
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  return entry;
}
