import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_NAMES, type TConnection, type TConnectionList } from '#shared/schemas/connections.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { connections, emailLogs } from '#server/db/schema/index.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import {
  FAKE_DATA,
  fakeOAuthEnv,
  startFakeOAuthServer,
  type FakeOAuthServer,
  type FakeProvider,
} from '#tests/fakes/oauth-server.ts';
import { connectionJobs } from './connections.jobs.ts';
import { checkAllConnections, connectionsDeps, refreshExpiringTokens } from './connections.service.ts';

// Each provider's OAuth flow end to end against a local fake authorization server: code + PKCE
// (LinkedIn: without, and its token answers lack token_type, as LinkedIn's do),
// the account choice, refresh, revoked refresh → "Reconnect …", one mail per problem, and no
// token in any response body or log line.

let fake: FakeOAuthServer;
let database: TestDatabase;
let app: App;
const logLines: string[] = [];
const bodies: string[] = [];

beforeAll(async () => {
  fake = await startFakeOAuthServer();
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ ...fakeOAuthEnv(fake.url), LOG_LEVEL: 'trace' }),
    database,
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await fake?.close();
});

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  bodies.push(res.body, String(res.headers.location ?? ''));
  return res;
}

async function list(cookie: string): Promise<Record<string, TConnection>> {
  const res = await call('GET', '/api/connections', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(res.json<TConnectionList>().connections.map((c) => [c.provider, c]));
}

/** Start → the fake's consent (auto-approved) → our callback; answers where the callback sent the browser. */
async function connect(provider: FakeProvider, owner: SignedUp, tamper?: (location: URL) => void): Promise<string> {
  const start = await call('POST', `/api/connections/${provider}/start`, owner.cookie);
  expect(start.statusCode, start.body).toBe(200);
  const pending = start.cookies.find((c) => c.name === `fw_conn_${provider}`);
  expect(pending?.httpOnly).toBe(true);
  const consent = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location') ?? '');
  tamper?.(back);
  const callback = await call(
    'GET',
    `${back.pathname}${back.search}`,
    `${owner.cookie}; ${pending?.name}=${pending?.value}`,
  );
  expect(callback.statusCode).toBe(302);
  return String(callback.headers.location);
}

async function mailsTo(email: string) {
  return database.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, email), eq(emailLogs.emailType, 'connection_problem')));
}

const EXPECTED_CHOICE: Record<FakeProvider, { id: string; name: string }> = {
  google: { id: 'accounts/111/locations/222', name: 'Rosa Plumbing — Downtown' },
  meta: { id: '1001', name: 'Blue Door Cafe' },
  x: { id: FAKE_DATA.x.me.id, name: '@bluedoorcafe' },
  linkedin: { id: 'urn:li:organization:5001', name: 'Blue Door Cafe Ltd' },
};

