import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TLeadPage } from '@shared/schemas/leads';
import { register } from './flows.ts';
import { browserAvailable, useAppInBrowser } from './harness.ts';

// The AI Coach: leads from two sources are converted and Revenue by Source shows what each
// brought; Get New Insights → act on one; a goal of converting leads moves as leads convert.

const SHOTS = '.tmp/screenshots';
const money = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

async function addLead(page: Page, name: string, service: string, source: string) {
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lead' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Phone (optional)').fill('(937) 555-0100');
  await dialog.getByLabel('Service').fill(service);
  await dialog.getByLabel('Location').fill('Dayton, OH');
  await dialog.getByLabel('Source').selectOption({ label: source });
  await dialog.getByRole('button', { name: 'Add Lead' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('article', { name }).getByText(`Source: ${source}`).waitFor();
}

async function convert(page: Page, name: string) {
  const row = page.getByRole('article', { name });
  await row.getByRole('button', { name: `Convert for ${name}` }).click();
  await row.getByText('Converted', { exact: true }).waitFor();
}

describe.runIf(browserAvailable())('an owner asks the coach what brings the money, acts on it and sets a goal', () => {
  const ctx = useAppInBrowser();

  for (const width of [1280, 375]) {
    it(`at ${width} px: revenue per source after two conversions → new insights → act → goal progress moves`, async () => {
      await mkdir(SHOTS, { recursive: true });
      const page = await ctx.newPage(width);
      const shot = (name: string) => page.screenshot({ path: `${SHOTS}/coach-${name}-${width}.png`, fullPage: true });
      await register(page, {
        firstName: 'Rosa',
        lastName: 'Diaz',
        email: `rosa-${width}@diaz-heating.example`,
        password: 'Return-Air-7310!',
      });

      // Two leads, one from the Google listing and one entered by hand; both become jobs.
      await page.goto('/leads');
      await addLead(page, 'Ava Stone', 'Furnace installation', 'Google Business Profile');
      await addLead(page, 'Ben Ortiz', 'Water heater repair', 'Manual entry');
      await addLead(page, 'Cal Reyes', 'AC tune-up', 'Manual entry');
      await shot('leads');
      await convert(page, 'Ava Stone');
      await convert(page, 'Ben Ortiz');
      const leads = (await (await page.request.get('/api/leads')).json()) as TLeadPage;
      const value = (name: string) => leads.leads.find((l) => l.name === name)!.jobValue!;
      expect(value('Ava Stone')).toBeGreaterThan(0);

      // Revenue by Source: each source's job value, as converted.
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'AI Coach' }).click();
      await page.waitForURL('**/ai-coach');
      await page.getByRole('tab', { name: 'Revenue by Source' }).click();
      const table = page.getByRole('region', { name: 'Revenue by source' });
      const gbp = table.getByRole('row', { name: /Google Business Profile/ });
      await gbp.getByRole('cell', { name: money(value('Ava Stone')) }).waitFor();
      const manual = table.getByRole('row', { name: /Manual entry/ });
      await manual.getByRole('cell', { name: money(value('Ben Ortiz')) }).waitFor();
      expect(await manual.getByRole('cell').nth(0).textContent()).toBe('2'); // Cal and Ben: 2 leads, 1 job
      await shot('revenue');

      // Get New Insights (the offline engine here) → the revenue insight cites the figures → act on it.
      await page.getByRole('tab', { name: 'AI Insights' }).click();
      await page.getByRole('button', { name: 'Get New Insights' }).click();
      const insight = page.getByRole('listitem', { name: /is your best earner this month/ });
      await insight.waitFor();
      await insight
        .getByText(money(value('Ava Stone') + value('Ben Ortiz')))
        .first()
        .waitFor();
      await shot('insights');
      await insight.getByRole('button', { name: 'Mark as read' }).click();
      await insight.getByRole('button', { name: 'Mark as read' }).waitFor({ state: 'detached' });
      await insight.getByRole('link', { name: 'See revenue by source' }).click();
      await page.waitForURL('**/ai-coach?tab=revenue');
      await page.getByRole('region', { name: 'Revenue by source' }).waitFor();

      // A goal of converting leads this week: 0 of 2, then 1 of 2 once Cal's job is booked.
      await page.getByRole('tab', { name: 'Goals & Progress' }).click();
      await page.getByLabel('Title').fill('Book 2 more jobs this week');
      await page.getByLabel('Target').fill('2');
      await page.getByLabel('Counts').selectOption({ label: 'Leads converted' });
      await page.getByLabel('Category').selectOption({ label: 'Leads' });
      await page.getByRole('button', { name: 'Create Goal' }).click();
      const goal = page.getByRole('listitem', { name: 'Book 2 more jobs this week' });
      await goal.getByText('0 of 2').waitFor();
      await page.goto('/leads');
      await convert(page, 'Cal Reyes');
      await page.goto('/ai-coach?tab=goals');
      await goal.getByText('1 of 2').waitFor();
      expect(await goal.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
      await shot('goals');
      expect(page.errors).toEqual([]);
    });
  }
});
