// What the passes of `npm run bench:web` share: Debian's Chromium with the house's flags, the phone
// profile Lighthouse's mobile run uses, and a browser context signed in as the demo.
import type { Browser, BrowserContext } from 'playwright-core';

export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
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
export const THROTTLE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen. */
export const PHONE = { width: 412, height: 823 };

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** A fresh context (empty cache) on `baseUrl` holding the demo's session cookie. */
export async function signedInContext(browser: Browser, baseUrl: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return { name, value, url: baseUrl };
    }),
  );
  return context;
}
