import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpByApi } from './flows.ts';
import { browserAvailable, expectFitsPhone, SCREENSHOTS, useAppInBrowser } from './harness.ts';

// Reports from our own data: a new business without Google generates a report of its leads and
// revenue; the traffic section says what connecting Google adds.
describe.runIf(browserAvailable())('reports without Google', () => {
  const ctx = useAppInBrowser();
  beforeAll(async () => void (await mkdir(SCREENSHOTS, { recursive: true })));

  it('a new business generates a 30-day report from its leads', async () => {
    const page = await ctx.newPage();
    await signUpByApi(
      page,
      ctx.server.url,
      {
        firstName: 'Rory',
        lastName: 'Port',
        email: `report-${Date.now()}@example.com`,
        password: 'Furnace-Tune-42!',
      },
      null,
    );
    const lead = await page.request.post('/api/leads', {
      headers: { origin: ctx.server.url },
      data: {
        name: 'Ann Lee',
        service: 'Boiler repair',
        location: 'Dayton, OH',
        source: 'google_business',
        status: 'converted',
      },
    });
    expect(lead.status()).toBe(201);
    await page.goto('/reports');
    await page.getByRole('button', { name: 'Generate' }).click();
    const own = page.getByRole('region', { name: 'Your business' }).first();
    await own.waitFor();
    await own
      .getByRole('cell', { name: /google/i })
      .first()
      .waitFor();
    await page
      .getByRole('region', { name: 'Website traffic' })
      .first()
      .getByText(/Connecting Google adds/)
      .waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/report-own-data-1280.png`, fullPage: true });
    expect(page.errors).toEqual([]);
    await expectFitsPhone(page, 'report-own-data', own);
    await page.close();
  });
});
