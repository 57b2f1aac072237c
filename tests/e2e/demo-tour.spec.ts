import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInDemoByApi } from './flows.ts';
import { browserAvailable, DESKTOP, expectFitsPhone, SCREENSHOTS, useAppInBrowser } from './harness.ts';

// The demo business shows every area working: its sample reviews, traffic, keywords, posts,
// website, finished jobs, coach and a report, each page under the Demo Data badge, at 1280 px and on a phone.
describe.runIf(browserAvailable())('the demo business: every area with its sample data', () => {
  const ctx = useAppInBrowser();
  beforeAll(async () => void (await mkdir(SCREENSHOTS, { recursive: true })));

  it('reviews, analytics, keywords, social, website, jobs, coach and reports each show their samples', async () => {
    const page = await ctx.newPage();
    await signInDemoByApi(page, ctx.server.url, ctx.server.dataDir);

    const visit = async (url: string, name: string, shown: (p: Page) => Locator, before?: () => Promise<void>) => {
      await page.setViewportSize(DESKTOP);
      await page.goto(url);
      await before?.();
      await page.getByText('Demo Data', { exact: true }).first().waitFor();
      await shown(page).first().waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/demo-${name}-1280.png`, fullPage: true });
      await expectFitsPhone(page, `demo-${name}`, shown(page).first());
    };

    // The dashboard's "from 25 reviews" are the reviews listed here, one flagged, most answered.
    await visit('/reviews', 'reviews', (p) => p.getByText('Maria Lopez'));
    expect(await page.getByText('25 reviews on Google').count()).toBe(1);
    await page.getByText('Thank you, Grace! Enjoy the new heat pump.').waitFor();

    await visit('/analytics', 'analytics', (p) => p.getByText(/^Sample website traffic of the demo business/));
    // The sample traffic follows the calendar (each day its weekday's figure): the page shows the
    // 30 days the API answers today, whatever today is.
    const metrics = await page.request.get('/api/analytics/metrics?period=30d');
    const { sessions } = (await metrics.json()) as { sessions: number };
    expect(sessions).toBeGreaterThan(1000);
    await page.getByText(`${sessions.toLocaleString('en-US')} sessions`).waitFor();
    expect(await page.getByText(/Connect Google in Settings/).count()).toBe(0);

    await visit('/keywords', 'keywords', (p) => p.getByText('Keyword Performance'));
    await visit('/social', 'social', (p) => p.getByRole('heading', { name: 'Platform Performance Demo Data' }));
    await visit(
      '/website',
      'website',
      (p) => p.getByRole('link', { name: /\/p\/demo-heating-cooling\// }),
      async () => {
        await page.getByRole('tab', { name: 'Landing Pages' }).click();
        // The published sample page opens from its card and shows its public address.
        await page.getByRole('button', { name: /^Furnace replacement in Dayton/ }).click();
      },
    );
    // Three finished jobs with their photos, ready to share.
    await visit('/jobs', 'jobs', (p) => p.getByRole('link', { name: 'Share this job' }));
    expect(await page.getByRole('link', { name: 'Share this job' }).count()).toBe(3);
    await visit('/ai-coach', 'ai-coach', (p) => p.getByText(/^(High|Medium|Low) priority$/));
    await visit('/reports', 'reports', (p) => p.getByText('Traffic sources'));
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
