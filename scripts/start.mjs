// `npm start`: build the client and the server when their sources changed, then run the compiled
// server (dist/server/main.js, scripts/build-server.mjs) in this same process, so signals reach it
// directly. `npm run dev` runs the TypeScript itself, through tsx, and restarts on changes.
import { pathToFileURL } from 'node:url';
import { ensureClientBuilt } from './build-client.mjs';
import { ensureServerBuilt } from './build-server.mjs';

try {
  ensureClientBuilt();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const entry = await ensureServerBuilt();
process.setSourceMapsEnabled(true); // stack traces name the TypeScript files and lines
await import(pathToFileURL(entry).href);
