// Preloaded into the servers the browser specs start (tests/e2e/server.ts): their stdin is a pipe
// from the test process, which closes however that process ends, so the server stops with it.
// Preloads run in worker threads too (tsx's loader has one), whose stdin is their own: main only.
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const stop = () => process.kill(process.pid, 'SIGTERM');
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}