describe.each(['google', 'meta', 'x', 'linkedin'] as const)('connecting %s', (provider) => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await signUp(app);
  });

  it('asks for consent with state (and PKCE S256 where the provider takes it), exchanges the code, and lists the accounts to choose from', async () => {
    expect((await list(owner.cookie))[provider]?.state).toBe('disconnected');
    const landed = await connect(provider, owner);
    expect(landed).toBe(`/settings?tab=connections&provider=${provider}&outcome=connected`);

    const asked = fake.authorizeRequests.at(-1)!;
    expect(asked.provider).toBe(provider);
    // LinkedIn refuses a web app's code_verifier (401 invalid_client): no PKCE there, state only.
    if (provider === 'linkedin') expect(asked.params.code_challenge).toBeUndefined();
    else expect(asked.params.code_challenge_method).toBe('S256');
    expect(asked.params.state).toBeTruthy();
    // The permissions the calls need (connections.scopes.ts): X's image upload, Meta's insights.
    const scopes = asked.params.scope?.split(provider === 'meta' ? ',' : ' ');
    if (provider === 'x') expect(scopes).toContain('media.write');
    if (provider === 'meta')
      expect(scopes).toEqual(expect.arrayContaining(['read_insights', 'instagram_manage_insights']));
    expect(asked.params.redirect_uri).toBe(`http://127.0.0.1:3000/api/connections/${provider}/callback`);
    if (provider === 'google') {
      expect(asked.params).toMatchObject({ access_type: 'offline', include_granted_scopes: 'true' });
      expect(asked.params.scope?.split(' ')).toContain('https://www.googleapis.com/auth/business.manage');
    }

    const after = (await list(owner.cookie))[provider]!;
    expect(after.state).toBe('choose_account');
    expect(after.scopes.length).toBeGreaterThan(0);
    expect(after.lastSuccessAt).not.toBeNull();

    const choices = await call('GET', `/api/connections/${provider}/accounts`, owner.cookie);
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json<{ accounts: { id: string; name: string }[] }>().accounts).toContainEqual(
      expect.objectContaining(EXPECTED_CHOICE[provider]),
    );
  });

  it('refuses an account the provider did not list, then stores the chosen one as healthy', async () => {
    const wrong = await call('POST', `/api/connections/${provider}/select`, owner.cookie, {
      accountId: 'accounts/999',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toMatch(/not one .* lists/);

    const picked = await call('POST', `/api/connections/${provider}/select`, owner.cookie, {
      accountId: EXPECTED_CHOICE[provider].id,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<TConnection>()).toMatchObject({
      state: 'healthy',
      accountName: EXPECTED_CHOICE[provider].name,
      accountId: EXPECTED_CHOICE[provider].id,
      problem: null,
    });
  });

  it('renews an expired access token with the refresh token and stays healthy', async () => {
    const refreshesBefore = fake.tokenRequests.filter(
      (r) => r.provider === provider && r.grantType === 'refresh_token',
    ).length;
    fake.expireAccessTokens();
    const checked = await call('POST', `/api/connections/${provider}/check`, owner.cookie);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<TConnection>().state).toBe('healthy');
    const refreshes = fake.tokenRequests.filter(
      (r) => r.provider === provider && r.grantType === 'refresh_token',
    ).length;
    // Meta has no refresh tokens: the Page token it checks with does not expire.
    expect(refreshes - refreshesBefore).toBe(provider === 'meta' ? 0 : 1);
  });

  it(`after the owner revokes the app, shows "Reconnect ${PROVIDER_NAMES[provider]}" and mails the owner once`, async () => {
    fake.revokeAll(provider);
    if (provider !== 'meta') fake.expireAccessTokens();
    const first = await call('POST', `/api/connections/${provider}/check`, owner.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const connection = first.json<TConnection>();
    expect(connection.state).toBe('problem');
    expect(connection.problem).toMatchObject({
      code: 'revoked',
      action: `Reconnect ${PROVIDER_NAMES[provider]}`,
      fix: 'reconnect',
    });
    expect(connection.problem?.message).toContain(`Reconnect ${PROVIDER_NAMES[provider]}`);

    await call('POST', `/api/connections/${provider}/check`, owner.cookie);
    await call('POST', `/api/connections/${provider}/check`, owner.cookie);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`Reconnect ${PROVIDER_NAMES[provider]}`);
    expect(mails[0]?.bodyText).toContain('/settings?tab=connections');

    // An outage seen afterwards (or by a sync that started before) does not hide it: waiting
    // never mends a revoked grant, so the banner keeps saying "Reconnect".
    fake.failNext(1, 503, '3600');
    const during = await call('POST', `/api/connections/${provider}/check`, owner.cookie);
    expect(during.json<TConnection>().problem).toMatchObject({ code: 'revoked', fix: 'reconnect' });
    expect((await list(owner.cookie))[provider]?.problem?.code).toBe('revoked');
  });

  it('reconnecting keeps the chosen account and clears the problem; disconnecting revokes at the provider', async () => {
    expect(await connect(provider, owner)).toBe(`/settings?tab=connections&provider=${provider}&outcome=chosen`);
    expect((await list(owner.cookie))[provider]).toMatchObject({
      state: 'healthy',
      accountName: EXPECTED_CHOICE[provider].name,
    });

    const revocations = fake.revocations.filter((p) => p === provider).length;
    const gone = await call('DELETE', `/api/connections/${provider}`, owner.cookie);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json<TConnection>().state).toBe('disconnected');
    expect(fake.revocations.filter((p) => p === provider).length).toBe(revocations + 1);
    expect((await list(owner.cookie))[provider]?.state).toBe('disconnected');
  });
});

