import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';

// Security review, finding 7: a failed query logged its bound parameters (an argon2 hash was
// seen), and reset / verification tokens appeared in request logs.
let app: App;
let database: TestDatabase;
const lines: string[] = [];
const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$not-a-real-hash';
const TOKEN = 'Zq3kR8vN1xW5mT0pL7sY2dF4hJ6gB9cA_e-uIoPaSdF';

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream } });
  // A statement that fails on the server (42P01) and one PostgreSQL refuses a value of (22P02).
  app.get('/api/test/failing-query', async () =>
    database.db.execute(sql`select * from ${sql.identifier('no_such_table')} where password_hash = ${SECRET}`),
  );
  app.get('/api/test/refused-value', async () => database.db.execute(sql`select ${SECRET}::int`));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const logged = () => lines.join('');

describe('logs keep secrets out', () => {
  it('a failed query logs its SQLSTATE and which query, never the bound parameters', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/test/failing-query' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/api/test/refused-value' })).statusCode).toBe(400);
    const log = logged();
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain('c2VjcmV0LXNhbHQ');
    const errors = lines.map((l) => JSON.parse(l) as { err?: Record<string, unknown> }).filter((l) => l.err);
    expect(errors.map((l) => l.err?.code)).toEqual(['42P01', '22P02']);
    expect(errors[0]?.err?.query).toBe('select no_such_table');
  });

  it('reset and verification links are logged without their token', async () => {
    for (const url of [
      `/reset-password/${TOKEN}`,
      `/verify-email/${TOKEN}?from=mail`,
      `/api/auth/oidc/callback?code=${TOKEN}&state=${TOKEN}`,
    ])
      await app.inject({ method: 'GET', url });
    const log = logged();
    expect(log).not.toContain(TOKEN);
    expect(log).toContain('/reset-password/***');
    expect(log).toContain('/verify-email/***?from=mail');
  });

  it('invitation, shared image and short links are logged without their token', async () => {
    // Security review, third round: these path tokens appeared whole in the request log.
    const before = lines.length;
    for (const url of [
      `/invite/${TOKEN}`,
      `/api/social/images/${TOKEN}`,
      `/r/${TOKEN}?utm_source=sms`,
      `/INVITE/${TOKEN}`,
      `//invite/${TOKEN}`,
      `/%69nvite/${TOKEN}`,
      `/invite/${TOKEN}/`,
    ])
      await app.inject({ method: 'GET', url });
    const log = lines.slice(before).join('');
    expect(log).not.toContain(TOKEN);
    expect(log).toContain('"/invite/***"');
    expect(log).toContain('"/api/social/images/***"');
    expect(log).toContain('"/r/***?utm_source=sms"');
  });
});
