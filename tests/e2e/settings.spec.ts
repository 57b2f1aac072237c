import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { register } from './flows.ts';
import { browserAvailable, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const PASSWORD = 'Boiler-Room-2047!';
// A WordPress application password; saving stores it without calling the site.
const APP_PASSWORD = 'QmZt 8kLw 3vRe 9pXa 5nYc 2hJd';

describe.runIf(browserAvailable())('an owner connects WordPress in settings, on a phone', () => {
  // Development mode: the dev overlay's /api/dev/status is not served in production.
  const ctx = useAppInBrowser({ env: () => ({ NODE_ENV: 'development' }) });

  it('saves WordPress, stays Connected after a reload with only a mask of the password on the page, and refuses an empty GA4 ID', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const page = await ctx.newPage(375);
    await register(page, {
      firstName: 'Rosa',
      lastName: 'Alvarez',
      email: 'rosa.alvarez@example.com',
      password: PASSWORD,
    });

    // The new owner is the admin of their business, so every tab is theirs, White label and System included.
    await page.goto('/settings?tab=wordpress');
    const tabs = page.getByRole('tablist', { name: 'Settings sections' });
    const card = page.getByRole('region', { name: 'WordPress' });
    await card.waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([
      'Profile',
      'WordPress',
      'Analytics',
      'Business',
      'SMS',
      'Lead form',
      'Social',
      'Connections',
      'Team',
      'Billing',
      'Notifications',
      'Custom domain',
      'White label',
      'System',
    ]);

    await card.getByLabel('WordPress site URL').fill('https://rosas-plumbing.example.com');
    await card.getByLabel('Username').fill('rosa');
    await card.getByLabel('Application password', { exact: true }).fill(APP_PASSWORD);
    await card.getByRole('button', { name: 'Save WordPress Settings' }).click();
    await page.getByText('Your WordPress settings have been saved.').first().waitFor();
    await card.getByText('Connected', { exact: true }).waitFor();

    await page.reload();
    await card.getByText('Connected', { exact: true }).waitFor();
    expect(await card.getByLabel('WordPress site URL').inputValue()).toBe('https://rosas-plumbing.example.com');
    const secret = card.getByLabel('Application password', { exact: true });
    expect(await secret.getAttribute('placeholder')).toBe('••••••••2hJd');
    expect(await secret.inputValue()).toBe('');
    expect(await page.content()).not.toContain('8kLw');
    await page.screenshot({ path: `${SCREENSHOTS}/settings-wordpress-connected-375.png`, fullPage: true });

    // Analytics: an empty measurement ID is refused before anything is sent.
    await tabs.getByRole('tab', { name: 'Analytics' }).click();
    await page.waitForURL('**/settings?tab=analytics');
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') saves.push(request.url());
    });
    await page.getByRole('button', { name: 'Save Analytics Settings' }).click();
    await page.getByText('Missing Measurement ID').first().waitFor();
    await page.getByText('Please enter your GA4 measurement ID.').first().waitFor();
    expect(saves).toEqual([]);

    // The dev overlay names the real business and user.
    await page.goto('/settings?dev=1');
    const hud = page.getByRole('complementary', { name: 'Developer status' });
    await hud.getByText('rosa.alvarez@example.com').waitFor();
    // A business created at sign-up without a name is named after its owner.
    await hud.getByText('Rosa Alvarez', { exact: true }).waitFor();
    expect(page.errors).toEqual([]);
  });
});
