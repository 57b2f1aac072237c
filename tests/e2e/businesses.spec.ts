import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signUpByApi } from './flows.ts';
import {
  browserAvailable,
  DESKTOP,
  expectFitsPhone,
  phoneCheckpoint,
  SCREENSHOTS,
  useAppInBrowser,
} from './harness.ts';

describe.runIf(browserAvailable())('an agency runs two businesses from one login', () => {
  const ctx = useAppInBrowser();

  it('creates a second business, works in it, and switches back; the pages fit a phone', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const page = await ctx.newPage();
    // A sign-up without a business name names the business after the person.
    const agency = 'Jo Rivera';
    const client = 'Bright Plumbing';
    await signUpByApi(page, ctx.server.url, {
      firstName: 'Jo',
      lastName: 'Rivera',
      email: 'jo.rivera@example.com',
      password: 'Agency-Desk-7731!',
    });

    // On the free plan the page says what agency mode needs instead of offering the form.
    await page.goto('/businesses');
    await page.getByText(/part of the Enterprise plan/).waitFor();
    expect(await page.getByLabel('Business name').count()).toBe(0);
    await phoneCheckpoint(page, 'businesses-free-plan', page.getByRole('link', { name: 'See plans' }));

    // Without Stripe the admin picks the local Enterprise plan.
    await page.goto('/settings?tab=billing');
    const enterprise = page.locator('[data-plan="enterprise"]').getByRole('button', { name: 'Switch to this plan' });
    await phoneCheckpoint(page, 'businesses-plans', enterprise);
    await enterprise.click();
    await page.getByRole('heading', { name: 'Enterprise plan' }).waitFor();

    await page.goto('/businesses');
    await page.getByLabel('Business name').fill(client);
    await page.getByRole('button', { name: 'Create business' }).click();
    await page.waitForURL('**/settings?tab=business');

    // The header now offers the switcher, naming the business in use.
    const switcher = page.getByRole('button', { name: `Business: ${client}. Switch business` });
    await switcher.waitFor();
    await phoneCheckpoint(page, 'businesses-new-business-settings', switcher);
    await page.goto('/businesses');
    const cards = page.getByRole('list', { name: 'Your businesses' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    await page.screenshot({ path: `${SCREENSHOTS}/businesses-1280.png`, fullPage: true });

    // On a phone: both cards, and the header's switcher opens a menu that fits.
    await expectFitsPhone(page, 'businesses', page.getByRole('button', { name: `Switch to ${agency}` }));
    await switcher.click();
    await expectFitsPhone(page, 'businesses-switcher', page.getByRole('menuitem', { name: new RegExp(agency) }));
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: new RegExp(agency) }).waitFor({ state: 'detached' });
    await page.setViewportSize(DESKTOP);

    await switcher.click();
    await page.getByRole('menuitem', { name: new RegExp(agency) }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: `Business: ${agency}. Switch business` }).waitFor();
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
