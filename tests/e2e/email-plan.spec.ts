import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { browserAvailable, SCREENSHOTS, useAppInBrowser } from './harness.ts';

// Security review, finding 3: the plan goes only to the signed-in account's verified address.
describe.runIf(browserAvailable())('Email Plan sends the saved plan to the account address', () => {
  // At info level the local outbox logs the links of the mail it keeps (the verification link).
  const ctx = useAppInBrowser({ env: () => ({ LOG_LEVEL: 'info' }) });

  it('asks an unverified owner to verify first, then saves and sends to their own address', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const page = await ctx.newPage(1280);
    const email = `plan-${Date.now()}@summitroofing.example`;
    const registered = await page.request.post('/api/auth/register', {
      data: { email, password: 'Ridge-Vent-5150!', firstName: 'Avery', lastName: 'Stone' },
    });
    expect(registered.status()).toBe(201);

    await page.goto('/onboarding');
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await page.getByLabel('Business name').fill('Summit Roofing Co.');
    await page.getByRole('radio', { name: 'Roofing' }).check({ force: true });
    await next.click();
    await page.getByRole('checkbox', { name: 'Get more 5-star reviews' }).check({ force: true });
    await next.click();
    await page.getByText('Step 3 of 5').waitFor();
    await next.click();
    await page.getByRole('radio', { name: 'Friendly' }).check({ force: true });
    await next.click();
    await page.getByRole('list', { name: 'Recommendations' }).waitFor();

    await page.getByRole('button', { name: 'Email Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email your plan' });
    await dialog.getByText(email).waitFor();
    expect(await dialog.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await dialog.getByText('Please verify your email address first', { exact: false }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/email-plan-unverified-1280.png` });
    await page.keyboard.press('Escape');

    // The verification link from the local outbox (it is logged when SMTP is not set up).
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      link = /https?:\/\/\S+\/verify-email\/[\w-]+/.exec(ctx.server.output())?.[0];
      if (!link) await page.waitForTimeout(100);
    }
    expect(link).toBeDefined();
    await page.goto(new URL(link ?? '').pathname);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();

    // Back to the wizard (the draft waits on this device), now on a phone-sized screen.
    const phone = page;
    await phone.setViewportSize({ width: 375, height: 800 });
    await phone.goto('/onboarding');
    await phone.getByRole('button', { name: 'Email Plan' }).click();
    const phoneDialog = phone.getByRole('dialog', { name: 'Email your plan' });
    await phoneDialog.getByText(email).waitFor();
    await phone.screenshot({ path: `${SCREENSHOTS}/email-plan-375.png` });
    await phoneDialog.getByRole('button', { name: 'Send' }).click();
    await phone.getByText(`Your plan is in the local outbox for ${email}`, { exact: false }).first().waitFor();
    await phone.screenshot({ path: `${SCREENSHOTS}/email-plan-sent-375.png` });
    expect(page.errors).toEqual([]);
  });
});
