// JavaScript size budget: what a visitor's browser actually downloads to show a page — the
// entry chunk, its static imports (module preloads) and the lazy route chunks — measured in
// Chromium and summed as gzip (zlib default level) of each script body. (What actually goes
// over the wire is the build's brotli file, smaller still.)
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { browserAvailable, useAppInBrowser } from './harness.ts';

/** Budget in bytes (170 KB) for the pages a phone on a weak connection opens first. */
const BUDGET = 170 * 1024;
const BUDGETED = new Set(['/', '/login']);
const ROUTES = ['/', '/features', '/pricing', '/about', '/demo', '/login'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe.runIf(browserAvailable())('JavaScript size budget', () => {
  const ctx = useAppInBrowser();

  it.each(ROUTES)('%s', async (path) => {
    const page = await ctx.newPage(375);
    const bodies = new Map<string, Promise<Buffer>>();
    const encodings = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      const type = response.headers()['content-type'] ?? '';
      if (url.origin !== new URL(ctx.server.url).origin) return;
      if (!/javascript/.test(type) && !url.pathname.endsWith('.js')) return;
      if (bodies.has(url.pathname)) return;
      bodies.set(url.pathname, response.body());
      // Scripts over 1 KB come pre-compressed (brotli for Chromium); tiny ones are not worth it.
      if (Number(response.headers()['content-length'] ?? 2000) > 1024 || response.headers()['content-encoding']) {
        encodings.add(response.headers()['content-encoding'] ?? 'none');
      }
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');

    let raw = 0;
    let gzip = 0;
    let developmentBuild = false;
    for (const body of await Promise.all(bodies.values())) {
      raw += body.length;
      gzip += gzipSync(body).length;
      if (body.includes('jsxDEV')) developmentBuild = true;
    }
    console.log(
      `JS for ${path.padEnd(10)} ${String(bodies.size).padStart(2)} files  ${kb(raw).padStart(9)} raw  ${kb(gzip).padStart(8)} gzip`,
    );
    expect(bodies.size, 'at least the entry chunk was fetched').toBeGreaterThan(0);
    expect([...encodings], 'every sizeable script is sent brotli-compressed').toEqual(['br']);
    // Measuring React's development build would be meaningless (it is ~60% bigger), and serving
    // it would be a bug: `vite build` must run with NODE_ENV=production.
    expect(
      developmentBuild,
      'the served client is a React development build (NODE_ENV was not production when it was built)',
    ).toBe(false);
    if (BUDGETED.has(path))
      expect(
        gzip,
        `${path} downloads ${kb(gzip)} of gzipped JavaScript; the budget is ${kb(BUDGET)}`,
      ).toBeLessThanOrEqual(BUDGET);
    await page.close();
  });
});
