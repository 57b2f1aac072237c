import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { sessionCookieName } from '#server/plugins/auth.ts';

// Routes that exist only in this file, to drive the error handler through real requests.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/probe/echo',
    { schema: { body: z.object({ name: z.string().min(1, 'Name is required') }) } },
    async (req) => ({
      name: req.body.name,
    }),
  );
  app.get('/probe/boom', async () => {
    throw new Error('database password is hunter2 at /srv/secret.ts:12');
  });
  app.get('/probe/missing', async () => {
    throw new AppError('not_found', 'Lead was not found.');
  });
  app.get('/probe/list', async () => ({
    leads: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Lead ${i}`, service: 'Furnace repair' })),
  }));
  // An event stream well over the compression threshold, sent as a stream.
  app.get('/probe/events', async (_req, reply) =>
    reply.type('text/event-stream; charset=utf-8').send(Readable.from([`data: ${'x'.repeat(4000)}\n\n`])),
  );
};

let app: App;
let database: TestDatabase;
let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'fw-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><head><title>Fieldwise</title></head><div id="root"></div>',
  );
  // The shape of Vite's build manifest: the entry, the shell, the leads page and a shared chunk.
  await mkdir(path.join(clientDir, '.vite'));
  await writeFile(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/entry.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_query.js': { file: 'assets/query.js', imports: ['_react.js'] },
      'app/signed-in/signed-in-app.tsx': { file: 'assets/shell.js', imports: ['_query.js', 'index.html'] },
      'features/leads/leads-page.tsx': { file: 'assets/leads.js', imports: ['_query.js', '_list.js'] },
      '_list.js': { file: 'assets/list.js' },
    }),
  );
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false, clientDir });
  await app.register(probeRoutes, { prefix: '/api' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe('errors', () => {
  it('an unknown /api path is a JSON 404 that names it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/x' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'There is no API route GET /api/x.', code: 'not_found' });
  });

  it('malformed JSON to a POST is a 400 with a readable message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ann",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'invalid_json' });
  });

  it('malformed JSON to any POST, even an unknown route, is a 400 and never a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_json');
  });

  it('a body of the wrong type is a 415, and a failed validation a 400 naming the field', async () => {
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe('Send the request body as JSON.');

    const invalid = await app.inject({ method: 'POST', url: '/api/probe/echo', payload: { name: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      message: 'Name is required',
      code: 'validation',
      fields: { name: 'Name is required' },
    });
    // zod's own wording does not say which field it means, so the answer adds it.
    const missing = await app.inject({ method: 'POST', url: '/api/probe/echo', payload: {} });
    expect(missing.json().message).toMatch(/^name: Invalid input/);
  });

  it('an AppError keeps its status and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/probe/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Lead was not found.', code: 'not_found' });
  });

  it('an error thrown in a route is a 500 with the request id and nothing internal', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/probe/boom',
      headers: { 'x-request-id': 'req-test-0001' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 'internal', requestId: 'req-test-0001' });
    expect(body.message).toContain('req-test-0001');
    expect(res.body).not.toMatch(/hunter2|secret\.ts|at \//);
    expect(res.headers['x-request-id']).toBe('req-test-0001');
  });

  it('a malformed request id from the caller is replaced by our own', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\u0000' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the web client', () => {
  it('any other path gets index.html so the client router decides', async () => {
    for (const url of ['/', '/leads', '/some/unknown/page?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 304 when the browser already has the current index.html', async () => {
    const first = await app.inject({ method: 'GET', url: '/reviews' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ method: 'GET', url: '/leads', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a signed-in visit starts the page’s data and chunks with the HTML; a visitor gets the shared page', async () => {
    const cookie = `${sessionCookieName(testConfig())}=any-token`;
    const signedIn = await app.inject({ method: 'GET', url: '/leads/42?x=1', headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    const head = /<head>(.*)<\/head>/s.exec(signedIn.body)?.[1] ?? '';
    const fetches = [...head.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)];
    expect(fetches.map((m) => m[1])).toEqual([
      '/api/auth/user',
      '/api/branding',
      '/api/connections',
      '/api/conversations/unread',
      '/api/leads?limit=20',
      '/api/leads/summary',
      '/api/leads/analytics/scores',
    ]);
    const chunks = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    // The shell, the page and what they import; the entry's own files are already in index.html.
    expect(chunks.sort()).toEqual(['/assets/leads.js', '/assets/list.js', '/assets/query.js', '/assets/shell.js']);
    expect(signedIn.headers.etag).toBeUndefined();

    const visitor = await app.inject({ method: 'GET', url: '/leads' });
    expect(visitor.body).not.toContain('preload');
    expect(visitor.headers.etag).toBeDefined();
    const publicPage = await app.inject({ method: 'GET', url: '/pricing', headers: { cookie } });
    expect(publicPage.body).not.toContain('preload');
    // A route whose page the build does not have starts nothing rather than a broken file.
    const other = await app.inject({ method: 'GET', url: '/reviews', headers: { cookie } });
    expect(other.body).not.toContain('preload');
  });

  it('does not serve the build manifest', async () => {
    const res = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.body).not.toContain('leads-page');
  });

  it('a missing hashed asset is a plain 404, not the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-1234.js' });
    expect(res.statusCode).toBe(404);
  });

  it('every response carries a strict Content-Security-Policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('compression', () => {
  it('a JSON answer over 1 KB comes compressed as the caller accepts; a small one and an event stream do not', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/probe/list' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await app.inject({ method: 'GET', url: '/api/probe/list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await app.inject({ method: 'GET', url: '/api/probe/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.rawPayload.length).toBeLessThanOrEqual(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const events = await app.inject({ method: 'GET', url: '/api/probe/events', headers: { 'accept-encoding': 'br' } });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toBe(`data: ${'x'.repeat(4000)}\n\n`);
  });
});
