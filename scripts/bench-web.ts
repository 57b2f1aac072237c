// `npm run bench:web` (not part of `npm test`): how fast the pages load on a phone. Builds the
// client when needed, seeds an embedded database with the demo business plus 10,000 extra leads,
// starts the production server (the same entry point as `npm start`), signs the demo in, and
// runs Lighthouse (mobile, simulated throttling) in Debian's Chromium on each page, RUNS times,
// printing the median. Then, in the same Chromium, the /leads list under the same throttling:
// time to the first rows and frame times while scrolling the long list. Prints; asserts nothing.
// Run it as `flock /tmp/client.lock npm run bench:web` on a shared machine; the figures are
// noisy when other work runs (hence the median). Only 127.0.0.1 is contacted.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { ensureClientBuilt } from './build-client.mjs';
import { startServer } from '#tests/e2e/server.ts';
import { openDatabase, queryRows } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { ensureDemoAccount } from '#server/modules/demo/demo-account.ts';
import { DEMO_TENANT_SLUG } from '#server/modules/auth/demo-business.ts';
import { FIRST_NAMES, LAST_NAMES } from '#server/modules/demo/demo-leads.ts';
import { SIGNED_IN_ROUTES } from '#shared/signed-in-routes.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const EXTRA_LEADS = Number(process.env.BENCH_LEADS ?? 10_000);
/**
 * Public pages load as a visitor; the signed-in ones, every tab of the top navigation plus the
 * pages reached by links, with the demo's session cookie.
 */
