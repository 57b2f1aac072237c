import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowList } from './ip-ranges.ts';
import { checkUrl, createOutbound, OutboundError, type Resolver } from './ssrf-guard.ts';

// No network in tests: names resolve through this table only.
const DNS: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'public.example': ['93.184.216.34'],
  'intranet.example': ['10.1.2.3'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '127.0.0.1'],
  'v6private.example': ['fd00::5'],
  'fake.test': ['127.0.0.1'],
  'other.test': ['127.0.0.1'],
};
const resolve: Resolver = async (host) => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};
const none = parseAllowList([]);

async function refusal(url: string, allow = none): Promise<string> {
  const err = await checkUrl(url, allow, resolve).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, url).toBeInstanceOf(OutboundError);
  expect((err as OutboundError).kind, url).toBe('refused');
  return (err as OutboundError).message;
}

describe('SSRF guard: addresses', () => {
  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0x7f.0.0.1/', 'loopback'],
    ['http://localhost:8080/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:a9fe:a9fe]/', 'link-local'],
    ['http://[::127.0.0.1]/', 'reserved'],
    ['http://10.0.0.1/', 'private'],
    ['http://172.16.5.4/', 'private'],
    ['http://172.31.255.255/', 'private'],
    ['http://192.168.1.1/', 'private'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://169.254.1.1/', 'link-local'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://0/', 'unspecified'],
    ['http://0.1.2.3/', 'unspecified'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://240.0.0.1/', 'reserved'],
    ['http://[fc00::1]/', 'private'],
    ['http://[fd12:3456::1]/', 'private'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[::]/', 'unspecified'],
    ['http://[ff02::1]/', 'multicast'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'reserved'],
    ['http://[2002:7f00:1::]/', 'reserved'],
  ])('refuses %s (%s)', async (url, words) => {
    expect(await refusal(url)).toMatch(new RegExp(`^This address is not allowed: .*${words}`));
  });

  it('refuses a name that resolves to a private, metadata or mixed set of addresses', async () => {
    expect(await refusal('https://intranet.example/wp')).toBe(
      'This address is not allowed: intranet.example resolves to 10.1.2.3, a private network address.',
    );
    expect(await refusal('http://metadata.example/')).toMatch(/169\.254\.169\.254, a link-local address/);
    expect(await refusal('http://mixed.example/')).toMatch(/resolves to 127\.0\.0\.1, a loopback/);
    expect(await refusal('http://v6private.example/')).toMatch(/fd00::5, a private network address/);
  });

  it('refuses other schemes, credentials in the address and things that are not addresses', async () => {
    expect(await refusal('ftp://public.example/')).toMatch(/only http:\/\/ and https:\/\//);
    expect(await refusal('file:///etc/passwd')).toMatch(/only http:\/\/ and https:\/\//);
    expect(await refusal('gopher://public.example:70/')).toMatch(/only http/);
    expect(await refusal('http://admin:pw@public.example/')).toMatch(/contains a user name or password/);
    expect(await refusal('not a url')).toMatch(/not a valid web address/);
  });

  it('lets a public address through and says which address to connect to', async () => {
    const target = await checkUrl('https://public.example/wp-json', none, resolve);
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
    await expect(checkUrl('https://unknown.example/', none, resolve)).rejects.toMatchObject({ kind: 'unreachable' });
  });

  it('OUTBOUND_ALLOW opens exactly the listed hosts and ranges', async () => {
    expect((await checkUrl('http://intranet.example/', parseAllowList(['intranet.example']), resolve)).address).toBe(
      '10.1.2.3',
    );
    expect((await checkUrl('http://intranet.example/', parseAllowList(['10.0.0.0/8']), resolve)).address).toBe(
      '10.1.2.3',
    );
    expect((await checkUrl('http://192.168.1.20/', parseAllowList(['192.168.1.0/24']), resolve)).address).toBe(
      '192.168.1.20',
    );
    expect((await checkUrl('http://[::ffff:192.168.1.20]/', parseAllowList(['192.168.1.0/24']), resolve)).address).toBe(
      '::ffff:c0a8:114',
    );
    await refusal('http://192.168.2.20/', parseAllowList(['192.168.1.0/24']));
    await refusal('http://127.0.0.2/', parseAllowList(['127.0.0.1']));
    await refusal('http://localhost/', parseAllowList(['intranet.example']));
  });
});

describe('SSRF guard: requests', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const to = url.searchParams.get('to');
      if (url.pathname === '/redirect' && to) {
        res.writeHead(302, { location: to.replace('PORT', String(port)) }).end();
      } else if (url.pathname === '/hops') {
        const n = Number(url.searchParams.get('n'));
        res.writeHead(307, { location: n > 1 ? `/hops?n=${n - 1}` : '/echo' }).end();
      } else if (url.pathname === '/echo') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ host: req.headers.host, authorization: req.headers.authorization ?? null }));
      } else if (url.pathname === '/big') {
        res.writeHead(200).end('x'.repeat(5000));
      } else if (url.pathname === '/slow') {
        setTimeout(() => res.end('late'), 2000).unref();
      } else res.writeHead(404).end('nope');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  // Only fake.test is allowed: the fake is reached by name, and 127.0.0.1 itself stays closed.
  const outbound = (extra: Parameters<typeof createOutbound>[0] = {}) =>
    createOutbound({ allow: ['fake.test', 'other.test'], resolve, ...extra });

  it('connects to the checked address (the name is unknown to the system resolver) and returns the body', async () => {
    const res = await outbound().fetch(`http://fake.test:${port}/echo`, { headers: { Authorization: 'Basic abc' } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ host: `fake.test:${port}`, authorization: 'Basic abc' });
  });

  it('re-checks every redirect: to loopback, a private network or the metadata address is refused', async () => {
    for (const to of [
      'http://127.0.0.1:PORT/echo',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]:PORT/echo',
      'http://intranet.example/',
      'http://[::1',
      'file:///etc/passwd',
    ]) {
      const err = await outbound()
        .fetch(`http://fake.test:${port}/redirect?to=${encodeURIComponent(to)}`)
        .catch((e: unknown) => e);
      expect(err, to).toBeInstanceOf(OutboundError);
      expect((err as OutboundError).message, to).toMatch(/^This address is not allowed: /);
    }
  });

  it('follows up to five redirects, refuses the sixth, and drops credentials when the host changes', async () => {
    expect((await outbound().fetch(`http://fake.test:${port}/hops?n=5`)).status).toBe(200);
    await expect(outbound().fetch(`http://fake.test:${port}/hops?n=6`)).rejects.toMatchObject({
      kind: 'too_many_redirects',
    });
    const hop = `http://other.test:${port}/echo`;
    const res = await outbound().fetch(`http://fake.test:${port}/redirect?to=${encodeURIComponent(hop)}`, {
      headers: { authorization: 'Basic secret' },
    });
    expect(res.json()).toEqual({ host: `other.test:${port}`, authorization: null });
    expect(res.url).toBe(hop);
  });

  it('keeps credentials only on the exact origin: a redirect to another port on the same host gets none', async () => {
    // Security review, third round: the host name was compared, the port was not.
    const seen: (string | null)[] = [];
    const second = http.createServer((req, res) => {
      seen.push(req.headers.authorization ?? null);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((done) => second.listen(0, '127.0.0.1', done));
    const secondPort = (second.address() as AddressInfo).port;
    try {
      const elsewhere = `http://fake.test:${secondPort}/echo`;
      const res = await outbound().fetch(`http://fake.test:${port}/redirect?to=${encodeURIComponent(elsewhere)}`, {
        headers: { Authorization: 'Basic secret' },
      });
      expect(res.status).toBe(200);
      expect(res.url).toBe(elsewhere);
      expect(seen).toEqual([null]);
      // ...and none on a way back to the saved origin either: once dropped, they stay dropped.
      const back = `http://fake.test:${port}/echo`;
      const twice = `http://fake.test:${port}/redirect?to=${encodeURIComponent(
        `http://other.test:${port}/redirect?to=${encodeURIComponent(back)}`,
      )}`;
      expect((await outbound().fetch(twice, { headers: { authorization: 'Basic secret' } })).json()).toEqual({
        host: `fake.test:${port}`,
        authorization: null,
      });
      // A redirect within the saved origin keeps them.
      const same = await outbound().fetch(`http://fake.test:${port}/hops?n=2`, {
        headers: { authorization: 'Basic secret' },
      });
      expect(same.json()).toEqual({ host: `fake.test:${port}`, authorization: 'Basic secret' });
    } finally {
      second.closeAllConnections();
      second.close();
    }
  });

  it('gives up on a slow site, an oversized answer and a closed port, in words', async () => {
    await expect(outbound({ timeoutMs: 200 }).fetch(`http://fake.test:${port}/slow`)).rejects.toMatchObject({
      kind: 'timeout',
    });
    await expect(outbound({ maxBytes: 1000 }).fetch(`http://fake.test:${port}/big`)).rejects.toMatchObject({
      kind: 'too_large',
    });
    const closed = http.createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    await expect(outbound().fetch(`http://fake.test:${closedPort}/`)).rejects.toMatchObject({
      kind: 'unreachable',
      message: `Nothing answered at fake.test:${closedPort} (connection refused).`,
    });
    await expect(outbound().fetch('http://nowhere.test/')).rejects.toMatchObject({
      kind: 'unreachable',
      message: 'Could not find nowhere.test (the name does not resolve).',
    });
  });

  it('answers in words, not a crash, when a header value holds a line break', async () => {
    await expect(
      outbound().fetch(`http://fake.test:${port}/echo`, { headers: { authorization: 'sso-key a\r\nX-Evil: 1' } }),
    ).rejects.toMatchObject({
      kind: 'invalid_request',
    });
  });

  it('refuses loopback by default, even for the fake', async () => {
    await expect(createOutbound({ resolve }).fetch(`http://127.0.0.1:${port}/echo`)).rejects.toMatchObject({
      kind: 'refused',
    });
    await expect(createOutbound({ resolve }).fetch(`http://localhost:${port}/echo`)).rejects.toMatchObject({
      kind: 'refused',
    });
  });
});
