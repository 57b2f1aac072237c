import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_ROUTES } from '#shared/signed-in-routes.ts';
import { register, signIn, signUpByApi } from './flows.ts';
import { apiGets, browserAvailable, NO_WORKER, SCREENSHOTS, useAppInBrowser } from './harness.ts';

// /leads comes with its first screen in the HTML (entry-server.tsx, server/plugins/server-render.ts):
// it paints before any script runs, the browser hydrates it without drawing it again or asking
// for its answers again, and it is the signed-in visitor's own business only.

/** A name that would break out of the state's <script>, or be read as a replacement pattern. */
const TRICKY_NAME = `</script><img src=x onerror="window.__hacked=1"> $& $' Bob`;

async function addLead(page: Page, name: string, service: string) {
  const res = await page.request.post('/api/leads', {
    data: { name, service, location: 'Dayton, OH', phone: '(937) 555-0142', priority: 'high' },
  });
  expect(res.status()).toBe(201);
}

async function documentOf(page: Page, path: string) {
  const res = await page.request.get(path, { headers: { 'accept-encoding': 'br' } });
  return { res, html: await res.text() };
}

describe.runIf(browserAvailable())('server-rendered pages', () => {
  const ctx = useAppInBrowser();

  it('paints the first leads before any script, hydrates them without asking again, and shows only the own business', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const owner = await ctx.newPage(1280);
    await register(owner, {
      firstName: 'Rae',
      lastName: 'Server',
      email: 'rae@server-render.example',
      password: 'Hydrate-Rows-2026!',
    });
    await addLead(owner, 'Priya Natarajan', 'Boiler making banging noises');
    await addLead(owner, TRICKY_NAME, 'Heat pump defrost cycle stuck');

    // The HTML itself: the rows, the answers beside them, compressed, never kept by a shared cache.
    const { res, html } = await documentOf(owner, '/leads');
    expect(res.headers()['content-encoding']).toBe('br');
    expect(res.headers()['cache-control']).toBe('private, no-cache');
    expect(html).toContain('Priya Natarajan');
    expect(html).toContain('Boiler making banging noises');
    // The tricky name is text in the markup and escaped JSON in the state, never markup.
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;img src=x onerror=');
    expect(html).toContain('\\u003c/script>\\u003cimg src=x');
    expect(html).toContain(`$&amp; $&#x27; Bob`);
    // The first queries it answers are not started again by the HTML; the one it does not (the
    // hints' connections) still is.
    expect(html).not.toContain('href="/api/leads?limit=20"');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/connections">');

    // Without scripts the page is already there: rows, cards and the navigation.
    const noScript = await ctx.browser.newContext({
      ...NO_WORKER,
      storageState: await owner.context().storageState(),
      javaScriptEnabled: false,
      viewport: { width: 375, height: 900 },
    });
    const still = await noScript.newPage();
    await still.goto(new URL('/leads', ctx.server.url).href);
    await still.getByRole('article', { name: 'Priya Natarajan' }).waitFor();
    expect(await still.getByRole('article', { name: TRICKY_NAME }).count()).toBe(1);
    expect(await still.getByRole('heading', { name: 'Leads', level: 1 }).isVisible()).toBe(true);
    await still.screenshot({ path: `${SCREENSHOTS}/server-render-leads-no-script-375.png` });
    await noScript.close();

    // With scripts: hydrated in place. No mismatch, no second request for the answers it came
    // with, the injected image never ran, and the page answers the owner at once.
    const session = await owner.context().storageState();
    for (const width of [1280, 375]) {
      const context = await ctx.browser.newContext({
        ...NO_WORKER,
        storageState: session,
        viewport: { width, height: 900 },
        baseURL: ctx.server.url,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
      page.on('pageerror', (err) => errors.push(err.message));
      const gets = apiGets(page);
      await page.goto('/leads');
      await page.getByRole('article', { name: 'Priya Natarajan' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(errors, 'no hydration mismatch or other error').toEqual([]);
      expect(
        gets.filter((g) => g.startsWith('/api/leads')),
        `answers came with the HTML (GETs: ${gets})`,
      ).toEqual([]);
      expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
      await page.screenshot({ path: `${SCREENSHOTS}/server-render-leads-${width}.png` });

      // Alive: the search filters on the server, and a row's action opens its dialog.
      await page.getByRole('searchbox').fill('Priya');
      await page.getByRole('article', { name: TRICKY_NAME }).waitFor({ state: 'detached' });
      expect(gets.some((g) => g.startsWith('/api/leads?q=Priya'))).toBe(true);
      await page.getByRole('article', { name: 'Priya Natarajan' }).getByRole('button', { name: 'Convert' }).click();
      await page.getByRole('dialog').waitFor();
      await context.close();
    }

    // Another business's owner gets their own (empty) list in the HTML, nothing of Rae's.
    const other = await ctx.newPage(1280);
    await register(other, {
      firstName: 'Sam',
      lastName: 'Other',
      email: 'sam@other-render.example',
      password: 'Hydrate-Rows-2026!',
    });
    const theirs = await documentOf(other, '/leads');
    expect(theirs.html).toContain('No leads found');
    expect(theirs.html).not.toContain('Priya');
    expect(theirs.html).not.toContain('Boiler making');

    // A session cookie that is no session gets the page unrendered (the browser sends them to sign in).
    const visitor = await ctx.browser.newContext(NO_WORKER);
    await visitor.addCookies([{ name: 'fw_sid', value: 'not-a-session', url: ctx.server.url }]);
    const anonymous = await visitor.request.get(new URL('/leads', ctx.server.url).href);
    expect(await anonymous.text()).toContain('<div id="root"></div>');
    await visitor.close();
  });

  it('keeps a click made on the markup before the page is alive, and answers it once alive', async () => {
    const owner = await ctx.newPage(1280);
    await signUpByApi(owner, ctx.server.url, {
      firstName: 'Eli',
      lastName: 'Early',
      email: 'eli@early-click.example',
      password: 'Hydrate-Rows-2026!',
    });
    await addLead(owner, 'Priya Natarajan', 'Boiler making banging noises');
    const context = await ctx.browser.newContext({
      ...NO_WORKER,
      storageState: await owner.context().storageState(),
      viewport: { width: 375, height: 900 },
      baseURL: ctx.server.url,
    });
    const page = await context.newPage();
    // The scripts that boot the app (the built index.html's entry and its static imports) come at
    // once; every other chunk (the shell's, the page's) is held, as on a slow phone network, so
    // the page is on screen but not yet alive until the test lets them through.
    const template = await readFile('dist/client/index.html', 'utf8');
    const boot = new Set([...template.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
    expect(boot.size, 'the entry and its imports in index.html').toBeGreaterThan(0);
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route('**/assets/*.js', async (route) => {
      if (!boot.has(new URL(route.request().url()).pathname)) await held;
      await route.continue();
    });
    // Module scripts run before DOMContentLoaded: the entry is running, the chunks are not here.
    await page.goto('/leads', { waitUntil: 'domcontentloaded' });
    await page.getByRole('article', { name: 'Priya Natarajan' }).waitFor();
    expect(await page.evaluate(() => 'appReady' in document.documentElement.dataset), 'not alive yet').toBe(false);
    await page.getByRole('button', { name: 'Add Lead' }).click();
    letThrough();
    await page.getByRole('dialog').getByLabel(/Name/).first().waitFor();
    expect(await page.evaluate(() => 'appReady' in document.documentElement.dataset)).toBe(true);
    await context.close();
  });

  it('hydrates every server-rendered page without a mismatch on a device in another zone and language', async () => {
    // The server writes in its own zone (UTC) and language; a phone in Auckland set to British
    // English must still hydrate each page as written. A mismatch makes React draw the page again
    // (and logs it); a time or date in the device's format belongs after hydration (DeviceTime).
    const login = await readFile(path.join(ctx.server.dataDir, 'demo-login.txt'), 'utf8');
    const password = /password: (\S+)/.exec(login)?.[1] ?? '';
    const signedIn = await ctx.newPage(1280);
    await signIn(signedIn, { email: 'demo@fieldwise.local', password });
    const session = await signedIn.context().storageState();
    const rendered = SIGNED_IN_ROUTES.filter((route) => 'serverRendered' in route && route.serverRendered);
    expect(rendered.map((route) => route.path)).toContain('/leads');
    for (const width of [375, 1280]) {
      const context = await ctx.browser.newContext({
        ...NO_WORKER,
        storageState: session,
        viewport: { width, height: 900 },
        baseURL: ctx.server.url,
        timezoneId: 'Pacific/Auckland',
        locale: 'en-GB',
      });
      for (const route of rendered) {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
        page.on('pageerror', (err) => errors.push(err.message));
        const response = await page.goto(route.path, { waitUntil: 'networkidle' });
        const html = (await response?.text()) ?? '';
        expect(html, `${route.path} came rendered`).toContain('id="fw-server-state"');
        expect(html, `${route.path}'s heading is in the HTML`).toContain(`>${route.title}</h1>`);
        await page.getByRole('heading', { name: route.title, level: 1 }).waitFor();
        expect(errors, `${route.path} at ${width} px: no hydration mismatch or other error`).toEqual([]);
        await page.screenshot({ path: `${SCREENSHOTS}/server-render${route.path.replace(/\//g, '-')}-${width}.png` });
        await page.close();
      }
      await context.close();
    }
  });
});
