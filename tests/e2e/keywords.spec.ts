import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOAuthEnv, startFakeOAuthServer, type FakeOAuthServer } from '../fakes/oauth-server.ts';
import { FAKE_GA4_PROPERTY, startFakeGa4, type FakeGa4 } from '../fakes/ga4-server.ts';
import { startFakeSearchConsole, type FakeSearchConsole } from '../fakes/search-console-server.ts';
import type { Locator } from 'playwright-core';
import { connectGoogle, signUpByApi } from './flows.ts';
import { browserAvailable, expectFitsPhone, phoneCheckpoint, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const fmt = new Intl.NumberFormat('en-US');

describe.runIf(browserAvailable())('an owner connects Google and reads live keywords', () => {
  let oauth: FakeOAuthServer;
  let sc: FakeSearchConsole;
  let ga4: FakeGa4;
  beforeAll(async () => {
    oauth = await startFakeOAuthServer();
    sc = await startFakeSearchConsole({
      days: 90,
      otherSites: [{ siteUrl: 'https://blog.rosaplumbing.example/', permissionLevel: 'siteFullUser' }],
    });
    ga4 = await startFakeGa4();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await Promise.all([oauth?.close(), sc?.close(), ga4?.close()]);
  });
  const ctx = useAppInBrowser({
    env: () => ({
      ...fakeOAuthEnv(oauth.url),
      SEARCH_CONSOLE_BASE_URL: sc.url,
      GA4_BASE_URL: ga4.url,
      GA4_ADMIN_BASE_URL: ga4.url,
    }),
  });

  it('Demo Data → connect Google → sync → Live Data with computed cards, then each page fits a phone', async () => {
    const page = await ctx.newPage();
    const shot = (name: string) =>
      page.screenshot({ path: `${SCREENSHOTS}/keywords-${name}-1280.png`, fullPage: true });
    /** The phone check of the page as it stands, then back to the desktop for the next steps. */
    const fitsPhone = (name: string, keyControl: Locator) => phoneCheckpoint(page, `keywords-${name}`, keyControl);
    await signUpByApi(page, ctx.server.url, {
      firstName: 'Rosa',
      lastName: 'Alvarez',
      email: 'rosa.keywords@example.com',
      password: 'Leaky-Faucet-2049!',
    });

    await page.goto('/keywords');
    await page.getByText('Demo Data', { exact: true }).waitFor();
    await page.getByText('No keyword data available. Please set up Google Search Console integration.').waitFor();
    await shot('demo');
    await fitsPhone('demo', page.getByLabel('Search keywords'));

    const google = await connectGoogle(page);
    // The card offers what Google lists (sites.list, accountSummaries), the first preselected.
    const site = google.getByLabel('Search Console site', { exact: true });
    await site.waitFor();
    expect(await site.inputValue()).toBe(sc.siteUrl);
    expect(await site.locator('option').allTextContents()).toEqual([
      'rosaplumbing.example',
      'https://blog.rosaplumbing.example/',
    ]);
    expect(await google.getByLabel('GA4 property', { exact: true }).inputValue()).toBe(FAKE_GA4_PROPERTY);
    await shot('google-card');
    await fitsPhone('google-card', site);

    await page.goto('/seo');
    // Not synced yet: the empty state offers the same choice.
    await page.getByLabel('Search Console site', { exact: true }).waitFor();
    await shot('demo-connected');
    await fitsPhone('demo-connected', page.getByRole('button', { name: 'Sync Search Console' }));
    await page.getByRole('button', { name: 'Sync Search Console' }).click();
    await page.getByText('Live Data', { exact: true }).waitFor();
    // Each fake keyword earns the same clicks every day: the card is 28 days of their sum.
    const clicks = 28 * sc.keywords.reduce((a, k) => a + k.clicks, 0);
    await page.locator('dl div', { hasText: 'Total Clicks' }).getByText(fmt.format(clicks)).waitFor();
    // The table is sorted by clicks, 25 a page: the fake's first keyword earns no clicks, so it
    // sits on page 2 — the search box finds it (a server-side search over the synced rows).
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: sc.keywords[1]!.query, exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Quick Wins' }).waitFor();
    // How the estimates are made is plain text on the page, readable on a phone too.
    await page.getByText('Estimate, not a true search volume', { exact: false }).waitFor();
    await page.getByText('Estimate from where your site already ranks', { exact: false }).waitFor();
    await shot('live');
    await fitsPhone('live', page.getByLabel('Search keywords'));
    await page.getByLabel('Search keywords').fill('emergency');
    await table.getByRole('cell', { name: 'emergency plumber', exact: true }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);

    expect(page.errors).toEqual([]);

    // Google access revoked: the next sync fails, and the page says so with the one fix.
    oauth.revokeAll('google');
    sc.failNext(401);
    await page.getByRole('button', { name: 'Sync Search Console' }).click();
    const banner = page.getByRole('alert', { name: 'Reconnect Google' });
    await banner.getByRole('button', { name: 'Reconnect Google' }).waitFor();
    await banner
      .getByText(/revoked|expired/i)
      .first()
      .waitFor();
    // The synced rows stay, explained.
    await page.getByText('The keywords below are from the last sync').waitFor();
    await shot('reconnect');
    await fitsPhone('reconnect', banner.getByRole('button', { name: 'Reconnect Google' }));
    // The failed call's 409 is the only console error.
    expect(page.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);

    // A recommendation's 'Write this post' opens the blog generator with its title as the topic.
    const write = page.getByRole('link', { name: 'Write this post' }).first();
    const topic = new URL((await write.getAttribute('href'))!, 'http://app').searchParams.get('topic');
    expect(topic).toBeTruthy();
    await write.click();
    await page.waitForURL('**/website?topic=*');
    const topicField = page.locator('#blog-topic');
    await topicField.waitFor();
    expect(await topicField.inputValue()).toBe(topic);
    await expectFitsPhone(page, 'keywords-blog-topic', topicField);
    await page.close();
  });
});
