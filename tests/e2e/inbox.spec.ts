import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio, type SignedWebhook } from '../fakes/twilio-server.ts';
import { signUpByApi } from './flows.ts';
import { browserAvailable, expectFitsPhone, SCREENSHOTS, useAppInBrowser } from './harness.ts';

describe.runIf(browserAvailable())('the inbox (issue 38)', () => {
  let twilio: FakeTwilio;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => twilio?.close());
  const ctx = useAppInBrowser({ env: () => ({ TWILIO_API_BASE_URL: twilio.url, OUTBOUND_ALLOW: '127.0.0.1' }) });

  it('an inbound text appears without reload; the owner sends the edited suggestion; the thread shows delivered', async () => {
    const owner = await ctx.newPage();
    const origin = ctx.server.url;
    await signUpByApi(owner, origin, {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: 'rosa.inbox@example.com',
      password: 'Copper-Pipe-7731!',
      businessName: 'Diaz Plumbing',
    });
    const number = '+15125557300';
    const { accountSid, authToken } = twilio.options;
    const saved = await owner.request.put('/api/settings/sms', {
      headers: { origin },
      data: { accountSid, authToken, phoneNumber: number },
    });
    expect(saved.status()).toBe(200);
    const post = (hook: SignedWebhook) =>
      owner.request.post(new URL(hook.url).pathname, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': hook.signature },
        data: hook.body,
      });

    await owner.goto('/inbox');
    await owner.getByText('No conversations here yet', { exact: false }).waitFor();
    const hook = twilio.inbound(`${origin}/api/webhooks/twilio/sms`, {
      from: '+15125550142',
      to: number,
      body: 'Hi, how much to fix a leaking tap?',
    });
    expect((await post(hook)).status()).toBe(200);
    // The open inbox hears of it through the event stream: no reload.
    const row = owner.getByRole('link', { name: /leaking tap/ });
    await row.waitFor({ timeout: 5_000 });
    await row.click();
    await owner.getByRole('list', { name: 'Messages' }).getByText('Hi, how much to fix a leaking tap?').waitFor();

    await owner.getByRole('button', { name: 'Suggest a reply' }).click();
    const box = owner.getByLabel('Your reply');
    await expect.poll(() => box.inputValue()).toMatch(/price/);
    const suggestion = await box.inputValue();
    expect(suggestion).not.toMatch(/\$|\d/); // no invented price
    await box.fill(`${suggestion} We are free this week.`);
    const sent = twilio.messages.length;
    await owner.getByRole('button', { name: 'Send', exact: true }).click();
    // The send job texts it once; Twilio then reports it delivered.
    await expect.poll(() => twilio.messages.length, { timeout: 10_000 }).toBe(sent + 1);
    const message = twilio.messages.at(-1)!;
    expect(message).toMatchObject({ to: '+15125550142', from: number, body: `${suggestion} We are free this week.` });
    const threadUrl = new URL(owner.url()).pathname.replace('/inbox/', '/api/conversations/');
    const lastStatus = async () =>
      ((await (await owner.request.get(threadUrl)).json()) as { messages: { status: string }[] }).messages.at(-1)
        ?.status;
    // Twilio reports on a text once it has answered the send (the app then knows the text by its
    // SID); the fake received the send a moment before the app stored that answer.
    await expect.poll(lastStatus).toMatch(/^(sent|queued)$/);
    expect((await post(twilio.statusCallback(message, 'delivered'))).status()).toBe(204);
    await expect.poll(lastStatus).toBe('delivered');
    await owner.reload();
    await owner.getByText('Delivered', { exact: false }).last().waitFor({ timeout: 10_000 });
    await owner.screenshot({ path: `${SCREENSHOTS}/inbox-1280.png`, fullPage: true });
    await expectFitsPhone(owner, 'inbox-thread', owner.getByRole('button', { name: 'Send', exact: true }));
    await owner.goto('/inbox');
    // The list's row shows the newest message (its first 140 characters): the owner's reply.
    await expectFitsPhone(owner, 'inbox', owner.getByRole('link', { name: /\+15125550142.*Hi, thanks/ }));
    expect(owner.errors).toEqual([]);
  });
});
