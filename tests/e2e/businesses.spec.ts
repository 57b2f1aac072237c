import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { register } from './flows.ts';
import { browserAvailable, useAppInBrowser } from './harness.ts';

const SHOTS = '.tmp/screenshots';

describe.runIf(browserAvailable())('an agency runs two businesses from one login', () => {
  const ctx = useAppInBrowser();

  for (const width of [1280, 375]) {
    it(`creates a second business, works in it, and switches back, at ${width} px`, async () => {
      await mkdir(SHOTS, { recursive: true });
      const page = await ctx.newPage(width);
      // A sign-up without a business name names the business after the person.
      const agency = 'Jo Rivera';
      const client = `Bright Plumbing ${width}`;
      await register(page, {
        firstName: 'Jo',
        lastName: 'Rivera',
        email: `jo.rivera.${width}@example.com`,
        password: 'Agency-Desk-7731!',
      });

      // On the free plan the page says what agency mode needs instead of offering the form.
      await page.goto('/businesses');
      await page.getByText(/part of the Enterprise plan/).waitFor();
      expect(await page.getByLabel('Business name').count()).toBe(0);

      // Without Stripe the admin picks the local Enterprise plan.
      await page.goto('/settings?tab=billing');
      await page.locator('[data-plan="enterprise"]').getByRole('button', { name: 'Switch to this plan' }).click();
      await page.getByRole('heading', { name: 'Enterprise plan' }).waitFor();

      await page.goto('/businesses');
      await page.getByLabel('Business name').fill(client);
      await page.getByRole('button', { name: 'Create business' }).click();
      await page.waitForURL('**/settings?tab=business');

      // The header now offers the switcher, naming the business in use.
      const switcher = page.getByRole('button', { name: `Business: ${client}. Switch business` });
      await switcher.waitFor();
      await page.goto('/businesses');
      const cards = page.getByRole('list', { name: 'Your businesses' }).getByRole('listitem');
      await expect.poll(() => cards.count()).toBe(2);
      await page.screenshot({ path: `${SHOTS}/businesses-${width}.png`, fullPage: true });

      await switcher.click();
      await page.getByRole('menuitem', { name: new RegExp(agency) }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('button', { name: `Business: ${agency}. Switch business` }).waitFor();
      expect(page.errors).toEqual([]);
      await page.close();
    });
  }
});
