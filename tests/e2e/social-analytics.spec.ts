import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './flows.ts';
import { browserAvailable, DESKTOP, expectFitsPhone, SCREENSHOTS, useAppInBrowser } from './harness.ts';

// The demo business's /social: Platform Performance from its (sample) analytics rows under a
// Demo Data badge, and the calendar's week view in the business's time zone.
describe.runIf(browserAvailable())('social: platform performance and the week view', () => {
  const ctx = useAppInBrowser();
  beforeAll(async () => void (await mkdir(SCREENSHOTS, { recursive: true })));
  afterAll(() => undefined);

  it('Platform Performance over 90 days and the week view, each fitting a phone too', async () => {
    const login = await readFile(path.join(ctx.server.dataDir, 'demo-login.txt'), 'utf8');
    const password = /password: (\S+)/.exec(login)?.[1] ?? '';
    const page = await ctx.newPage();
    await signIn(page, { email: 'demo@fieldwise.local', password });
    await page.goto('/social');
    const card = page.locator('div', { has: page.getByText('Platform Performance', { exact: true }) }).last();
    await page.getByText('Platform Performance', { exact: true }).waitFor();
    // The title has its own element (Playwright matches an element's whole text, badge included).
    await page.getByRole('heading', { name: 'Platform Performance Demo Data', exact: true }).waitFor();
    await page
      .getByText(/likes · .* comments · .* shares/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: '90d' }).click();
    await page.getByText(/last 90 days/).waitFor();
    await page.getByText('Platform Performance', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/social-platform-performance-1280.png`, fullPage: true });
    expect(await card.count()).toBeGreaterThan(0);
    await expectFitsPhone(page, 'social-platform-performance', page.getByRole('button', { name: '90d' }));
    await page.setViewportSize(DESKTOP);

    await page.goto('/social?tab=calendar');
    await page.getByText('Content Calendar').waitFor();
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const week = page.getByRole('grid', { name: /^Week of / });
    await week.waitFor();
    expect(await week.getByRole('gridcell').count()).toBe(7);
    await page.getByText(/^Times in /).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/social-calendar-week-1280.png`, fullPage: true });
    // A long post in the week view is cut with an ellipsis; the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(page.errors).toEqual([]);
    // On a phone too (expectFitsPhone fails on any sideways scroll), with the week whole on screen.
    await expectFitsPhone(page, 'social-calendar-week', week);
    await page.close();
  });
});
