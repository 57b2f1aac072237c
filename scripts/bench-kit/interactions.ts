// bench:web's interactions pass (issue 39): the five interactions the issue names, each done
// several times on a phone screen at 4x CPU slowdown, signed in as the demo with its sample data.
// Each is timed as INP times it: Event Timing's entries of one interaction (same interactionId:
// pointerdown, pointerup and click, or keydown and keyup), the longest one, from the input to the
// next paint after the handlers.
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium, type Page } from 'playwright-core';
import { CHROME, CHROME_FLAGS, CPU_SLOWDOWN, median, signedInContext } from './web-browser.ts';

/** One interaction's longest event entry, as the page saw it. */
interface EventRecord {
  id: number;
  name: string;
  duration: number;
  startTime: number;
  processingStart: number;
  processingEnd: number;
}

/** One timed interaction; `entry` is absent when it stayed under Event Timing's 16 ms threshold. */
export interface Sample {
  ms: number;
  entry?: EventRecord;
}

export interface InteractionResult {
  page: string;
  name: string;
  samples: Sample[];
}

/** Runs in every page before its scripts: keeps each event entry that belongs to an interaction. */
function observeEvents() {
  const w = window as unknown as { benchEvents: EventRecord[] };
  w.benchEvents = [];
  new PerformanceObserver((list) => {
    // interactionId: newer than TypeScript's DOM types.
    for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[])
      if (e.interactionId)
        w.benchEvents.push({
          id: e.interactionId,
          name: e.name,
          duration: e.duration,
          startTime: e.startTime,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** Two frames and a pause: the paint that ends an interaction, then its entries' delivery. */
async function settle(page: Page, pauseMs = 150) {
  await page.evaluate(
    (ms) => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, ms)))),
    pauseMs,
  );
}

/**
 * Does `act` (which makes `count` interactions and waits for what they show) and answers one sample
 * per interaction: its longest entry, as INP counts it. An interaction that reported nothing stayed
 * under 16 ms and counts as 16, an upper bound.
 */
async function timed(page: Page, count: number, act: () => Promise<void>): Promise<Sample[]> {
  const from = await page.evaluate(() => (window as unknown as { benchEvents: unknown[] }).benchEvents.length);
  await act();
  await settle(page);
  const entries = await page.evaluate(
    (n) => (window as unknown as { benchEvents: EventRecord[] }).benchEvents.slice(n),
    from,
  );
  const longest = new Map<number, EventRecord>();
  for (const e of entries) if (e.duration > (longest.get(e.id)?.duration ?? -1)) longest.set(e.id, e);
  const samples: Sample[] = [...longest.values()].map((entry) => ({ ms: entry.duration, entry }));
  while (samples.length < count) samples.push({ ms: 16 });
  return samples;
}

/**
 * Loads `path` and waits until React has taken the page over (page-ready.tsx marks the document):
 * a key typed into server-rendered markup before that would not reach the page's state.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** Dashboard → Quick Actions → "Create Social Post": /social opens on the Multi-Platform Wizard. */
async function openWizard(page: Page, repeats: number): Promise<Sample[]> {
  await open(page, '/dashboard');
  const link = page.getByRole('link', { name: 'Create Social Post' });
  await link.waitFor();
  const samples: Sample[] = [];
  for (let i = 0; i < repeats; i++) {
    await settle(page, 500);
    samples.push(
      ...(await timed(page, 1, async () => {
        await link.click();
        await page.getByText('Multi-Platform Post Scheduling Wizard').waitFor();
      })),
    );
    await page.goBack();
    await link.waitFor();
  }
  return samples;
}

/** Words typed into /leads's search, one per repeat; each keystroke is one interaction. */
const SEARCH_WORDS = ['Dayton', 'furnace', 'Kettering', 'water', 'Xenia', 'cleaning', 'Garcia', 'heater'];

/** /leads: a word typed at a brisk 120 ms a key, its search answered; then the box emptied. */
async function typeSearch(page: Page, repeats: number): Promise<Sample[]> {
  await open(page, '/leads');
  const box = page.getByRole('searchbox', { name: 'Search leads' });
  await page.getByRole('list', { name: 'Leads' }).waitFor();
  // The list's answer for the search `q`; a slow one is not waited on past 20 s.
  const listAnswer = (q: string) =>
    page
      .waitForResponse(
        (r) => {
          const url = new URL(r.url());
          return url.pathname === '/api/leads' && url.searchParams.get('q') === q;
        },
        { timeout: 20_000 },
      )
      .catch(() => console.log(`  (no answer to the search ${JSON.stringify(q)} within 20 s)`));
  const samples: Sample[] = [];
  for (let i = 0; i < repeats; i++) {
    const word = SEARCH_WORDS[i % SEARCH_WORDS.length]!;
    await box.focus();
    await settle(page, 500);
    samples.push(
      ...(await timed(page, word.length, async () => {
        const answered = listAnswer(word);
        await page.keyboard.type(word, { delay: 120 });
        await answered;
      })),
    );
    // Back to the whole list (its answer is kept, so it may not be asked again): not timed.
    await box.fill('');
    await settle(page, 1000);
  }
  return samples;
}

