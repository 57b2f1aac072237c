import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { register } from './flows.ts';
import { browserAvailable, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const PASSWORD = 'Return-Air-7310!';

/** Waits until a summary card shows `value`. */
async function cardShows(page: Page, label: string, value: string) {
  const card = page.getByLabel('Lead summary').locator('div', { has: page.locator('dt', { hasText: label }) });
  await card.locator('dd', { hasText: new RegExp(`^${value.replace(/[$]/g, '\\$&')}$`) }).waitFor();
}

async function toast(page: Page, title: string) {
  await page.getByText(title, { exact: true }).first().waitFor();
}

async function addLead(
  page: Page,
  lead: { name: string; email: string; phone: string; service: string; location: string; priority: string },
) {
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lead' });
  await dialog.getByLabel('Name').fill(lead.name);
  await dialog.getByLabel('Email (optional)').fill(lead.email);
  await dialog.getByLabel('Phone (optional)').fill(lead.phone);
  await dialog.getByLabel('Service').fill(lead.service);
  await dialog.getByLabel('Location').fill(lead.location);
  await dialog.getByLabel('Priority').selectOption({ label: lead.priority });
  await dialog.getByRole('button', { name: 'Add Lead' }).click();
  await dialog.waitFor({ state: 'detached' });
  await toast(page, 'Lead Added');
  await page.getByRole('article', { name: lead.name }).waitFor();
}

describe.runIf(browserAvailable())('an owner works a lead from first call to a booked job', () => {
  const ctx = useAppInBrowser();

  it('adds leads, finds one by search, qualifies, contacts and converts it, and the conversion rate follows; another business never sees it', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const page = await ctx.newPage(1280);
    await register(page, {
      firstName: 'Dana',
      lastName: 'Brooks',
      email: 'dana@brooks-heating.example',
      password: PASSWORD,
    });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Leads' }).click();
    await page.waitForURL('**/leads');
    await page.getByText('Add your first lead to get started').waitFor();
    await cardShows(page, 'Total Leads', '0');
    await cardShows(page, 'Conversion Rate', '0%');

    // Two leads by hand, the way they come in over the phone.
    await addLead(page, {
      name: 'Maria Lopez',
      email: 'maria.lopez@example.com',
      phone: '(512) 555-0142',
      service: 'Emergency furnace replacement - no heat',
      location: 'Austin, TX',
      priority: 'High',
    });
    await addLead(page, {
      name: 'Tom Becker',
      email: 'tom@example.com',
      phone: '512-555-0199',
      service: 'Gutter cleaning',
      location: 'Round Rock, TX',
      priority: 'Low',
    });
    await cardShows(page, 'Total Leads', '2');
    await cardShows(page, 'New Leads', '2');

    // Search by service: only Maria's furnace job is left.
    await page.getByRole('searchbox', { name: 'Search leads' }).fill('FURNACE');
    await page.getByRole('article', { name: 'Tom Becker' }).waitFor({ state: 'detached' });
    const maria = page.getByRole('article', { name: 'Maria Lopez' });
    await maria.waitFor();
    expect(await page.getByRole('list', { name: 'Leads' }).getByRole('article').count()).toBe(1);
    // The row can say why it scored what it did.
    await maria.getByText(/^Why \d+:/).waitFor();

    // Qualify: the criteria are met (reachable, a promising score, came in today).
    await maria.getByRole('button', { name: 'Qualify for Maria Lopez' }).click();
    await toast(page, 'Lead Qualified');
    await maria.getByText('Qualified', { exact: true }).waitFor();
    expect(await maria.getByRole('button', { name: 'Qualify for Maria Lopez' }).count()).toBe(0);
    await cardShows(page, 'Qualified', '1');

    // Contact, which turns the button into Mark New.
    await maria.getByRole('button', { name: 'Contact for Maria Lopez' }).click();
    await toast(page, 'Lead Updated');
    await maria.getByText('Contacted', { exact: true }).waitFor();
    await maria.getByRole('button', { name: 'Mark New for Maria Lopez' }).waitFor();

    // Convert: the dialog asks what the job was worth (the predicted value to start); a negative
    // value is refused in words and stays typed; then the job is booked and the rate moves to 1 of 2.
    await maria.getByRole('button', { name: 'Convert for Maria Lopez' }).click();
    const convert = page.getByRole('dialog', { name: 'Convert Maria Lopez' });
    const jobValue = convert.getByLabel('Job value');
    expect(await jobValue.inputValue()).toMatch(/^\d+(\.\d+)?$/);
    await jobValue.fill('-40');
    await convert.getByRole('button', { name: 'Convert Lead' }).click();
    await convert.getByText('Job value cannot be negative.').waitFor();
    expect(await jobValue.inputValue()).toBe('-40');
    await page.screenshot({ path: `${SCREENSHOTS}/leads-convert-error-1280.png` });
    await jobValue.fill('2,400');
    await convert.getByRole('button', { name: 'Convert Lead' }).click();
    await convert.waitFor({ state: 'detached' });
    await toast(page, 'Lead Updated');
    await maria.getByText('Converted', { exact: true }).waitFor();
    expect(await maria.getByRole('button', { name: 'Convert for Maria Lopez' }).count()).toBe(0);
    await cardShows(page, 'Conversion Rate', '50%');
    await page.screenshot({ path: `${SCREENSHOTS}/leads-worked-1280.png`, fullPage: true });

    const own = await page.request.get('/api/leads?q=maria');
    const [lead] = ((await own.json()) as { leads: { id: string; status: string; jobValue: number | null }[] }).leads;
    expect(lead?.status).toBe('converted');
    expect(lead?.jobValue).toBe(2400);
    expect(page.errors).toEqual([]);

    // Another business, in its own browser session, on a phone.
    const other = await ctx.newPage(375);
    await register(other, {
      firstName: 'Sam',
      lastName: 'Patel',
      email: 'sam@patel-plumbing.example',
      password: PASSWORD,
    });
    await other.goto('/leads');
    await other.getByText('Add your first lead to get started').waitFor();
    // On a phone the cards fold into one line of the same figures.
    await expect
      .poll(() => other.getByLabel('Lead figures').innerText())
      .toMatch(/^0 leads · 0 new · 0 qualified · 0% converted$/);
    await other.getByRole('searchbox', { name: 'Search leads' }).fill('Maria');
    await other.getByText('Try adjusting your filters').waitFor();
    expect(await other.getByRole('article', { name: 'Maria Lopez' }).count()).toBe(0);
    await other.screenshot({ path: `${SCREENSHOTS}/leads-other-tenant-375.png`, fullPage: true });
    // Nor can it reach the lead by its id: the same 404 as a lead that does not exist.
    const foreign = await other.request.patch(`/api/leads/${lead?.id}`, {
      data: { status: 'contacted' },
      headers: { Origin: ctx.server.url },
    });
    expect(foreign.status()).toBe(404);
    expect((await other.request.post(`/api/leads/${lead?.id}/recommendations`)).status()).toBe(404);
    expect(other.errors).toEqual([]);
    await other.close();
    await page.close();
  });
});