const ALL_PAGES = [
  ...['/', '/pricing', '/features', '/about', '/demo', '/login'].map((p) => ({ path: p, signedIn: false })),
  ...SIGNED_IN_ROUTES.filter((r) => r.path !== '/felix' && r.path !== '/app').map((r) => ({
    path: r.path,
    signedIn: true,
  })),
];
/** BENCH_PAGES=/leads,/dashboard measures only those (default: the issue's four and the public pages' first two). */
const PAGES = ALL_PAGES.filter(
  (p) =>
    (process.env.BENCH_PAGES ?? '/,/pricing,/login,/dashboard,/leads').split(',').includes(p.path) ||
    process.env.BENCH_PAGES === 'all',
);
/** The last report per page, for Lighthouse's diagnostics (open in the Lighthouse viewer). */
const REPORTS = '.tmp/lighthouse';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Lighthouse's mobile profile: slow 4G and a 4x slower CPU. */
const THROTTLE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Migrates a fresh data directory, creates the demo business and adds EXTRA_LEADS to it. */
async function seed(dataDir: string): Promise<{ email: string; password: string }> {
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    const demo = await ensureDemoAccount(database.db, dataDir);
    if (!demo.password) throw new Error('the demo account already existed');
    const [tenant] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from tenants where slug = ${DEMO_TENANT_SLUG}`,
    );
    const first = `(array[${FIRST_NAMES.map(quote).join(',')}])`;
    const last = `(array[${LAST_NAMES.map(quote).join(',')}])`;
    await database.db.execute(
      sql.raw(`insert into leads (tenant_id, name, email, phone, service, location, priority, status, lead_score,
        urgency_score, conversion_probability, predicted_value, score_factors, score_model, created_at, updated_at)
      select '${tenant?.id}', ${first}[1 + (g * 7) % ${FIRST_NAMES.length}] || ' ' || ${last}[1 + (g * 13) % ${LAST_NAMES.length}],
        'customer' || g || '@example.com', '(937) 555-' || lpad((g % 10000)::text, 4, '0'),
        (array['AC not cooling','Furnace tune-up','Water heater replacement','Duct cleaning'])[1 + g % 4],
        (array['Dayton, OH','Kettering, OH','Xenia, OH'])[1 + g % 3], (array['low','medium','high'])[1 + g % 3],
        (array['new','contacted','qualified','converted','lost'])[1 + g % 5], 20 + (g * 37) % 70, 20 + (g * 17) % 80,
        ((g * 29) % 10000) / 100.0, ((g * 53) % 900000) / 100.0,
        '[{"label":"Typical ticket $450","points":9},{"label":"Repair job","points":8}]'::jsonb, 'priors',
        now() - make_interval(days => 70, secs => g * 60), now() - make_interval(days => 70, secs => g * 60)
      from generate_series(1, ${EXTRA_LEADS}) g`),
    );
    return { email: demo.email, password: demo.password };
  } finally {
    await database.close();
  }
}

async function signIn(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface Figures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Scripts of our origin: count and bytes as sent (brotli). */
  jsFiles: number;
  jsBytes: number;
}

async function lighthouseRun(url: string, port: number, cookie: string | undefined): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  await mkdir(REPORTS, { recursive: true });
  const name = new URL(url).pathname.replace(/\//g, '_') || '_';
  await writeFile(`${REPORTS}/${name}.json`, JSON.stringify(result.lhr));
  const items = ((audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? []) as {
    url: string;
    resourceType?: string;
    transferSize?: number;
  }[];
  const origin = new URL(url).origin;
  const scripts = items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(origin));
  const a11yFailures = Object.values(audits).filter(
    (a) => a.score === 0 && categories.accessibility?.auditRefs.some((r) => r.id === a.id),
  );
  if (a11yFailures.length > 0)
    console.log(`  ${url}: accessibility failures: ${a11yFailures.map((a) => a.id).join(', ')}`);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsFiles: scripts.length,
    jsBytes: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
  };
}

/** How many throttled loads of /leads the first-rows figure is the median of. */
const LEADS_LOADS = Number(process.env.BENCH_LEADS_LOADS ?? 10);

/**
 * /leads on the throttled profile, LEADS_LOADS times with an empty browser cache: when the first
 * lead's name is painted (Element Timing, `elementtiming="lead-name"` in lead-row.tsx), the first
 * contentful paint and the document's first byte; then frame times over a long scroll.
 */
async function leadsScroll(baseUrl: string, cookie: string) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  try {
    const loads: { rowsPaintMs: number; firstPaintMs: number; ttfbMs: number; inHtml: boolean }[] = [];
    let page: Page | undefined;
    let cdp: CDPSession | undefined;
    for (let i = 0; i < LEADS_LOADS; i++) {
      await page?.context().close();
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, baseURL: baseUrl });
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name = '', value = ''] = pair.split('=');
          return { name, value, url: baseUrl };
        }),
      );
      await context.addInitScript(() => {
        const w = window as unknown as { leadPaint: Promise<number> };
        w.leadPaint = new Promise((resolve) =>
          new PerformanceObserver((list) => {
            const entry = list.getEntries()[0] as (PerformanceEntry & { renderTime: number }) | undefined;
            if (entry) resolve(entry.renderTime || entry.startTime);
          }).observe({ type: 'element', buffered: true }),
        );
      });
      page = await context.newPage();
      cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLE });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      // The server has served the page before (as it has after any first visit since a start).
      if (i === 0) for (let j = 0; j < 3; j++) await context.request.get('/leads');
      const documentResponse = page.waitForResponse((r) => new URL(r.url()).pathname === '/leads');
      await page.goto('/leads', { waitUntil: 'commit' });
      // Rows in the server's HTML (entry-server.tsx) are painted with the page's first paint.
      const inHtml = (await (await documentResponse).text()).includes('aria-label="Leads"');
      const rowsPaintMs = Math.round(
        await page.evaluate(() => (window as unknown as { leadPaint: Promise<number> }).leadPaint),
      );
      await page.waitForLoadState('load');
      loads.push({
        rowsPaintMs,
        inHtml,
        ...(await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          return { ttfbMs: Math.round(nav?.responseStart ?? NaN), firstPaintMs: Math.round(paint?.startTime ?? NaN) };
        })),
      });
    }
    if (!page || !cdp) throw new Error('BENCH_LEADS_LOADS must be at least 1');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.waitForLoadState('networkidle');
    // 120 wheel steps of 600 px with a frame between them; rAF deltas tell how smooth it was.
    const frames = await page.evaluate(async () => {
      const deltas: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 120; i++) {
        window.scrollBy(0, 600);
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        deltas.push(now - last);
        last = now;
      }
      return { deltas, rows: document.querySelectorAll('ul[aria-label="Leads"] > li').length, y: window.scrollY };
    });
    const loaded = await page.locator('p[aria-live="polite"]').first().textContent();
    return { loads, ...frames, loaded };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build') && ensureClientBuilt()) console.log('Built the client.');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-bench-web-'));
  console.log(`Seeding the demo business with ${EXTRA_LEADS.toLocaleString('en-US')} extra leads…`);
  const account = await seed(dataDir);
  const server = await startServer({ dataDir, env: { SEED_DEMO: 'true' } });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const cookie = await signIn(server.url, account);
    const rows: string[] = [];
    for (const { path: pagePath, signedIn } of PAGES) {
      const runs: Figures[] = [];
      for (let i = 0, failures = 0; i < RUNS; i++) {
        // A run can time out on a loaded machine; it is retried (twice at most per page).
        try {
          runs.push(await lighthouseRun(server.url + pagePath, chrome.port, signedIn ? cookie : undefined));
        } catch (err) {
          console.log(`  ${pagePath}: run failed (${err instanceof Error ? err.message : err})`);
          if (++failures <= 2) i--;
        }
      }
      if (runs.length === 0) continue;
      const m = (pick: (f: Figures) => number) => median(runs.map(pick));
      const perf = runs.map((r) => r.performance).join('/');
      rows.push(
        `| ${pagePath} | ${m((f) => f.performance)} (${perf}) | ${(m((f) => f.fcp) / 1000).toFixed(1)} s | ${(m((f) => f.lcp) / 1000).toFixed(1)} s | ${Math.round(m((f) => f.tbt))} ms | ${m((f) => f.cls).toFixed(3)} | ${m((f) => f.accessibility)} | ${(m((f) => f.jsBytes) / 1024).toFixed(1)} KB in ${m((f) => f.jsFiles)} files |`,
      );
      console.log(rows.at(-1));
    }
    console.log(
      `\nLighthouse ${RUNS}x per page, median (each run's performance score in brackets); mobile, simulated throttling.`,
    );
    console.log('| page | performance | FCP | LCP | TBT | CLS | accessibility | first-load JS (brotli, as sent) |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);

    const scroll = await leadsScroll(server.url, cookie);
    const slow = scroll.deltas.filter((d) => d > 50).length;
    const pick = (f: (l: (typeof scroll.loads)[number]) => number) => scroll.loads.map(f);
    const spread = (xs: number[]) => `median ${median(xs)} ms (${Math.min(...xs)}–${Math.max(...xs)})`;
    const inHtml = scroll.loads.filter((l) => l.inHtml).length;
    console.log(
      `\n/leads (${EXTRA_LEADS.toLocaleString('en-US')}+ leads), slow 4G + 4x CPU, ${scroll.loads.length} loads: ` +
        `first rows painted ${spread(pick((l) => l.rowsPaintMs))}; first contentful paint ${spread(pick((l) => l.firstPaintMs))}; ` +
        `document's first byte ${spread(pick((l) => l.ttfbMs))}; rows in the server-rendered HTML in ${inHtml} of ${scroll.loads.length}.`,
    );
    console.log(
      `Scrolling ${scroll.y} px (120 steps, no throttling): median frame ${median(scroll.deltas).toFixed(1)} ms, ` +
        `worst ${Math.max(...scroll.deltas).toFixed(0)} ms, ${slow} frames over 50 ms; ${scroll.rows} rows in the DOM; "${scroll.loaded}".`,
    );
  } finally {
    chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
