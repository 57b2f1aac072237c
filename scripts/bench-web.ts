// `npm run bench:web` (not part of `npm test`): how fast the pages load and answer on a phone.
// Builds the client when needed, seeds an embedded database with the demo business plus 10,000
// extra leads, starts the production server (the same entry point as `npm start`), signs the demo
// in, and runs Lighthouse (mobile, simulated throttling) in Debian's Chromium on each page, RUNS
// times, printing the median. Then, in the same Chromium, the /leads list under the same
// throttling (time to the first rows, frame times over a long scroll) and the interactions of
// issue 39 at 4x CPU (Event Timing, as INP counts them). Ends with one table of it all, so a change
// is compared in one run. Prints; asserts nothing.
// Run it as `flock /tmp/client.lock npm run bench:web` on a shared machine; the figures are
// noisy when other work runs (hence the median). Only 127.0.0.1 is contacted.
// BENCH_PAGES=/leads,/dashboard (or all, or empty for none), BENCH_RUNS, BENCH_LEADS,
// BENCH_LEADS_LOADS (0 skips the /leads pass), BENCH_REPEATS (0 skips the interactions).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureClientBuilt } from './build-client.mjs';
import { startServer } from '#tests/e2e/server.ts';
import { openDatabase, queryRows } from '#server/db/client.ts';
import { DEMO_EMAIL } from '#server/modules/demo/demo-account.ts';
import { DEMO_TENANT_SLUG } from '#server/modules/auth/demo-business.ts';
import { FIRST_NAMES, LAST_NAMES } from '#server/modules/demo/demo-leads.ts';
import { SIGNED_IN_ROUTES } from '#shared/signed-in-routes.ts';
import { inpSummary, interactionsPass } from './bench-kit/interactions.ts';
import { leadsScroll, leadsScrollReport } from './bench-kit/leads-scroll.ts';
import { CHROME, CHROME_FLAGS, CPU_SLOWDOWN, median } from './bench-kit/web-browser.ts';

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
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The demo business as a first start leaves it, with every area's sample data (the server seeds
 * them when it creates the account), plus EXTRA_LEADS added to it once that server has stopped.
 */
async function seed(dataDir: string): Promise<{ email: string; password: string }> {
  const first = await startServer({ dataDir, env: { SEED_DEMO: 'true' } });
  const code = await first.stop();
  if (code !== 0) throw new Error(`the seeding start exited with ${code}:\n${first.output()}`);
  const login = await readFile(path.join(dataDir, 'demo-login.txt'), 'utf8');
  const password = /password: (\S+)/.exec(login)?.[1];
  if (!password) throw new Error('the first start wrote no demo sign-in');
  const database = await openDatabase({ dataDir });
  try {
    const [tenant] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from tenants where slug = ${DEMO_TENANT_SLUG}`,
    );
    const firstNames = `(array[${FIRST_NAMES.map(quote).join(',')}])`;
    const lastNames = `(array[${LAST_NAMES.map(quote).join(',')}])`;
    await database.db.execute(
      sql.raw(`insert into leads (tenant_id, name, email, phone, service, location, priority, status, lead_score,
        urgency_score, conversion_probability, predicted_value, score_factors, score_model, created_at, updated_at)
      select '${tenant?.id}', ${firstNames}[1 + (g * 7) % ${FIRST_NAMES.length}] || ' ' || ${lastNames}[1 + (g * 13) % ${LAST_NAMES.length}],
        'customer' || g || '@example.com', '(937) 555-' || lpad((g % 10000)::text, 4, '0'),
        (array['AC not cooling','Furnace tune-up','Water heater replacement','Duct cleaning'])[1 + g % 4],
        (array['Dayton, OH','Kettering, OH','Xenia, OH'])[1 + g % 3], (array['low','medium','high'])[1 + g % 3],
        (array['new','contacted','qualified','converted','lost'])[1 + g % 5], 20 + (g * 37) % 70, 20 + (g * 17) % 80,
        ((g * 29) % 10000) / 100.0, ((g * 53) % 900000) / 100.0,
        '[{"label":"Typical ticket $450","points":9},{"label":"Repair job","points":8}]'::jsonb, 'priors',
        now() - make_interval(days => 70, secs => g * 60), now() - make_interval(days => 70, secs => g * 60)
      from generate_series(1, ${EXTRA_LEADS}) g`),
    );
    return { email: DEMO_EMAIL, password };
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
/** How many times each interaction is done (words typed, for the search; twice as many tab switches). */
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);

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
        `| ${pagePath} | ${m((f) => f.performance)} (${perf}) | ${(m((f) => f.fcp) / 1000).toFixed(1)} s | ${(m((f) => f.lcp) / 1000).toFixed(1)} s | ${Math.round(m((f) => f.tbt))} ms | ${m((f) => f.cls).toFixed(3)} | | ${m((f) => f.accessibility)} | ${(m((f) => f.jsBytes) / 1024).toFixed(1)} KB in ${m((f) => f.jsFiles)} files |`,
      );
      console.log(rows.at(-1));
    }

    if (LEADS_LOADS > 0) {
      console.log('');
      for (const line of leadsScrollReport(await leadsScroll(server.url, cookie, LEADS_LOADS), EXTRA_LEADS))
        console.log(line);
    }
    if (REPEATS > 0) {
      console.log(`\nInteractions at ${CPU_SLOWDOWN}x CPU on a phone screen, ${REPEATS} repeats (Event Timing):`);
      for (const { page, name, samples } of await interactionsPass(server.url, cookie, REPEATS))
        rows.push(`| ${page}: ${name} | | | | | | ${inpSummary(samples)} | | |`);
    }

    console.log(
      `\nLighthouse ${RUNS}x per page, median (each run's performance score in brackets); mobile, simulated throttling.` +
        `\nINP: each interaction's longest Event Timing entry, p50 / max over its repeats (under 16 ms counts as 16).`,
    );
    console.log(
      '| page | performance | FCP | LCP | TBT | CLS | INP (p50 / max) | accessibility | first-load JS (brotli, as sent) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
