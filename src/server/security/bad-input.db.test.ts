import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '#tests/setup/accounts.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';

// Security review, finding 6: input a user can type must never be a 500.
let app: App;
let database: TestDatabase;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  // A route that hands PostgreSQL a value it refuses (SQLSTATE 22P02), as a future bug might.
  app.get('/api/test/data-error', async () => database.db.execute(sql`select ${'twelve'}::int`));
  await app.ready();
  cookie = (await signUp(app)).cookie;
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

describe('user input that PostgreSQL refuses is a 400, never a 500', () => {
  it.each([
    ['a NUL in a lead name', 'POST', '/api/leads', { name: 'Pat\u0000Lee', service: 'Repair', location: 'Dayton' }],
    ['a lone surrogate in a lead name', 'POST', '/api/leads', { name: 'Pat\uD83D', service: 'Repair', location: 'X' }],
    ['a NUL in a profile name', 'PUT', '/api/auth/profile', { firstName: 'Ri\u0000ley', lastName: 'Nguyen' }],
    ['a NUL in the lead search', 'GET', `/api/leads?q=${encodeURIComponent('a\u0000b')}`, undefined],
  ] as const)('%s', async (_what, method, url, payload) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/character/);
  });

  it('an impossible date in the leads cursor', async () => {
    const cursor = Buffer.from('2024-02-30 25:61:00.123456+00|00000000-0000-4000-8000-000000000000').toString(
      'base64url',
    );
    const res = await call('GET', `/api/leads?cursor=${cursor}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('This page of leads is no longer valid. Reload the list to start again.');
  });

  it('a data error from PostgreSQL (class 22) is answered as a 400 with a readable message', async () => {
    const res = await call('GET', '/api/test/data-error');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      code: 'bad_request',
      message: 'A value in this request could not be stored or read. Please check what you entered and try again.',
    });
  });

  it("a timezone Intl knows but PostgreSQL doesn't is refused when saved, and the dashboard still works", async () => {
    const res = await call('PUT', '/api/settings/business', { timezone: 'US/Pacific-New' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ timezone: 'Choose a time zone from the list, such as America/New_York.' });
    expect((await call('GET', '/api/dashboard')).statusCode).toBe(200);
    const ok = await call('PUT', '/api/settings/business', { timezone: 'europe/kyiv' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().business.timezone).toBe('Europe/Kyiv');
  });
});
