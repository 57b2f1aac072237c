import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
// @ts-expect-error -- oidc-provider 8 ships no type declarations; the little used here is typed below.
import OidcProvider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie, signUp, uniqueEmail } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { memberships, userIdentities, users } from '#server/db/schema/index.ts';
import { allowsPlainHttp, namesFrom } from './oidc.service.ts';

// A real OpenID Connect provider (oidc-provider 8, its development login and consent pages) on
// 127.0.0.1; our app talks to it over HTTP, the "browser" below is fetch plus app.inject.

const APP_URL = 'http://127.0.0.1:3999';
const CLIENT = { id: 'fieldwise-test', secret: 'a-client-secret-for-tests-only-0123456789' };

interface AccountClaims {
  email?: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}
interface ProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}
type ProviderClass = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

const accounts = new Map<string, AccountClaims>();
let server: Server;
let issuer = '';

// The provider must know its issuer (with the random port) before it is built.
async function startProvider(): Promise<void> {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new (OidcProvider as ProviderClass)(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${APP_URL}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      const claims = accounts.get(id);
      return claims && { accountId: id, claims: async () => ({ sub: id, ...accounts.get(id) }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['provider-cookie-key-for-tests'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  server.on('request', provider.callback());
}

beforeAll(startProvider);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// The app's settings need the issuer's random port: filled in once the provider listens, before
// useTestApp's own beforeAll (registered after this one) reads them.
const env: Record<string, string> = {};
beforeAll(() => {
  Object.assign(env, {
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    APP_URL,
  });
});
const t = useTestApp({ config: env });

/** Provider cookies by name; paths are ignored, which the provider does not mind. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? '';
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name && c.value);

/**
 * GET /api/login, then the person signs in at the provider as `accountId` and consents; answers
 * the callback path the provider sends the browser back to, and our pending-sign-in cookie.
 */
async function throughProvider(accountId: string): Promise<{ callback: string; pending: string }> {
  const login = await t.app.inject({ method: 'GET', url: '/api/login' });
  expect(login.statusCode).toBe(302);
  const pending = cookieOf(login, 'fw_oidc');
  expect(pending).toBeDefined();

  const jar = new CookieJar();
  let url = String(login.headers.location);
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(`${APP_URL}/`))
      return { callback: url.slice(APP_URL.length), pending: `fw_oidc=${pending!.value}` };
    const target = new URL(url);
    const res = await fetch(target, { redirect: 'manual', headers: { cookie: jar.header } });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', target).href;
      continue;
    }
    // A login or consent page: answer its form the way a person would.
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`unexpected provider page: ${html.slice(0, 500)}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt });
    const posted = await fetch(new URL(action, target), {
      method: 'POST',
      redirect: 'manual',
      body: form,
      headers: { cookie: jar.header },
    });
    jar.take(posted);
    url = new URL(posted.headers.get('location') ?? '', target).href;
  }
  throw new Error('the provider never sent the browser back');
}

async function callback(path: string, cookie: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: path, headers: { cookie } });
}

async function tenantsOf(userId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
  return row?.n ?? 0;
}

describe('GET /api/login with an OpenID Connect provider', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce kept in a short-lived cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      response_type: 'code',
      redirect_uri: `${APP_URL}/api/auth/oidc/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const p of ['code_challenge', 'state', 'nonce']) expect(location.searchParams.get(p)).toMatch(/^[\w-]{20,}$/);
    expect(cookieOf(res, 'fw_oidc')).toMatchObject({
      path: '/api/auth/oidc',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 600,
    });
    expect(JSON.stringify(res.cookies)).not.toContain(location.searchParams.get('code_challenge'));
  });
});