/** /settings's tabs, switched in this order (a tab's code loads on its first visit). */
const SETTINGS_TABS = ['WordPress', 'Business', 'SMS', 'Social', 'Connections', 'Notifications', 'Profile'];

/** /settings: `2 × repeats` tab switches through SETTINGS_TABS, each waited on until shown. */
async function switchSettingsTab(page: Page, repeats: number): Promise<Sample[]> {
  await open(page, '/settings');
  await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();
  const samples: Sample[] = [];
  for (let i = 0; i < 2 * repeats; i++) {
    const name = SETTINGS_TABS[i % SETTINGS_TABS.length]!;
    await settle(page, 500);
    samples.push(
      ...(await timed(page, 1, async () => {
        await page.getByRole('tab', { name }).click();
        await page.getByRole('tab', { name, selected: true }).waitFor();
      })),
    );
  }
  return samples;
}

/**
 * /inbox: a lead opened, that is its conversation (every demo thread is one of its leads', and no
 * other screen opens a single lead); on a phone the thread takes the list's place. Back between.
 */
async function openLead(page: Page, repeats: number): Promise<Sample[]> {
  await open(page, '/inbox');
  const threads = page.getByRole('region', { name: 'Conversations' }).locator('a[href^="/inbox/"]');
  await threads.first().waitFor();
  const count = await threads.count();
  const samples: Sample[] = [];
  for (let i = 0; i < repeats; i++) {
    await settle(page, 500);
    samples.push(
      ...(await timed(page, 1, async () => {
        await threads.nth(i % count).click();
        await page.getByRole('textbox', { name: 'Your reply' }).waitFor();
      })),
    );
    await page.goBack();
    await threads.first().waitFor();
  }
  return samples;
}

/** /inbox/:id: the reply box filled (not timed), then Send pressed until the message is in the thread. */
async function sendReply(page: Page, repeats: number): Promise<Sample[]> {
  await open(page, '/inbox');
  await page.getByRole('region', { name: 'Conversations' }).locator('a[href^="/inbox/"]').first().click();
  const box = page.getByRole('textbox', { name: 'Your reply' });
  const send = page.getByRole('button', { name: /^(Send|Add note)$/ });
  const samples: Sample[] = [];
  for (let i = 0; i < repeats; i++) {
    const text = `Thanks! We can come Thursday between 9 and 11 (bench reply ${Date.now()}).`;
    await box.fill(text);
    await settle(page, 500);
    samples.push(
      ...(await timed(page, 1, async () => {
        await send.click();
        await page.getByRole('list', { name: 'Messages' }).getByText(text).waitFor();
      })),
    );
  }
  return samples;
}

const INTERACTIONS = [
  { page: '/social', name: 'opening the post wizard (Dashboard → Create Social Post)', run: openWizard },
  { page: '/leads', name: 'typing in the leads search (a keystroke)', run: typeSearch },
  { page: '/settings', name: 'switching a settings tab', run: switchSettingsTab },
  { page: '/inbox', name: 'opening a lead (its conversation in the inbox)', run: openLead },
  { page: '/inbox', name: 'sending a reply (the inbox reply box, Send)', run: sendReply },
];

/** p50 / max of a sample set, in whole milliseconds. */
export function inpSummary(samples: Sample[]): string {
  const ms = samples.map((s) => s.ms);
  return `${Math.round(median(ms))} / ${Math.round(Math.max(...ms))} ms`;
}

/** Where the worst sample's time went: waiting for the main thread, the handlers, then the paint. */
function breakdown(samples: Sample[]): string {
  const worst = samples.reduce((a, b) => (b.ms > a.ms ? b : a));
  const e = worst.entry;
  if (!e) return 'every one under 16 ms';
  const delay = e.processingStart - e.startTime;
  const handlers = e.processingEnd - e.processingStart;
  return `worst: ${e.name}, ${Math.round(delay)} ms input delay + ${Math.round(handlers)} ms handlers + ${Math.round(e.duration - delay - handlers)} ms to the paint`;
}

const TRACE = process.env.BENCH_TRACE;
/** BENCH_INTERACTIONS=typeSearch,openLead does only those (the functions' names). */
const ONLY = process.env.BENCH_INTERACTIONS?.split(',');

/**
 * The pass: one phone-sized page at 4x CPU, signed in, the interactions in turn. BENCH_TRACE=dir
 * writes a Chromium performance trace of each (open it in DevTools' Performance panel).
 */
export async function interactionsPass(baseUrl: string, cookie: string, repeats: number): Promise<InteractionResult[]> {
  if (TRACE) await mkdir(TRACE, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  try {
    const context = await signedInContext(browser, baseUrl, cookie);
    await context.addInitScript(observeEvents);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const results: InteractionResult[] = [];
    for (const { page: pagePath, name, run } of INTERACTIONS.filter((i) => !ONLY || ONLY.includes(i.run.name))) {
      if (TRACE) await browser.startTracing(page, { screenshots: false });
      const samples = await run(page, repeats);
      if (TRACE) await writeFile(`${TRACE}/${run.name}.json`, await browser.stopTracing());
      results.push({ page: pagePath, name, samples });
      console.log(
        `  ${pagePath} ${name}: p50 / max ${inpSummary(samples)} over ${samples.length}; ${breakdown(samples)}`,
      );
    }
    return results;
  } finally {
    await browser.close();
  }
}
