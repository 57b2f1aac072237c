import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, tempDataDir } from './server.ts';

describe('the server process on the embedded database', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts on an empty data directory, prints its URL and a demo sign-in, and answers health and pages', async () => {
    dataDir = await tempDataDir();
    const server = await startServer({ dataDir });
    try {
      expect(server.output()).toMatch(/Demo sign-in: demo@fieldwise\.local \/ Demo-\S+/);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok', driver: 'pglite' });

      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');

      const unknownApi = await fetch(`${server.url}/api/x`);
      expect(unknownApi.status).toBe(404);
      expect((await unknownApi.json()).code).toBe('not_found');
    } finally {
      expect(await server.stop()).toBe(0); // SIGTERM is a clean shutdown
    }
  });

  it('keeps its data across a restart and closes the database cleanly on SIGTERM', async () => {
    const second = await startServer({ dataDir });
    try {
      // The demo account from the first start is still there, so no new password is made.
      expect(second.output()).toContain('Demo sign-in: demo@fieldwise.local (password in');
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }

    // After a clean stop the data directory opens again with the same rows.
    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    try {
      const users = await db.query<{ n: number }>(
        "select count(*)::int as n from users where email = 'demo@fieldwise.local'",
      );
      expect(users.rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('refuses to start with a readable list when the configuration is wrong', async () => {
    const badDir = await tempDataDir();
    try {
      const bad = startServer({ dataDir: badDir, env: { PORT: 'eighty', DATABASE_URL: 'mysql://x' } });
      await expect(bad).rejects.toThrow(
        /Invalid configuration:[\s\S]*PORT[\s\S]*DATABASE_URL: must start with postgres:\/\//,
      );
    } finally {
      await rm(badDir, { recursive: true, force: true });
    }
  });
});
