import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpByApi } from './flows.ts';
import { browserAvailable, expectFitsPhone, SCREENSHOTS, useAppInBrowser } from './harness.ts';

describe.runIf(browserAvailable())("the spec's alternate navigation bar and account menu", () => {
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));
  const ctx = useAppInBrowser();

  it('the footer lists every page and leads to one without a top tab; the menu opens Felix over the page', async () => {
    const page = await ctx.newPage();
    await signUpByApi(page, ctx.server.url, {
      firstName: 'Noor',
      lastName: 'Hale',
      email: 'noor.nav@example.com',
      password: 'Drain-Snake-2024!',
    });
    // Into the running app by a tab: a click before a server-rendered page hydrates would be lost.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Leads' }).click();
    await page.waitForURL('**/leads');
    const all = page.getByRole('navigation', { name: 'All pages' });
    expect(await all.getByRole('link').allInnerTexts()).toEqual([
      'Dashboard',
      'Social Media',
      'Website Updates',
      'Reports',
      'SEO Optimization',
      'Reviews',
      'Lead Generation',
      'AI Coach',
      'Domains (GoDaddy)',
      'Settings',
    ]);
    await page.screenshot({ path: `${SCREENSHOTS}/navigation-footer-1280.png`, fullPage: true });

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'AI Coach' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/navigation-menu-1280.png` });
    await page.getByRole('menuitem', { name: 'Chat with Felix' }).click();
    const felix = page.getByRole('dialog', { name: 'Felix' });
    await felix.waitFor();
    expect(page.url()).toMatch(/\/leads$/);
    await felix.getByRole('button', { name: 'Close Felix' }).click();

    await all.getByRole('link', { name: 'SEO Optimization' }).click();
    await page.waitForURL('**/seo');
    await page.locator('main h1', { hasText: 'SEO Optimization' }).waitFor();
    await page.getByText('Business Search').waitFor();
    await expectFitsPhone(page, 'navigation-footer', all.getByRole('link', { name: 'Settings' }));
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
