// Drives Debian's Chromium through playwright-core against the real server of ./server.ts.
import { rm } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { startServer, tempDataDir, type RunningServer } from './server.ts';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const browserAvailable = (): boolean => inject('chromiumPath') !== '';

export interface BrowserContext {
  server: RunningServer;
  browser: Browser;
  /** A new page at the given viewport width; console errors are collected on it. */
  newPage(width?: number): Promise<Page & { errors: string[] }>;
}

/** One server and one browser for a spec file; `env` is read when the server starts. */
export function useAppInBrowser(options: { env?: () => Record<string, string> } = {}): BrowserContext {
  const ctx = {} as BrowserContext;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await tempDataDir();
    ctx.server = await startServer({ dataDir, ...(options.env ? { env: options.env() } : {}) });
    ctx.browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: chromiumArgs });
    ctx.newPage = async (width = 1280) => {
      const page = await ctx.browser.newPage({ viewport: { width, height: 900 }, baseURL: ctx.server.url });
      const errors: string[] = [];
      page.on('console', (msg) => {
        // "Who is signed in?" answers 401 for a visitor; the browser logs that, the app is fine.
        if (msg.type() === 'error' && !/status of 401/.test(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      return Object.assign(page, { errors });
    };
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
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
