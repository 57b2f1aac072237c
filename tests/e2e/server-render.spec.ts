import { mkdir, readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SERVER_STATE_ID } from '#shared/server-render.ts';
import { SIGNED_IN_ROUTES, SIGNED_IN_SHELL_QUERIES } from '#shared/signed-in-routes.ts';
import { demoAccount, register, signIn, signInDemoByApi, signUpByApi } from './flows.ts';
import { apiGets, browserAvailable, NO_WORKER, recordLayoutShifts, SCREENSHOTS, useAppInBrowser } from './harness.ts';

// Signed-in pages marked `serverRendered` come with their first screen in the HTML (entry-server.tsx,
// server/plugins/server-render.ts): each paints before any script runs, the browser hydrates it
// without drawing it again or asking for its answers again, and it is the signed-in visitor's own
// business only (checked in depth on /leads, then on every rendered page of the demo business).

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

/**
 * From now on `page` gets the scripts that boot the app (the built index.html's entry and its
 * static imports) at once and holds every other chunk (the shell's, the page's), as a slow phone
 * network would: a server-rendered page is on screen but not alive until the returned function
 * lets them through. Module scripts run before DOMContentLoaded, so by then the entry is running.
 */
async function holdChunks(page: Page): Promise<() => void> {
  const template = await readFile('dist/client/index.html', 'utf8');
  const boot = new Set([...template.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  expect(boot.size, 'the entry and its imports in index.html').toBeGreaterThan(0);
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route('**/assets/*.js', async (route) => {
    if (!boot.has(new URL(route.request().url()).pathname)) await held;
    await route.continue();
  });
  return letThrough;
}

/** React has taken the page over (PageReady marks <html data-app-ready>). */
const isAlive = (page: Page) => page.evaluate(() => 'appReady' in document.documentElement.dataset);

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
    // The page's chunks are listed inert, for the entry to start once the page is painted; the
    // only live script tags are the entry's own few hundred bytes.
    const chunks = /<template id="app-modules">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(chunks).toMatch(/^(<link rel="modulepreload" crossorigin href="\/assets\/[\w-]+\.js">){3,}$/);
    expect(html.replace(chunks, '').match(/rel="modulepreload"/g)?.length ?? 0).toBeLessThanOrEqual(2);
    // It paints once its markup is all in, not half of it first (the phone's CSS order moved what
    // was painted when the rest came): the mark the link waits for comes after #root.
    expect(html).toContain('<link rel="expect" href="#after-root" blocking="render">');
    expect(html.indexOf('<noscript id="after-root">')).toBeGreaterThan(html.indexOf('<div id="root">'));

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
      const stylesheets: string[] = [];
      page.on('request', (r) => void (r.resourceType() === 'stylesheet' && stylesheets.push(r.url())));
      await page.goto('/leads');
      await page.getByRole('article', { name: 'Priya Natarajan' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(errors, 'no hydration mismatch or other error').toEqual([]);
      // The styles came inline, once: loading the chunks did not fetch and apply the sheet again.
      expect(stylesheets).toEqual([]);
      expect(await page.evaluate(() => document.styleSheets.length)).toBe(1);
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
    const letThrough = await holdChunks(page);
    await page.goto('/leads', { waitUntil: 'domcontentloaded' });
    await page.getByRole('article', { name: 'Priya Natarajan' }).waitFor();
    expect(await isAlive(page), 'not alive yet').toBe(false);
    await page.getByRole('button', { name: 'Add Lead' }).click();
    letThrough();
    await page.getByRole('dialog').getByLabel(/Name/).first().waitFor();
    expect(await isAlive(page)).toBe(true);
    await context.close();
  });

  it('renders every server-rendered page of the demo business: in the HTML, without scripts, and hydrated without asking again', async () => {
    // The demo business has sample data in every area. The device is a phone in Auckland set to
    // British English while the server writes in UTC and en-US: a time or date in the device's
    // format belongs after hydration (DeviceTime), or React finds the page differs, draws it again
    // and logs a "Hydration mismatch".
    await mkdir(SCREENSHOTS, { recursive: true });
    const signedIn = await ctx.newPage(1280);
    await signIn(signedIn, await demoAccount(ctx.server.dataDir));
    const context = await ctx.browser.newContext({
      ...NO_WORKER,
      storageState: await signedIn.context().storageState(),
      viewport: { width: 375, height: 900 },
      baseURL: ctx.server.url,
      timezoneId: 'Pacific/Auckland',
      locale: 'en-GB',
    });
    await signedIn.close();
    const rendered = SIGNED_IN_ROUTES.filter((route) => 'serverRendered' in route && route.serverRendered);
    expect(rendered.map((route) => route.path)).toContain('/leads');

    for (const route of rendered) {
      const name = route.path.replace(/\//g, '-');
      // Scripts off (as the context's option does it, for this page only): what the HTML alone shows.
      const still = await context.newPage();
      await (await context.newCDPSession(still)).send('Emulation.setScriptExecutionDisabled', { value: true });
      const html = (await (await still.goto(route.path))?.text()) ?? '';
      const root = html
        .split('<div id="root">')[1]
        ?.split(`</div><script type="application/json" id="${SERVER_STATE_ID}">`);
      expect(root?.length, `${route.path}: #root comes filled, the answers beside it`).toBe(2);
      expect(root?.[0], `${route.path}'s heading is in #root`).toContain(`>${route.title}</h1>`);
      // The first queries the HTML still starts are the ones the render did not use: the page's own
      // must all have been used (the shell's hints may wait for the browser).
      const startedByHtml = await still.evaluate(() =>
        [...document.querySelectorAll('link[rel=preload][as=fetch]')].map((link) => link.getAttribute('href') ?? ''),
      );
      const firstQueries: readonly string[] = 'firstQueries' in route ? route.firstQueries : [];
      expect(
        firstQueries.filter((url) => startedByHtml.includes(url)),
        `${route.path}: every first query answered in the HTML`,
      ).toEqual([]);
      expect(await still.getByRole('heading', { name: route.title, level: 1 }).isVisible()).toBe(true);
      // The first screen, not a page waiting for its data (its spinners say "Loading …" to readers).
      const loading = await still
        .locator('main [role=status]')
        .evaluateAll((found) =>
          found
            .map((el) => el.getAttribute('aria-label') ?? el.textContent ?? '')
            .filter((t) => /^Loading/.test(t.trim())),
        );
      expect(loading, `${route.path} without scripts: nothing left loading`).toEqual([]);
      await still.screenshot({ path: `${SCREENSHOTS}/server-render${name}-no-script-375.png` });
      await still.close();

      // Scripts on: hydrated without a mismatch or any other error, and without asking for an
      // answer the HTML carried, on a phone and on a wide screen.
      const answered = [...SIGNED_IN_SHELL_QUERIES, ...firstQueries].filter((url) => !startedByHtml.includes(url));
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
      page.on('pageerror', (err) => errors.push(err.message));
      const gets = apiGets(page);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        gets.length = 0;
        await (width === 375 ? page.goto(route.path) : page.reload());
        await page.waitForFunction(() => 'appReady' in document.documentElement.dataset);
        // A request made after the page came alive: by the time the browser reports it, it has
        // reported any the hydrated page made on mounting (the inbox's live stream never lets the
        // network go idle).
        await Promise.all([
          page.waitForRequest((request) => request.url().endsWith('/api/auth/user?after-hydration')),
          page.evaluate(() => void fetch('/api/auth/user?after-hydration')),
        ]);
        expect(errors, `${route.path} at ${width} px: no hydration mismatch or other error`).toEqual([]);
        expect(
          gets.filter((url) => answered.includes(url)),
          `${route.path} at ${width} px: its answers came with the HTML (GETs: ${gets.join(', ')})`,
        ).toEqual([]);
        await page.screenshot({ path: `${SCREENSHOTS}/server-render${name}-${width}.png` });
      }
      await page.close();
    }

    // A click on a page other than /leads before it is alive is kept too (the held chunks, then the
    // dialog the click asked for).
    const reviews = rendered.find((route) => route.path === '/reviews');
    expect(reviews, '/reviews is server-rendered').toBeDefined();
    const early = await context.newPage();
    const letThrough = await holdChunks(early);
    await early.goto('/reviews', { waitUntil: 'domcontentloaded' });
    const templates = early.getByRole('button', { name: 'Reply templates' });
    await templates.waitFor();
    expect(await isAlive(early), 'not alive yet').toBe(false);
    await templates.click();
    letThrough();
    await early.getByRole('dialog', { name: 'Reply templates' }).waitFor();
    await context.close();
  }, 150_000); // every rendered route, three loads each: longer than one flow

  it('keeps the rows it drew in place when the list takes over, and a long scroll shows every lead once, in order, without a shift', async () => {
    const page = await ctx.newPage(375);
    const shifted = await recordLayoutShifts(page);
    await signInDemoByApi(page, ctx.server.url, ctx.server.dataDir);
    const expected: string[] = [];
    for (let cursor: string | null = ''; cursor !== null;) {
      const res = await page.request.get(`/api/leads?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      const body = (await res.json()) as { leads: { name: string }[]; nextCursor: string | null };
      expected.push(...body.leads.map((l) => l.name));
      cursor = body.nextCursor;
    }
    expect(expected.length, 'the demo has more leads than two first pages').toBeGreaterThan(40);

    await page.goto('/leads');
    const rows = page.getByRole('list', { name: 'Leads' }).getByRole('article');
    const seen: string[] = [];
    for (let step = 0; step < 200; step++) {
      // The rows in the document, and the names of those on screen, in order.
      const shown = await rows.evaluateAll(
        (articles) =>
          articles.map((a) => ({
            name: a.querySelector('h3')?.textContent ?? '',
            ...a.getBoundingClientRect().toJSON(),
          })) as { name: string; top: number; bottom: number }[],
      );
      expect(shown.length, 'only the rows near the screen are built').toBeLessThanOrEqual(10);
      for (const [i, row] of shown.entries())
        if (i > 0) expect(row.top, 'rows do not overlap').toBeGreaterThan(shown[i - 1]!.bottom);
      for (const row of shown) if (row.bottom > 0 && row.top < 900 && !seen.includes(row.name)) seen.push(row.name);
      const atEnd = await page.evaluate(
        () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      );
      if (atEnd && (await page.getByText(`Showing ${expected.length} leads`, { exact: true }).isVisible())) break;
      await page.mouse.wheel(0, 500);
      await page.waitForTimeout(50);
    }
    expect(seen).toEqual(expected);
    expect(await shifted(), 'no layout shift').toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/leads-scrolled-to-end-375.png` });
    expect(page.errors).toEqual([]);
  }, 120_000);

  it('draws the item a sub-page names, a report and an inbox thread, not their loading state, and hydrates without asking again', async () => {
    const page = await ctx.newPage(375);
    await signInDemoByApi(page, ctx.server.url, ctx.server.dataDir);
    const [report] = (await (await page.request.get('/api/analytics/reports')).json()) as { id: string }[];
    const threads = (await (await page.request.get('/api/conversations?status=open')).json()) as {
      items: { id: string; name: string }[];
    };
    const thread = threads.items[0];
    expect(report && thread, 'the demo has a report and an open thread').toBeTruthy();
    const thenMessage = (
      (await (await page.request.get(`/api/conversations/${thread!.id}`)).json()) as { messages: { body: string }[] }
    ).messages.at(-1)?.body;

    for (const [address, query, shown, loading] of [
      [`/reports/${report!.id}`, `/api/analytics/reports/${report!.id}`, 'Back to Reports', 'Download PDF|>CSV<'],
      [`/inbox/${thread!.id}`, `/api/conversations/${thread!.id}`, thenMessage ?? '', 'Loading the conversation'],
    ] as const) {
      const { html } = await documentOf(page, address);
      const root =
        html.split('<div id="root">')[1]?.split(`<script type="application/json" id="${SERVER_STATE_ID}">`)[0] ?? '';
      const text = root
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      expect(text, `${address}: the item in the HTML`).toContain(shown);
      if (address.startsWith('/reports')) expect(root, `${address}: its downloads`).toMatch(new RegExp(loading));
      else expect(root, `${address}: not loading`).not.toContain(loading);

      const gets = apiGets(page);
      await page.goto(address);
      await Promise.all([
        page.waitForRequest((request) => request.url().endsWith('/api/auth/user?after-hydration')),
        page.evaluate(() => void fetch('/api/auth/user?after-hydration')),
      ]);
      expect(gets, `${address}: its item came with the HTML`).not.toContain(query);
    }
    expect(page.errors).toEqual([]);
  });
});
