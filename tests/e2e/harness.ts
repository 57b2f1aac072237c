// Drives Debian's Chromium through playwright-core against the real server of ./server.ts.
import { cp, mkdir, rm } from 'node:fs/promises';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { createDatabaseFrom, dropDatabase, testDatabaseName, testDatabaseUrl, urlFor } from '../setup/pg-admin.ts';
import { CHROME_FLAGS } from '../../scripts/bench-kit/web-browser.ts';
import { serverOnPostgres, startServer, tempDataDir, type RunningServer } from './server.ts';

/** The width flows run at; the phone pass checks the populated pages at 375 px. */
export const DESKTOP = { width: 1280, height: 900 };

/** Where browser specs put the screenshots a person looks at. */
export const SCREENSHOTS = '.tmp/screenshots';

/**
 * E2E_SCREENSHOTS=0 (CI: nobody looks at them there) makes every page's `screenshot` a no-op. A
 * whole-page picture costs the browser about what loading the page did (0.3-0.45 s on a phone-sized
 * page here), and the specs take ~170 of them; no test reads one.
 */
function withoutScreenshots(browser: Browser): Browser {
  if (process.env.E2E_SCREENSHOTS !== '0') return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', (page) => void (page.screenshot = async () => Buffer.alloc(0)));
    return context;
  };
  return browser;
}

export const browserAvailable = (): boolean => inject('chromiumPath') !== '';

/**
 * Every context a spec opens blocks the app's service worker unless the spec asks for it: the
 * worker keeps every script and style of the build on install, so each new context would fetch
 * and store the whole build behind the page it tests (a second load per context, which doubled
 * the browser specs' time). The worker itself is tested where it matters (phone.spec.ts).
 */
export const NO_WORKER = { serviceWorkers: 'block' } as const;

export interface BrowserContext {
  server: RunningServer;
  browser: Browser;
  /** A new page at the given viewport width; console errors are collected on it. */
  newPage(width?: number): Promise<Page & { errors: string[] }>;
}

/**
 * One server and one browser for a spec file; `env` is read when the server starts. The server
 * starts on a copy of the run's template data directory (migrated, with the demo business), as
 * a first start would leave it — and with TEST_DATABASE_URL on a copy of the template's
 * PostgreSQL database.
 */
export function useAppInBrowser(
  options: { env?: () => Record<string, string>; serviceWorkers?: 'allow' | 'block' } = {},
): BrowserContext {
  const ctx = {} as BrowserContext;
  let dataDir = '';
  let database = '';
  beforeAll(async () => {
    dataDir = await tempDataDir();
    await cp(inject('e2eTemplateDir'), dataDir, { recursive: true });
    const template = inject('e2eDatabaseTemplate');
    if (template) {
      database = testDatabaseName('t');
      await createDatabaseFrom(testDatabaseUrl(), database, template);
    }
    const env = {
      ...(database ? serverOnPostgres(urlFor(testDatabaseUrl(), database), inject('e2eAppSecret')) : {}),
      ...options.env?.(),
    };
    ctx.server = await startServer({ dataDir, env });
    ctx.browser = withoutScreenshots(
      await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROME_FLAGS }),
    );
    ctx.newPage = async (width = 1280) => {
      const page = await ctx.browser.newPage({
        viewport: { ...DESKTOP, width },
        baseURL: ctx.server.url,
        serviceWorkers: options.serviceWorkers ?? NO_WORKER.serviceWorkers,
      });
      const errors: string[] = [];
      page.on('console', (msg) => {
        // "Who is signed in?" answers 401 for a visitor; the browser logs that, the app is fine.
        if (msg.type() === 'error' && !/status of 401/.test(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      // A load is over when the app has taken the page over (<html data-app-ready>, set by PageReady
      // once the page's Suspense boundary commits), so a step that types or clicks next acts on the
      // live page.
      const untilReady = () =>
        page.waitForFunction(() => !document.getElementById('root') || 'appReady' in document.documentElement.dataset);
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await untilReady();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await untilReady();
        return response;
      };
      return Object.assign(page, { errors });
    };
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (database) await dropDatabase(testDatabaseUrl(), database);
  });
  return ctx;
}

/** The GETs of our API that `page` makes from now on (path and query), to check what a page asks for. */
export function apiGets(page: Page): string[] {
  const gets: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) gets.push(url.pathname + url.search);
  });
  return gets;
}

/**
 * From the next load on, `page` keeps every layout shift as CLS counts them; the returned function
 * gives their sum so far, two frames after the last change (so a shift it caused is reported).
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  };
}

/** What stands wider than the viewport outside a container meant to scroll or clip sideways. */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipsSideways = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const x = getComputedStyle(e).overflowX;
        if (x === 'auto' || x === 'scroll' || x === 'hidden' || x === 'clip') return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      // Hidden from people on purpose and wholly off screen (a form's honeypot): nobody sees it.
      if (el.closest('[aria-hidden="true"]') && (r.right <= 0 || r.left >= width)) continue;
      if ((r.right > width + 1 || r.left < -1) && !clipsSideways(el.parentElement)) {
        const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        found.push(`<${el.tagName.toLowerCase()}> "${label}" spans ${Math.round(r.left)}–${Math.round(r.right)} px`);
      }
    }
    return found.slice(0, 5);
  });
}

/**
 * The phone pass of a flow that ran at desktop width: the same signed-in page, already populated,
 * at 375 px. Fails when the page scrolls sideways, when anything stands past the screen's edge
 * (outside a container that scrolls on purpose), or when the key control is not on screen whole.
 * Saves a screenshot as .tmp/screenshots/<name>-375.png and leaves the page at 375 px.
 */
export async function expectFitsPhone(page: Page, name: string, keyControl: Locator): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await keyControl.waitFor();
  await keyControl.scrollIntoViewIfNeeded();
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `${name}: the page scrolls ${sideways} px sideways at 375 px`).toBeLessThanOrEqual(0);
  expect(await cutOff(page), `${name}: cut off at 375 px`).toEqual([]);
  const box = await keyControl.boundingBox();
  expect(box, `${name}: the key control has no box`).not.toBeNull();
  expect(
    box!.x >= 0 && box!.x + box!.width <= 375,
    `${name}: the key control is cut off (${JSON.stringify(box)})`,
  ).toBe(true);
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-375.png`, fullPage: true });
}

/** A phone check in the middle of a desktop flow: `expectFitsPhone`, then back to 1280 px. */
export async function phoneCheckpoint(page: Page, name: string, keyControl: Locator): Promise<void> {
  await expectFitsPhone(page, name, keyControl);
  await page.setViewportSize(DESKTOP);
}
