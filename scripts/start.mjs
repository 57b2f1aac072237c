// `npm start`: build the client when needed, then run the server in this same process
// (TypeScript through tsx), so signals reach it directly.
import { ensureClientBuilt } from './build-client.mjs';

try {
  ensureClientBuilt();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