describe('the flow refuses what it must', () => {
  it('a declined consent and a tampered state store nothing', async () => {
    const owner = await signUp(app);
    fake.denyNext();
    expect(await connect('google', owner)).toBe('/settings?tab=connections&provider=google&outcome=denied');
    expect(await connect('google', owner, (u) => u.searchParams.set('state', 'forged-state'))).toBe(
      '/settings?tab=connections&provider=google&outcome=failed',
    );
    expect((await list(owner.cookie)).google?.state).toBe('disconnected');
  });

  it("keeps each business's connections to itself: B cannot see, use or disconnect A's", async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    await connect('google', a);
    await call('POST', '/api/connections/google/select', a.cookie, { accountId: EXPECTED_CHOICE.google.id });

    expect((await list(b.cookie)).google).toMatchObject({ state: 'disconnected', accountName: null });
    for (const [method, url] of [
      ['GET', '/api/connections/google/accounts'],
      ['POST', '/api/connections/google/check'],
      ['DELETE', '/api/connections/google'],
    ] as const) {
      expect((await call(method, url, b.cookie)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await list(a.cookie)).google).toMatchObject({ state: 'healthy', accountName: 'Rosa Plumbing — Downtown' });
  });

  it('answers readable errors for an unknown provider and for callers who are not signed in', async () => {
    const owner = await signUp(app);
    const unknown = await call('POST', '/api/connections/myspace/start', owner.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/google, meta, x or linkedin/);
    expect((await app.inject({ method: 'GET', url: '/api/connections' })).statusCode).toBe(401);
  });
});

/** A new business with X connected and its account chosen. */
async function connectedX(): Promise<{ owner: SignedUp; tenantId: string }> {
  const owner = await signUp(app);
  await connect('x', owner);
  await call('POST', '/api/connections/x/select', owner.cookie, { accountId: EXPECTED_CHOICE.x.id });
  return { owner, tenantId: await tenantIdOf(database.db, owner.userId) };
}

