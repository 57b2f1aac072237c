// `npm run bench:landing` (not part of `npm test`): Lighthouse of a PUBLISHED landing page, as a
// visitor on a phone sees it, and speed to lead on it. Starts the production server on a fresh
// embedded database, registers an owner, builds a page by chat (the offline engine: no AI key
// needed), publishes it at /p/{business}/{page}, then posts LEADS quote forms to it (one every
// LEAD_GAP_MS, each from its own address) and prints the p50/p95 of submit → auto-reply sent (the
// speed-to-lead job's elapsedMs; the reply goes to the local outbox, as no SMTP is set), then
// runs Lighthouse (mobile, simulated throttling) in Debian's Chromium RUNS times and prints the
// median of each figure. Prints; asserts nothing. The page is server-rendered without client JS,
// so the client build is not needed. Only 127.0.0.1 is contacted.
// Run it as `flock /tmp/client.lock npm run bench:landing` on a shared machine (figures are noisy under load).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer, type RunningServer } from '#tests/e2e/server.ts';
import { formTime, percentile, postLead, publishedPage, sleep } from './bench-kit/landing-page.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LEADS = Number(process.env.BENCH_LEADS ?? 40);
const LEAD_GAP_MS = Number(process.env.BENCH_LEAD_GAP_MS ?? 250);
/** The form's minimum fill time (lead-intake.service.ts MIN_FILL_MS), plus a margin. */
const FILL_MS = 3_500;
const REPORTS = '.tmp/lighthouse';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The speed-to-lead job's figures so far, from its log lines. */
const repliesIn = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.includes('speed-to-lead sent'))
    .map((l) => Number(/"elapsedMs":(\d+)/.exec(l)?.[1]));

/** Posts LEADS quote forms as visitors would (the signed form time from the page), then reads each reply's time. */
async function speedToLead(server: RunningServer, url: string): Promise<void> {
  const ts = await formTime(url);
  await sleep(FILL_MS);
  const before = repliesIn(server.output()).length;
  for (let i = 0; i < LEADS; i++) {
    await postLead(url, i, ts);
    await sleep(LEAD_GAP_MS);
  }
  const deadline = Date.now() + 120_000;
  while (repliesIn(server.output()).length - before < LEADS && Date.now() < deadline) await sleep(200);
  const ms = repliesIn(server.output()).slice(before);
  if (ms.length < LEADS) throw new Error(`only ${ms.length} of ${LEADS} replies within 2 minutes`);
  console.log(
    `\nSpeed to lead, ${LEADS} form posts one every ${LEAD_GAP_MS} ms, submit → auto-reply sent (job elapsedMs):`,
  );
  console.log('| p50 | p95 | max |');
  console.log('|---|---|---|');
  console.log(`| ${percentile(ms, 50)} ms | ${percentile(ms, 95)} ms | ${Math.max(...ms)} ms |`);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-bench-landing-'));
  // Info logs carry the job's figures; the forms' X-Forwarded-For is read as from a proxy on 127.0.0.1.
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' } });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const url = server.url + (await publishedPage(server.url)).path;
    console.log(`Published page: ${url}`);
    await speedToLead(server, url);
    const runs: Record<string, number>[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result || result.lhr.runtimeError)
        throw new Error(`Lighthouse failed: ${result?.lhr.runtimeError?.message}`);
      const { categories, audits } = result.lhr;
      await mkdir(REPORTS, { recursive: true });
      await writeFile(`${REPORTS}/landing-page.json`, JSON.stringify(result.lhr));
      const items = ((audits['network-requests']?.details as { items?: { resourceType?: string }[] } | undefined)
        ?.items ?? []) as { resourceType?: string; transferSize?: number }[];
      const failing = Object.values(audits)
        .filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      if (failing.length) console.log(`  run ${i + 1}: failing audits: ${failing.join(', ')}`);
      runs.push({
        ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])),
        fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        scripts: items.filter((r) => r.resourceType === 'Script').length,
        bytes: items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      });
    }
    const m = (key: string) =>
      percentile(
        runs.map((r) => r[key] ?? NaN),
        50,
      );
    console.log(`\nLighthouse ${RUNS}x, median (mobile, simulated slow 4G + 4x CPU), published landing page:`);
    console.log('| performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | scripts | bytes |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${m('performance')} (${runs.map((r) => r.performance).join('/')}) | ${m('accessibility')} | ${m('best-practices')} | ${m('seo')} | ` +
        `${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ` +
        `${m('scripts')} | ${(m('bytes') / 1024).toFixed(1)} KB |`,
    );
  } finally {
    chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
