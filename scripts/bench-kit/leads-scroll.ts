// bench:web's /leads pass: how soon the first rows paint on a phone, and how smooth a long scroll is.
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { CHROME, CHROME_FLAGS, CPU_SLOWDOWN, median, signedInContext, THROTTLE } from './web-browser.ts';

/**
 * /leads on the throttled profile, `loads` times with an empty browser cache: when the first
 * lead's name is painted (Element Timing, `elementtiming="lead-name"` in lead-row.tsx), the first
 * contentful paint and the document's first byte; then frame times over a long scroll.
 */
export async function leadsScroll(baseUrl: string, cookie: string, loads: number) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  try {
    const timings: { rowsPaintMs: number; firstPaintMs: number; ttfbMs: number; inHtml: boolean }[] = [];
    let page: Page | undefined;
    let cdp: CDPSession | undefined;
    for (let i = 0; i < loads; i++) {
      await page?.context().close();
      const context = await signedInContext(browser, baseUrl, cookie);
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
      timings.push({
        rowsPaintMs,
        inHtml,
        ...(await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          return { ttfbMs: Math.round(nav?.responseStart ?? NaN), firstPaintMs: Math.round(paint?.startTime ?? NaN) };
        })),
      });
    }
    if (!page || !cdp) throw new Error('leadsScroll needs at least one load');
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
    return { loads: timings, ...frames, loaded };
  } finally {
    await browser.close();
  }
}

/** The pass's two lines: the first rows' paint over the loads, then the scroll's frames. */
export function leadsScrollReport(scroll: Awaited<ReturnType<typeof leadsScroll>>, extraLeads: number): string[] {
  const slow = scroll.deltas.filter((d) => d > 50).length;
  const pick = (f: (l: (typeof scroll.loads)[number]) => number) => scroll.loads.map(f);
  const spread = (xs: number[]) => `median ${median(xs)} ms (${Math.min(...xs)}–${Math.max(...xs)})`;
  const inHtml = scroll.loads.filter((l) => l.inHtml).length;
  return [
    `/leads (${extraLeads.toLocaleString('en-US')}+ leads), slow 4G + 4x CPU, ${scroll.loads.length} loads: ` +
      `first rows painted ${spread(pick((l) => l.rowsPaintMs))}; first contentful paint ${spread(pick((l) => l.firstPaintMs))}; ` +
      `document's first byte ${spread(pick((l) => l.ttfbMs))}; rows in the server-rendered HTML in ${inHtml} of ${scroll.loads.length}.`,
    `Scrolling ${scroll.y} px (120 steps, no throttling): median frame ${median(scroll.deltas).toFixed(1)} ms, ` +
      `worst ${Math.max(...scroll.deltas).toFixed(0)} ms, ${slow} frames over 50 ms; ${scroll.rows} rows in the DOM; "${scroll.loaded}".`,
  ];
}
