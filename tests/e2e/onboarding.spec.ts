import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { register } from './flows.ts';
import { browserAvailable, SCREENSHOTS, useAppInBrowser } from './harness.ts';

describe.runIf(browserAvailable())('a visitor sets up through onboarding on a phone', () => {
  const ctx = useAppInBrowser();

  it('goes through all five steps, gets an offline plan, creates an account without losing it, and Complete Setup lands on the dashboard with the profile stored', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const page = await ctx.newPage(375);
    await page.goto('/onboarding');
    const next = page.getByRole('button', { name: 'Next', exact: true });

    // Step 1: Next waits for a name and a type of business.
    await page.getByText('Step 1 of 5').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel('Business name').fill('Summit Roofing Co.');
    await page.getByLabel('Service area').fill('Boise, ID');
    await page.getByRole('radio', { name: 'Roofing' }).check({ force: true });
    await page.getByRole('radio', { name: '6–15 people' }).check({ force: true });
    await next.click();

    // Step 2: at least one goal.
    await page.getByText('Step 2 of 5').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Get more 5-star reviews' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Slow seasons with too little work' }).check({ force: true });
    await page.getByRole('radio', { name: '$1,500–$3,000 a month' }).check({ force: true });
    await next.click();

    // Step 3: the website address appears only with "we have a website".
    await page.getByText('Step 3 of 5').waitFor();
    expect(await page.getByLabel('Website address').count()).toBe(0);
    await page
      .getByRole('checkbox', { name: /website/i })
      .last()
      .check({ force: true });
    await page.getByLabel('Website address').fill('summitroofing.example');
    await page
      .getByRole('group', { name: 'Social platforms' })
      .getByRole('checkbox', { name: 'Facebook' })
      .check({ force: true });
    await next.click();

    // Step 4: a content tone is required; then the plan is generated.
    await page.getByText('Step 4 of 5').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'Friendly' }).check({ force: true });
    await next.click();

    await page.getByText('Step 5 of 5').waitFor();
    await page.getByText("Written by Fieldwise's built-in offline planner", { exact: false }).waitFor();
    const plan = page.getByRole('list', { name: 'Recommendations' });
    await plan.getByText('Plan a campaign for winter').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/onboarding-plan-375.png`, fullPage: true });

    // A visitor is asked to create an account first; the answers wait on this device.
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.getByRole('link', { name: 'Create free account' }).click();
    await page.waitForURL('**/register?next=/onboarding');
    const owner = {
      firstName: 'Avery',
      lastName: 'Stone',
      email: 'avery@summitroofing.example',
      password: 'Ridge-Vent-5150!',
    };
    await register(page, owner, { landsOn: '**/onboarding' });

    // Back on step 5 with the same plan; Complete Setup saves and goes to the dashboard.
    await page.getByText('Step 5 of 5').waitFor();
    await plan.getByText('Plan a campaign for winter').waitFor();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/dashboard');

    const saved = await page.request.get('/api/user/onboarding');
    const body = (await saved.json()) as { profile: Record<string, unknown>; recommendations: { title: string }[] };
    expect(body.profile).toMatchObject({
      businessName: 'Summit Roofing Co.',
      businessType: 'roofing',
      serviceArea: 'Boise, ID',
      teamSize: '6-15',
      primaryGoals: ['more-reviews'],
      hasWebsite: true,
      websiteUrl: 'summitroofing.example',
      contentTone: 'friendly',
    });
    expect(body.recommendations.map((r) => r.title)).toContain('Plan a campaign for winter');
    expect(await page.evaluate(() => localStorage.getItem('fieldwise.onboardingDraft'))).toBeNull();
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
