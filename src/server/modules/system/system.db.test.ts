import { describe, expect, it } from 'vitest';
import { signUp } from '#tests/setup/accounts.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { buildApp } from '#server/app.ts';
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
  it('has the dev overlay shape with no one signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/status' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ env: 'test', authMode: 'enabled', storageMode: 'db', tenant: null, user: null });
    expect(Date.parse(body.time)).not.toBeNaN();
  });

  it('shows the signed-in user and their business', async () => {
    const owner = await signUp(t.app, { businessName: 'Peak Electric' });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/status', headers: { cookie: owner.cookie } });
    expect(res.json()).toMatchObject({ tenant: { name: 'Peak Electric' }, user: { email: owner.email } });
  });
});
