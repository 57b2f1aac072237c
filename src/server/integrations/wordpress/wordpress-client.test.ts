import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeWordpress, type FakeWordpress, type FakeWordpressOptions } from '#tests/fakes/wordpress-server.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import { testWordpressConnection, WORDPRESS_MESSAGES } from './wordpress-client.ts';

// The fake listens on 127.0.0.1, which the guard opens for these tests only.
const outbound = createOutbound({ allow: ['127.0.0.1'] });
let fake: FakeWordpress | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function check(
  options: FakeWordpressOptions,
  creds: Partial<{ username: string; appPassword: string; path: string }> = {},
) {
  fake = await startFakeWordpress(options);
  return testWordpressConnection(outbound, {
    siteUrl: `${fake.url}${creds.path ?? ''}`,
    username: creds.username ?? fake.options.username,
    appPassword: creds.appPassword ?? fake.options.appPassword,
  });
}

describe('WordPress connection test', () => {
  it('connects with the application password, spaces or not, and sends it as Basic auth', async () => {
    expect(await check({})).toEqual({ ok: true, message: 'Connected as Riley Owner' });
    expect(fake?.authorizations[0]).toBe(
      `Basic ${Buffer.from('owner:abcd EFGH ijkl MNOP qrst UVWX').toString('base64')}`,
    );
    expect(await check({}, { appPassword: 'abcdEFGHijklMNOPqrstUVWX', path: '/' })).toEqual({
      ok: true,
      message: 'Connected as Riley Owner',
    });
  });

  it('says so when the password or the username is wrong (with the https hint on an http site)', async () => {
    const wrong = { ok: false, message: WORDPRESS_MESSAGES.wrongCredentials + WORDPRESS_MESSAGES.httpHint };
    expect(await check({}, { appPassword: 'wrong wrong wrong wrong' })).toEqual(wrong);
    expect(await check({}, { username: 'nobody' })).toEqual(wrong);
  });

  it('falls back to ?rest_route= when pretty permalinks are off', async () => {
    expect(await check({ mode: 'plain-permalinks' })).toEqual({ ok: true, message: 'Connected as Riley Owner' });
  });

  it('warns when the user can only save drafts', async () => {
    expect(await check({ canPublish: false })).toEqual({
      ok: true,
      message: WORDPRESS_MESSAGES.draftsOnly('Riley Owner'),
    });
  });

  it('tells a disabled or removed REST API from a site that is not WordPress', async () => {
    expect(await check({ mode: 'rest-disabled' })).toEqual({ ok: false, message: WORDPRESS_MESSAGES.restDisabled });
    expect(await check({ mode: 'rest-removed' })).toEqual({ ok: false, message: WORDPRESS_MESSAGES.restDisabled });
    expect(await check({ mode: 'not-wordpress' })).toEqual({ ok: false, message: WORDPRESS_MESSAGES.notWordpress });
  });

  it('reports an unreachable site and a refused address in words', async () => {
    fake = await startFakeWordpress();
    const port = fake.port;
    await fake.close();
    fake = undefined;
    const down = await testWordpressConnection(outbound, {
      siteUrl: `http://127.0.0.1:${port}`,
      username: 'owner',
      appPassword: 'x',
    });
    expect(down).toEqual({
      ok: false,
      message: `Site not reachable: Nothing answered at 127.0.0.1:${port} (connection refused).`,
    });
    const guarded = await testWordpressConnection(createOutbound(), {
      siteUrl: 'http://169.254.169.254',
      username: 'owner',
      appPassword: 'x',
    });
    expect(guarded).toEqual({
      ok: false,
      message: 'This address is not allowed: 169.254.169.254 is a link-local address (used for cloud metadata).',
    });
  });

  it('never sends the password to another port the site redirects to, and says where the site went', async () => {
    // Security review, third round: credentials followed a redirect to another port on the same host.
    fake = await startFakeWordpress();
    const wordpress = fake.url;
    const mover = http.createServer((req, res) => res.writeHead(301, { location: `${wordpress}${req.url}` }).end());
    await new Promise<void>((done) => mover.listen(0, '127.0.0.1', done));
    try {
      const saved = `http://127.0.0.1:${(mover.address() as AddressInfo).port}`;
      const result = await testWordpressConnection(outbound, {
        siteUrl: saved,
        username: fake.options.username,
        appPassword: fake.options.appPassword,
      });
      expect(fake.authorizations.length).toBeGreaterThan(0);
      expect(fake.authorizations.every((a) => a === null)).toBe(true);
      expect(result).toEqual({ ok: false, message: WORDPRESS_MESSAGES.movedTo(new URL(wordpress).origin) });
    } finally {
      mover.closeAllConnections();
      mover.close();
    }
  });
});
