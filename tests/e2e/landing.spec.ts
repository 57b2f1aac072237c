import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { browserAvailable, SCREENSHOTS, useAppInBrowser } from './harness.ts';

// Screenshots land here for people to look at; nothing compares them.

describe.runIf(browserAvailable())('a visitor on the public site', () => {
  const ctx = useAppInBrowser();

  it('sees the landing page with the trial promise and sign-up buttons that go to /api/login', async () => {
    const page = await ctx.newPage(1280);
    await page.goto('/');
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toMatch(/14-day/);
    expect(text).toMatch(/10,000\+/);
    expect(text).toMatch(/cancel anytime/i);
    const trial = page.getByRole('link', { name: /start free trial/i }).first();
    expect(await trial.getAttribute('href')).toBe('/api/login');
    expect(await page.title()).toMatch(/Fieldwise/);
    expect(page.errors, 'no console errors, so no CSP violations').toEqual([]);
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}/landing-1280.png`, fullPage: true });
    await page.close();
  });

  it('fits a 375 px phone without sideways scrolling', async () => {
    const page = await ctx.newPage(375);
    await page.goto('/');
    await page.locator('h1').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}/landing-375.png`, fullPage: true });
    await page.close();
  });

  it('sees the landing page at an unknown path, without downloading the signed-in app', async () => {
    const page = await ctx.newPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/no-such-page/at-all');
    await page.locator('h1').first().waitFor();
    expect(await page.getByRole('link', { name: /start free trial/i }).count()).toBeGreaterThan(0);
    expect(scripts.some((s) => /signed-in/i.test(s))).toBe(false);
    await page.close();
  });

  it('following Start Free Trial reaches the registration page', async () => {
    const page = await ctx.newPage();
    await page.goto('/');
    await page
      .getByRole('link', { name: /start free trial/i })
      .first()
      .click();
    await page.waitForURL(/\/register$/);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('is sent to sign in when opening a signed-in page', async () => {
    const page = await ctx.newPage();
    await page.goto('/dashboard');
    await page.waitForURL(/\/login$/);
    await page.close();
  });

  it('can open the dev status overlay with ?dev=1; a production server does not answer it', async () => {
    const page = await ctx.newPage();
    await page.goto('/?dev=1');
    const hud = page.getByRole('complementary', { name: 'Developer status' });
    await hud.waitFor();
    // /api/dev/status is not served in production (the settings spec sees it on a development server).
    await expect.poll(async () => hud.textContent()).toMatch(/unreachable/);
    // The flag is remembered: a plain reload still shows it.
    await page.goto('/');
    await hud.waitFor();
    await page.close();
  });
});
