import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpByApi } from './flows.ts';
import { browserAvailable, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const PHONE = { width: 375, height: 812 };

// The owner's phone, second part (issue 37): Settings → Notifications.
describe.runIf(browserAvailable())("the owner's phone: Settings → Notifications", () => {
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));
  const ctx = useAppInBrowser();

  it('Settings → Notifications lists the other devices with Remove, the test push and the per-kind choices', async () => {
    const page = await ctx.newPage(1280);
    await signUpByApi(page, ctx.server.url, {
      firstName: 'Jo',
      lastName: 'Reyes',
      email: 'jo.push@reyes-air.example',
      password: 'Blower-Motor-4410!',
      businessName: 'Reyes Air',
    });
    // Another device of this member, as its browser registered it.
    const other = await page.request.post('/api/push/subscriptions', {
      headers: { origin: ctx.server.url },
      data: {
        endpoint: 'https://push.invalid/send/abc123',
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
        device: 'Chrome on Android',
      },
    });
    expect(other.status(), await other.text()).toBe(201);
    await page.goto('/settings?tab=notifications');
    const devices = page.getByRole('list', { name: 'Your other devices' });
    await devices.getByText('Chrome on Android').waitFor();
    await devices.getByText(/No push sent yet/).waitFor();
    await page.getByRole('button', { name: 'Send a test push' }).click();
    await page.getByText('Test push sent', { exact: true }).first().waitFor();

    const choice = page.getByRole('checkbox', { name: 'A task is due' });
    expect(await choice.isChecked()).toBe(true);
    await choice.click();
    await expect.poll(async () => (await (await page.request.get('/api/push')).json()).choices.task_due).toBe(false);
    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'A task is due' }).isChecked()).toBe(false);
    await page.screenshot({ path: `${SCREENSHOTS}/notifications-1280.png`, fullPage: true });

    await page.setViewportSize(PHONE);
    await devices.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SCREENSHOTS}/notifications-375.png`, fullPage: true });

    await page.getByRole('button', { name: 'Remove Chrome on Android' }).click();
    await page.getByText('None. Open Settings → Notifications on your phone to add it.').waitFor();
    expect((await (await page.request.get('/api/push')).json()).devices).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
