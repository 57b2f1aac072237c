import { afterAll, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';

const database = await createTestDatabase();
afterAll(() => database.destroy());

it('finishes a request that is in flight when the server is told to close', async () => {
  const app = await buildApp({ config: testConfig(), database, logger: false });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const started = new Promise<void>((resolve) => (arrived = resolve));
  app.get('/api/probe/slow', async () => {
    arrived();
    await gate;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const inFlight = fetch(`http://127.0.0.1:${port}/api/probe/slow`);
  await started;
  const closing = app.close(); // what SIGTERM does in main.ts
  release();

  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ done: true });
  await closing;
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow(); // no longer listening
});