describe('grants from before Fieldwise asked for a scope', () => {
  it('an X grant without media.write: the check names the permission and says reconnecting asks for it; reconnecting mends it', async () => {
    const { owner, tenantId } = await connectedX();
    // As stored from X's token answer before issue 32 (no media.write).
    await database.db
      .update(connections)
      .set({ scopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access'] })
      .where(and(eq(connections.tenantId, tenantId), eq(connections.provider, 'x')));

    const checked = (await call('POST', '/api/connections/x/check', owner.cookie)).json<TConnection>();
    expect(checked.problem).toMatchObject({ code: 'missing_permission', action: 'Reconnect X', fix: 'reconnect' });
    expect(checked.problem?.message).toBe(
      "X does not let Fieldwise upload the post's image: it needs the “media.write” permission, which Fieldwise now asks for. Reconnect X and allow everything it asks for.",
    );

    expect(await connect('x', owner)).toBe('/settings?tab=connections&provider=x&outcome=chosen');
    const after = (await call('POST', '/api/connections/x/check', owner.cookie)).json<TConnection>();
    expect(after).toMatchObject({ state: 'healthy', problem: null });
    expect(after.scopes).toContain('media.write');
  });
});

describe('credentials pasted in Settings → Social', () => {
  it('become the same stored connection, checked by the same health check, and go when the form is cleared', async () => {
    const owner = await signUp(app);
    const pasted = await call('PUT', '/api/settings/social', owner.cookie, {
      facebook: { appId: '', appSecret: '', accessToken: 'EAAG-pasted-page-token-1234', pageId: '1001' },
    });
    expect(pasted.statusCode, pasted.body).toBe(200);
    expect((await list(owner.cookie)).meta).toMatchObject({
      state: 'healthy',
      source: 'manual',
      accountId: '1001',
      lastSuccessAt: null,
    });

    // The fake does not know this token: Facebook answers code 190, and the owner is told to reconnect.
    const checked = await call('POST', '/api/connections/meta/check', owner.cookie);
    expect(checked.json<TConnection>()).toMatchObject({ state: 'problem', problem: { action: 'Reconnect Facebook' } });
    expect(bodies.some((b) => b.includes('EAAG-pasted-page-token-1234'))).toBe(false);

    await call('DELETE', '/api/settings/social', owner.cookie);
    expect((await list(owner.cookie)).meta).toMatchObject({ state: 'disconnected', source: null });
  });
});

describe('background jobs', () => {
  it('the refresh job renews tokens that expire soon; the daily check records every connection', async () => {
    const { owner, tenantId } = await connectedX();
    const [before] = await database.db.select().from(connections).where(eq(connections.tenantId, tenantId));

    const deps = connectionsDeps(app.deps, app.log);
    // Not yet due: X tokens last two hours.
    expect((await refreshExpiringTokens(deps, 10 * 60_000)).refreshed).toBe(0);
    const later = { ...deps, now: () => new Date(Date.now() + 7000 * 1000) };
    expect((await refreshExpiringTokens(later, 10 * 60_000)).refreshed).toBeGreaterThanOrEqual(1);
    const [after] = await database.db.select().from(connections).where(eq(connections.tenantId, tenantId));
    expect(after!.accessToken).not.toBe(before!.accessToken);
    expect(after!.expiresAt!.getTime()).toBeGreaterThan(before!.expiresAt!.getTime());

    fake.revokeAll('x');
    fake.expireAccessTokens();
    const result = await checkAllConnections(deps);
    expect(result.problems).toBeGreaterThanOrEqual(1);
    expect((await list(owner.cookie)).x?.problem?.action).toBe('Reconnect X');
  });

  it('exports job definitions in the job system shape: a 10-minute refresh and a daily check', () => {
    expect(connectionJobs.map((j) => [j.name, j.cron])).toEqual([
      ['connections.refresh-tokens', '*/10 * * * *'],
      ['connections.health-check', '15 6 * * *'],
    ]);
  });
});

describe('secrets', () => {
  it('no token, code or client secret appears in any response body, redirect or log line', () => {
    const secrets = fake.secrets();
    expect(secrets.length).toBeGreaterThan(20);
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(
        bodies.find((b) => b.includes(secret)),
        `a response carries ${secret}`,
      ).toBeUndefined();
      expect(
        logLines.find((l) => l.includes(secret)),
        `a log line carries ${secret}`,
      ).toBeUndefined();
    }
  });
});

describe('without operator credentials', () => {
  const t = useTestApp();
  it('every provider is not_configured and starting says where to paste credentials instead', async () => {
    const owner = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/connections', headers: { cookie: owner.cookie } });
    expect(res.json<TConnectionList>().connections.map((c) => c.state)).toEqual([
      'not_configured',
      'not_configured',
      'not_configured',
      'not_configured',
    ]);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/connections/meta/start',
      headers: { cookie: owner.cookie },
    });
    expect(start.statusCode).toBe(400);
    expect(start.json<{ message: string }>().message).toContain('Settings → Social');
  });
});
