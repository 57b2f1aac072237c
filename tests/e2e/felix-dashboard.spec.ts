import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { register, signUpByApi } from './flows.ts';
import { browserAvailable, recordLayoutShifts, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const PASSWORD = 'Condenser-Coil-8821!';

/** Leads as they arrive by phone, created through the API with the browser's session. */
async function seedLeads(page: Page) {
  const leads = [
    { name: 'Maria Lopez', service: 'AC repair', location: 'Austin, TX' },
    { name: 'Sam Whitaker', service: 'Furnace tune-up', location: 'Round Rock, TX' },
    { name: 'Priya Shah', service: 'Duct cleaning', location: 'Cedar Park, TX' },
    { name: 'Tom Becker', service: 'Heat pump install', location: 'Austin, TX', status: 'converted' },
  ];
  for (const lead of leads) {
    const res = await page.request.post('/api/leads', { data: lead });
    expect(res.status(), await res.text()).toBe(201);
  }
}

const keyFigure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Key figures' })
    .locator('div.rounded-xl', { has: page.getByRole('heading', { name: label }) });

describe.runIf(browserAvailable())('an owner checks the dashboard and asks Felix about leads', () => {
  const ctx = useAppInBrowser();

  it("shows the business's own figures, answers with the true lead count offline, shows insights that lead somewhere, and rotates and dismisses hints", async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const page = await ctx.newPage(1280);
    await register(page, {
      firstName: 'Riley',
      lastName: 'Park',
      email: 'riley@parkcomfort.example',
      password: PASSWORD,
    });

    // A brand-new business: honest empty figures, no sample numbers.
    await keyFigure(page, 'Avg. review rating').getByText('No reviews yet').waitFor();
    expect(await keyFigure(page, 'Leads this month').locator('p').first().textContent()).toBe('0');

    await seedLeads(page);
    await page.reload();
    await keyFigure(page, 'Leads this month').getByText('4', { exact: true }).waitFor();
    await keyFigure(page, 'Lead conversion').getByText('25.0%', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    expect(await page.getByText('247').count()).toBe(0);

    // The hints widget rotates every 10 s and a hint can be dismissed.
    const hints = page.getByRole('complementary', { name: 'Felix' });
    const hintTitle = () => hints.getByRole('heading', { level: 3 }).textContent();
    const first = await hintTitle();
    const dots = hints.getByRole('button', { name: /^Show hint/ });
    const dotCount = await dots.count();
    expect(dotCount).toBeGreaterThan(1);
    await page.waitForFunction((t) => document.querySelector('aside h3')?.textContent !== t, first, {
      timeout: 12_000,
    });
    const second = await hintTitle();
    expect(second).not.toBe(first);
    await hints.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => dots.count()).toBe(dotCount - 1 > 1 ? dotCount - 1 : 0);
    expect(await hints.getByText(second ?? '', { exact: true }).count()).toBe(0);

    // Felix: starts closed, refuses an empty message, answers with the true count.
    await page.getByRole('button', { name: 'Chat with Felix' }).click();
    const panel = page.getByRole('dialog', { name: 'Felix' });
    const input = panel.getByRole('textbox', { name: 'Message Felix' });
    const send = panel.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);
    await input.fill('   ');
    await input.press('Enter');
    expect(await send.isDisabled()).toBe(true);
    expect(await panel.getByText('You said:').count()).toBe(0);

    await input.fill('How many new leads do I have?');
    await input.press('Enter');
    const answer = panel.locator('li', { hasText: /You have 3 new leads and 4 leads in all/ });
    await answer.waitFor();
    expect(await answer.getByText('Offline', { exact: true }).count()).toBe(1);

    // The welcome insight (3 s after load) leads to its page.
    const insight = panel.getByRole('article', { name: 'Reply to new leads first' });
    await insight.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/felix-panel-1280.png` });
    await insight.getByRole('button', { name: 'Show Me How' }).click();
    await page.waitForURL('**/leads');
    expect(page.errors).toEqual([]);
  });

  it('keeps the hints card its column from the first paint at 1280 px, and none on a page where it was closed', async () => {
    const page = await ctx.newPage(1280);
    await signUpByApi(
      page,
      ctx.server.url,
      { firstName: 'Cal', lastName: 'Column', email: 'cal@column.example', password: PASSWORD },
      null,
    );
    // Every load's layout shifts, as CLS counts them (none follows an input here).
    const shifted = await recordLayoutShifts(page);
    const marked = async (path: string) =>
      (await (await page.request.get(path)).text()).includes('<html lang="en" data-hint-column');
    const card = page.getByRole('complementary', { name: 'Felix' });
    const heading = page.locator('main h1');
    const mainWidth = () =>
      page.locator('main').evaluate((main) => main.clientWidth - parseFloat(getComputedStyle(main).paddingRight));

    // A first visit: drawn with the column free, the card opens into it and nothing moves.
    expect(await marked('/reviews')).toBe(true);
    await page.goto('/reviews');
    await card.waitFor();
    const withColumn = await mainWidth();
    expect(await shifted()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hint-column'))).toBe(false);
    expect(await heading.textContent()).toBe('Reviews');

    // Closed there, the page comes without the column and stays so.
    await card.getByRole('button', { name: 'Close hints' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await marked('/reviews')).toBe(false);
    await page.reload();
    await page.getByRole('button', { name: 'Felix Hints' }).waitFor();
    expect(await mainWidth()).toBeGreaterThan(withColumn);
    expect(await shifted()).toBe(0);
    // Another page with hints still keeps it; one without hints never does.
    expect(await marked('/leads')).toBe(true);
    expect(await marked('/settings')).toBe(false);
    expect(page.errors).toEqual([]);
  });
});
