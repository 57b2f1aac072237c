import { describe, expect, it } from 'vitest';
import { memberOf, signUp } from '#tests/setup/accounts.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers 200 with the database checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', driver: t.database.driver });
  });

  it('answers 503 and says the database is unreachable when it is', async () => {
    const gone = await createTestDatabase();
    await gone.destroy(); // closed (and on PostgreSQL dropped): every query now fails
    const app = await buildApp({ config: testConfig(), database: gone, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: 'unreachable' });
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/dev/status', () => {
  // Security review, third round: it answered anyone, in every mode but production. It exists only
  // in development and only for a signed-in admin; for everyone else it is a route that isn't there.
  const absent = { message: 'There is no API route GET /api/dev/status.', code: 'not_found' };
  const dev = useTestApp({ config: { NODE_ENV: 'development' } });
  const status = (app: App, cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/dev/status', ...(cookie ? { headers: { cookie } } : {}) });

  it('is not there in production, not even for an admin', async () => {
    const database = await createTestDatabase();
    const prod = await buildApp({ config: testConfig({ NODE_ENV: 'production' }), database, logger: false });
    try {
      const res = await status(prod);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(absent);
      const owner = await signUp(prod);
      expect((await status(prod, owner.cookie)).statusCode).toBe(404);
    } finally {
      await prod.close();
      await database.destroy();
    }
  });

  it('is not there in tests (NODE_ENV=test) either', async () => {
    const owner = await signUp(t.app);
    expect((await status(t.app)).statusCode).toBe(404);
    expect((await status(t.app, owner.cookie)).statusCode).toBe(404);
  });

  it('in development, is not there for a visitor, a user or a manager', async () => {
    const owner = await signUp(dev.app, { businessName: 'Peak Electric' });
    for (const cookie of [
      undefined,
      (await memberOf(dev.app, dev.database.db, owner, 'user')).cookie,
      (await memberOf(dev.app, dev.database.db, owner, 'manager')).cookie,
    ]) {
      const res = await status(dev.app, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(absent);
    }
  });

  it('in development, shows an admin who they are and their business', async () => {
    const owner = await signUp(dev.app, { businessName: 'Peak Electric' });
    const admin = await memberOf(dev.app, dev.database.db, owner, 'admin');
    for (const who of [owner, admin]) {
      const res = await status(dev.app, who.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        env: 'development',
        authMode: 'enabled',
        storageMode: 'db',
        tenant: { name: 'Peak Electric' },
        user: { email: who.email },
      });
      expect(Date.parse(body.time)).not.toBeNaN();
    }
  });
});
