import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpByApi } from './flows.ts';
import { browserAvailable, DESKTOP, expectFitsPhone, SCREENSHOTS, useAppInBrowser } from './harness.ts';

// Try before connecting: a new business writes a post for X without connecting it; at its time the
// post goes to the built-in sandbox channel, shown on /social's Sandbox tab, never as published.
describe.runIf(browserAvailable())('social: the sandbox channel', () => {
  const ctx = useAppInBrowser();
  beforeAll(async () => void (await mkdir(SCREENSHOTS, { recursive: true })));

  it('a post for an unconnected X lands in the sandbox feed at its time', async () => {
    const page = await ctx.newPage();
    await signUpByApi(page, ctx.server.url, {
      firstName: 'Sandy',
      lastName: 'Box',
      email: `sandbox-${Date.now()}@example.com`,
      password: 'Furnace-Tune-42!',
    });
    await page.goto('/social?tab=quick');
    const text = 'Furnace tune-ups: $89 this week only';
    await page.getByLabel('Post', { exact: true }).fill(text);
    await page.getByRole('checkbox', { name: /^Twitter\/X/ }).check();
    await page.getByText('(not connected — sandbox)').first().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/social-sandbox-quick-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Post now' }).click();

    await page.getByRole('tab', { name: 'Sandbox' }).click();
    const feed = page.getByRole('region', { name: 'In the sandbox' });
    await feed.getByText('In sandbox', { exact: true }).waitFor({ timeout: 20_000 });
    await feed.getByText(text).waitFor();
    await feed.getByText(/Not published: Twitter\/X was not connected/).waitFor();
    // Nowhere is it called published: not in the feed, not in the Posts list.
    expect(await feed.getByText('Published', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('social-post').getByText('Published', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/social-sandbox-feed-1280.png`, fullPage: true });
    expect(page.errors).toEqual([]);
    await expectFitsPhone(page, 'social-sandbox-feed', feed.getByText(text));
    await page.setViewportSize(DESKTOP);
    await page.close();
  });
});
