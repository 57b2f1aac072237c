// The app as it runs in production (NODE_ENV=production), started the way every API test starts
// it: no development routes, and behind an https APP_URL the session cookie is `__Host-` and
// Secure and every answer carries HSTS; over plain http (a laptop, a private network) the cookie
// carries no Secure flag, which the browser would refuse to send back.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';

const cookiesOf = (res: LightMyRequestResponse) => Object.fromEntries(res.cookies.map((c) => [c.name, c]));

describe('production behind https (APP_URL=https://…)', () => {
  const t = useTestApp({ config: { NODE_ENV: 'production', APP_URL: 'https://app.example.com' } });

  it('serves no development route, not even to a signed-in admin, and the API description lists none', async () => {
    const owner = await signUp(t.app);
    for (const url of ['/api/dev/status', '/api/dev/anything']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/dev'))).toEqual([]);
  });

  it('signs in with a __Host- session cookie that is Secure, HttpOnly and bound to the whole origin', async () => {
    const owner = await signUp(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookies = cookiesOf(login);
    expect(Object.keys(cookies).sort()).toEqual(['__Host-fw_dev', '__Host-fw_sid', 'fw_signed_in']);
    // __Host- demands Secure, Path=/ and no Domain, or the browser drops the cookie.
    expect(cookies['__Host-fw_sid']).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies['__Host-fw_sid']!.domain).toBeUndefined();
    expect(cookies.fw_signed_in).toMatchObject({ secure: true });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `__Host-fw_sid=${cookies['__Host-fw_sid']!.value}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    // The unprefixed name of a development server is not a session here.
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `fw_sid=${cookies['__Host-fw_sid']!.value}` },
    });
    expect(plain.statusCode).toBe(401);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: owner.cookie } });
    expect(cookiesOf(out)['__Host-fw_sid']).toMatchObject({ value: '', secure: true, path: '/' });
  });

  it('tells browsers to use https only (HSTS) on API answers and pages', async () => {
    for (const url of ['/api/health', '/api/auth/user', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

describe('production with the scheme written in capitals (APP_URL=HTTPS://…)', () => {
  const t = useTestApp({ config: { NODE_ENV: 'production', APP_URL: 'HTTPS://App.Example.com' } });

  it('is still https: a __Host- Secure cookie and HSTS', async () => {
    const owner = await signUp(t.app);
    expect(owner.cookie).toMatch(/^__Host-fw_sid=/);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(t.config.appUrl).toBe('https://app.example.com');
  });
});

describe('production over plain http (APP_URL=http://…)', () => {
  const t = useTestApp({ config: { NODE_ENV: 'production', APP_URL: 'http://fieldwise.internal:3000' } });

  it('sets the session cookie without Secure (http could not send it back) and sends no HSTS', async () => {
    const owner = await signUp(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    const cookies = cookiesOf(login);
    expect(Object.keys(cookies).sort()).toEqual(['fw_dev', 'fw_sid', 'fw_signed_in']);
    for (const cookie of Object.values(cookies)) expect(cookie.secure, cookie.name).toBeUndefined();
    expect(cookies.fw_sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(login.headers['strict-transport-security']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/status' })).statusCode).toBe(404);
  });
});