describe('the OpenID Connect callback', () => {
  it('creates a new person with their own business, signs them in, and later knows them by sub even after an email change', async () => {
    const email = uniqueEmail('oidc-new');
    accounts.set('new-person', { email, email_verified: true, given_name: 'Dana', family_name: 'Okafor' });

    const { callback: path, pending } = await throughProvider('new-person');
    const res = await callback(path, pending);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    expect(cookieOf(res, 'fw_oidc')).toBeUndefined(); // cleared: one use only

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    const user = me.json();
    expect(user).toMatchObject({ email, firstName: 'Dana', lastName: 'Okafor', emailVerified: true, role: 'admin' });
    expect(user.tenantMemberships).toHaveLength(1);
    expect(user.tenantMemberships[0]).toMatchObject({ role: 'admin', tenant: { name: 'Dana Okafor' } });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBeNull();
    const identities = await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(identities).toMatchObject([{ issuer, subject: 'new-person' }]);

    // The person changes their address at the provider: still the same account here.
    const changed = uniqueEmail('oidc-changed');
    accounts.set('new-person', { email: changed, email_verified: true, given_name: 'Dana', family_name: 'Okafor' });
    const again = await throughProvider('new-person');
    const second = await callback(again.callback, again.pending);
    expect(second.headers.location).toBe('/dashboard');
    const me2 = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: sessionCookie(second) },
    });
    expect(me2.json()).toMatchObject({ id: user.id, email });
    expect(await t.database.db.select().from(users).where(eq(users.email, changed))).toEqual([]);
    expect(sessionCookie(second)).not.toBe(sessionCookie(res));
  });

  it('links an existing password account when the provider has verified the email, with a fresh session', async () => {
    const owner = await signUp(t.app, { email: uniqueEmail('oidc-link') });
    accounts.set('linked-person', { email: owner.email.toUpperCase(), email_verified: true });

    const { callback: path, pending } = await throughProvider('linked-person');
    // The browser still carries its earlier session: it is replaced, not reused.
    const res = await callback(path, `${pending}; ${owner.cookie}`);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    const cookie = sessionCookie(res);
    expect(cookie).not.toBe(owner.cookie);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: owner.userId, email: owner.email, firstName: 'Riley', emailVerified: true });
    expect(await tenantsOf(owner.userId)).toBe(1);
    expect(
      await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.userId)),
    ).toMatchObject([{ issuer, subject: 'linked-person' }]);
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('does not sign anyone in to an existing account when the provider has not verified the email', async () => {
    const owner = await signUp(t.app, { email: uniqueEmail('oidc-unverified') });
    accounts.set('claims-their-email', { email: owner.email, email_verified: false, given_name: 'Mallory' });

    const { callback: path, pending } = await throughProvider('claims-their-email');
    const res = await callback(path, pending);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?message=oidc-email-unverified');
    expect(cookieOf(res, 'fw_sid')).toBeUndefined();
    expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.userId))).toEqual(
      [],
    );
  });

  it('refuses a wrong state, a missing pending cookie, a provider error and a missing email, without a session', async () => {
    accounts.set('forged', { email: uniqueEmail('oidc-forged'), email_verified: true });
    const { callback: path, pending } = await throughProvider('forged');
    const url = new URL(path, APP_URL);
    const forged = new URL(url);
    forged.searchParams.set('state', 'not-the-state-we-sent');

    const attempts = [
      await callback(`${forged.pathname}${forged.search}`, pending),
      await callback(path, ''),
      await callback(`${url.pathname}?error=access_denied&state=${url.searchParams.get('state')}`, pending),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?message=oidc-failed');
      expect(cookieOf(res, 'fw_sid')).toBeUndefined();
    }
    expect(
      await t.database.db
        .select()
        .from(users)
        .where(eq(users.email, accounts.get('forged')!.email!)),
    ).toEqual([]);
    // Only the tampering was refused: the genuine answer still signs in.
    expect((await callback(path, pending)).headers.location).toBe('/dashboard');

    // A provider that will not tell us the email address.
    accounts.set('no-email', { email_verified: true, given_name: 'Anon' });
    const noEmail = await throughProvider('no-email');
    expect((await callback(noEmail.callback, noEmail.pending)).headers.location).toBe('/login?message=oidc-failed');
    expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.subject, 'no-email'))).toEqual([]);
  });
});

describe('GET /api/login without a usable provider', () => {
  it('sends sign-up buttons to the registration page when no provider is configured', async () => {
    const plain = await buildApp({ config: testConfig(), database: t.database, logger: false });
    try {
      const res = await plain.inject({ method: 'GET', url: '/api/login' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/register');
    } finally {
      await plain.close();
    }
  });

  it('refuses a plain-http provider that is not on this machine', async () => {
    const remote = await buildApp({
      config: testConfig({ OIDC_ISSUER_URL: 'http://id.example.test', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' }),
      database: t.database,
      logger: false,
    });
    try {
      const res = await remote.inject({ method: 'GET', url: '/api/login' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?message=oidc-failed');
    } finally {
      await remote.close();
    }
    expect(
      ['http://127.0.0.1:8080', 'http://localhost', 'http://[::1]:9000'].map((u) => allowsPlainHttp(new URL(u))),
    ).toEqual([true, true, true]);
    expect(
      ['http://127.0.0.2', 'http://id.example.test', 'https://localhost', 'http://localhost.example.com'].map((u) =>
        allowsPlainHttp(new URL(u)),
      ),
    ).toEqual([false, false, false, false]);
  });

  it('names a new person from the email when the provider sends no names', () => {
    expect(namesFrom({ email: 'sam.lee@example.com' })).toEqual({ firstName: 'sam.lee', lastName: '' });
    expect(namesFrom({ email: 'x@example.com', name: 'Ana María López' })).toEqual({
      firstName: 'Ana',
      lastName: 'María López',
    });
    expect(namesFrom({ email: 'x@example.com', given_name: 'Jo', family_name: 'Park', name: 'Ignored' })).toEqual({
      firstName: 'Jo',
      lastName: 'Park',
    });
  });
});
