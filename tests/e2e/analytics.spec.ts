import { mkdir, readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOAuthEnv, startFakeOAuthServer, type FakeOAuthServer } from '../fakes/oauth-server.ts';
import { FAKE_GA4_OTHER_PROPERTY, FAKE_GA4_PROPERTY, startFakeGa4, type FakeGa4 } from '../fakes/ga4-server.ts';
import { startFakeSearchConsole, type FakeSearchConsole } from '../fakes/search-console-server.ts';
import { connectGoogle, signUpByApi } from './flows.ts';
import { browserAvailable, expectFitsPhone, phoneCheckpoint, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const fmt = new Intl.NumberFormat('en-US');

/** The PDF's document title (Chromium writes the page's <title> into the Info dictionary). */
function pdfTitle(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const hex = /\/Title\s*<FEFF([0-9A-Fa-f]*)>/.exec(text);
  if (hex) return Buffer.from(hex[1]!, 'hex').swap16().toString('utf16le');
  return /\/Title\s*\(((?:\\.|[^\\)])*)\)/.exec(text)?.[1] ?? '';
}

describe.runIf(browserAvailable())('an owner connects Google, reads the traffic and takes a report away', () => {
  let oauth: FakeOAuthServer;
  let ga4: FakeGa4;
  let sc: FakeSearchConsole;
  beforeAll(async () => {
    oauth = await startFakeOAuthServer();
    ga4 = await startFakeGa4();
    sc = await startFakeSearchConsole({ days: 60 });
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await Promise.all([oauth?.close(), ga4?.close(), sc?.close()]);
  });
  const ctx = useAppInBrowser({
    env: () => ({
      ...fakeOAuthEnv(oauth.url),
      GA4_BASE_URL: ga4.url,
      GA4_ADMIN_BASE_URL: ga4.url,
      SEARCH_CONSOLE_BASE_URL: sc.url,
    }),
  });

  async function connect(page: Page) {
    const google = await connectGoogle(page);
    // Which GA4 property: picked from the Admin API's list (the first is preselected).
    const property = google.getByLabel('GA4 property', { exact: true });
    await property.waitFor();
    expect(await property.inputValue()).toBe(FAKE_GA4_PROPERTY);
    expect(await property.locator('option').count()).toBe(2);
    await property.selectOption(FAKE_GA4_OTHER_PROPERTY);
    await property.selectOption(FAKE_GA4_PROPERTY);
    await google.getByRole('button', { name: 'Use these properties' }).click();
    await google
      .getByRole('status')
      .getByText(/^Saved\./)
      .waitFor();
  }

  /** The fake's sessions over the last `n` days in New York (the business's default zone). */
  function lastDays(n: number) {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const start = new Date(`${today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() - (n - 1));
    const from = start.toISOString().slice(0, 10);
    return ga4.days.filter((d) => d.date >= from && d.date <= today);
  }

  it("empty state → connect → chart of the fake's numbers → report → PDF → CSV → reconnect; the pages fit a phone", async () => {
    const page = await ctx.newPage();
    const shot = (name: string) =>
      page.screenshot({ path: `${SCREENSHOTS}/analytics-${name}-1280.png`, fullPage: true });
    // Each state of a page is looked at on a phone too, then the flow goes on at desktop width.
    const onPhone = (name: string, keyControl: Locator) => phoneCheckpoint(page, `analytics-${name}`, keyControl);
    await signUpByApi(page, ctx.server.url, {
      firstName: 'Rosa',
      lastName: 'Alvarez',
      email: 'rosa.analytics@example.com',
      password: 'Leaky-Faucet-2049!',
    });

    await page.goto('/analytics');
    const notConnected = page.getByRole('status').filter({ hasText: /Connect Google in Settings/ });
    await notConnected.waitFor();
    await page.getByText('No analytics reports available').waitFor();
    await shot('empty');
    await onPhone('empty', notConnected.getByRole('link', { name: 'Open Settings' }));

    await connect(page);
    await onPhone(
      'connected',
      page.getByRole('region', { name: 'Google', exact: true }).getByRole('button', { name: 'Use these properties' }),
    );
    await page.goto('/analytics');
    const month = lastDays(30);
    const users = month.reduce((a, d) => a + d.users, 0);
    await page.locator('dl div', { hasText: 'Total Users' }).getByText(fmt.format(users)).waitFor();
    // The weekday chart: Monday's point is the sum of the Mondays of the last 7 days.
    const week = lastDays(7);
    const monday = week.find((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 1)!;
    await page.getByText(`Mon: ${fmt.format(monday.sessions)}`, { exact: true }).waitFor({ state: 'attached' });
    await page.getByRole('list', { name: 'Traffic sources' }).getByText('50.0%').waitFor();
    await shot('live');
    await onPhone('live', page.getByRole('button', { name: 'Generate' }));

    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('New analytics report has been generated successfully.').first().waitFor();
    const traffic = month.reduce((a, d) => a + d.sessions, 0);
    await page.locator('dl div', { hasText: 'Total Traffic' }).getByText(fmt.format(traffic)).waitFor();
    await page
      .getByRole('region', { name: 'Recent reports' })
      .getByText(`${fmt.format(traffic)} visitors`)
      .waitFor();
    await shot('report-card');
    await onPhone('report-card', page.getByRole('link', { name: 'Open the full report' }));

    await page.getByRole('link', { name: 'Open the full report' }).click();
    await page.waitForURL('**/reports/*');
    await page.getByRole('heading', { name: 'Last 30 days' }).waitFor();
    await shot('report-page');
    await onPhone('report-page', page.getByRole('link', { name: 'Download PDF' }));

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfTitle(bytes)).toContain('Rosa Alvarez');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()]);
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text).toContain('Business,Rosa Alvarez\r\n');
    expect(text).toContain(`Traffic (sessions),${traffic}\r\n`);
    // Every GA4 report asked for the property the owner picked.
    expect(new Set(ga4.requests.map((r) => r.propertyId))).toEqual(new Set([FAKE_GA4_PROPERTY]));

    expect(page.errors).toEqual([]);

    // Google access revoked: the next GA4 call fails, and the page says so with the one fix.
    oauth.revokeAll('google');
    ga4.failNext(401);
    await page.goto('/analytics');
    await page.getByLabel('Traffic period').selectOption('90days');
    const banner = page.getByRole('alert', { name: 'Reconnect Google' });
    await banner.getByRole('button', { name: 'Reconnect Google' }).waitFor();
    await page.reload();
    await banner.getByRole('button', { name: 'Reconnect Google' }).waitFor();
    // The status box would repeat it: only the banner speaks.
    await page.getByText('Paused until Google is reconnected (see above).').first().waitFor();
    expect(await page.getByText(/Connect Google in Settings/).count()).toBe(0);
    await shot('reconnect');
    await expectFitsPhone(page, 'analytics-reconnect', banner.getByRole('button', { name: 'Reconnect Google' }));
    // The failed call's 409 is the only console error.
    expect(page.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await page.close();
    // A dozen page loads, a PDF and a CSV: past a minute when both cores are busy (44 s alone).
  }, 120_000);
});
