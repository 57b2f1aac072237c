import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio-server.ts';
import { signUpByApi } from './flows.ts';
import { browserAvailable, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const PHONE = { width: 375, height: 812 };

// The owner's phone, second part (issue 37): Settings → Notifications, and a note typed in a
// thread without a network, kept on the phone and sent once back online.
describe.runIf(browserAvailable())("the owner's phone: notifications and a note made offline", () => {
  let twilio: FakeTwilio;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => twilio?.close());
  const ctx = useAppInBrowser({ env: () => ({ TWILIO_API_BASE_URL: twilio.url, OUTBOUND_ALLOW: '127.0.0.1' }) });

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

  it('a note typed in a thread without a network is kept on the phone and sent once back online', async () => {
    const page = await ctx.newPage(PHONE.width);
    await page.setViewportSize(PHONE);
    const origin = ctx.server.url;
    await signUpByApi(
      page,
      origin,
      { firstName: 'Ana', lastName: 'Cruz', email: 'ana.offline@cruz-plumbing.example', password: 'Pipe-Wrench-5521!' },
      null,
    );
    const number = '+15125557301';
    const { accountSid, authToken } = twilio.options;
    const saved = await page.request.put('/api/settings/sms', {
      headers: { origin },
      data: { accountSid, authToken, phoneNumber: number },
    });
    expect(saved.status()).toBe(200);
    const hook = twilio.inbound(`${origin}/api/webhooks/twilio/sms`, {
      from: '+15125550177',
      to: number,
      body: 'Is Thursday morning OK for the water heater?',
    });
    const inbound = await page.request.post(new URL(hook.url).pathname, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': hook.signature },
      data: hook.body,
    });
    expect(inbound.status()).toBe(200);

    await page.goto('/inbox');
    await page.getByRole('link', { name: /water heater/ }).click();
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Is Thursday morning OK for the water heater?').waitFor();

    await page.context().setOffline(true);
    await page.getByRole('combobox', { name: 'Send as' }).selectOption('note');
    await page.getByLabel('Your reply').fill('Offered Thursday 9am, waiting on him');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Saved on this phone', { exact: true }).first().waitFor();
    expect(await page.getByLabel('Your reply').inputValue()).toBe('');
    await page
      .getByRole('status', { name: 'Offline' })
      .getByText(/1 change will be sent/)
      .waitFor();

    await page.context().setOffline(false);
    await page
      .getByText(/note “Offered Thursday 9am, waiting on him” \(made offline\)\./)
      .first()
      .waitFor();
    await messages.getByText('Offered Thursday 9am, waiting on him').waitFor();
    const thread = new URL(page.url()).pathname.replace('/inbox/', '/api/conversations/');
    const body = (await (await page.request.get(thread)).json()) as { messages: { channel: string; body: string }[] };
    expect(body.messages.filter((m) => m.channel === 'note').map((m) => m.body)).toEqual([
      'Offered Thursday 9am, waiting on him',
    ]);
    await page.close();
  });
});
