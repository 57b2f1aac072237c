import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainText, startSmtpSink, type SmtpSink } from '../setup/smtp-sink.ts';
import { register, signIn, signOut } from './flows.ts';
import { browserAvailable, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const EMAIL = 'jordan.reyes@example.com';
const FIRST_PASSWORD = 'Heat-Pump-2031!';
const NEW_PASSWORD = 'Duct-Sealing-4077!';

describe.runIf(browserAvailable())('an owner’s account, from sign-up to sign-out, on a phone', () => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => smtp?.close());
  const ctx = useAppInBrowser({ env: () => ({ SMTP_URL: smtp.url }) });

  /** The link of the newest mail to EMAIL that contains `path`. */
  async function mailedLink(path: string, count: number): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const mails = smtp.received.filter((m) => m.to.includes(EMAIL) && plainText(m.raw).includes(path));
      if (mails.length >= count) {
        const m = new RegExp(`https?://[^\\s"<]+${path}[A-Za-z0-9_-]+`).exec(plainText(mails[count - 1]?.raw ?? ''));
        if (m) return m[0];
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail with ${path}`);
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `${SCREENSHOTS}/${name}-375.png`, fullPage: true });

  it('registers, verifies from the mail, signs in with remember-me, resets the password from the mail, edits the profile and signs out', async () => {
    const page = await ctx.newPage(375);

    // Sign up.
    const owner = { firstName: 'Jordan', lastName: 'Reyes', email: EMAIL, password: FIRST_PASSWORD };
    await register(page, owner, { beforeSubmit: () => shot(page, 'register') });

    // Verify from the mailed link; the page sends the owner on to the dashboard by itself.
    await page.goto(await mailedLink('/verify-email/', 1));
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await shot(page, 'verify-email');
    await page.waitForURL('**/dashboard', { timeout: 6000 });

    // Sign out, then sign in again with "remember me".
    await signOut(page);
    await signIn(page, owner, { rememberMe: true, beforeSubmit: () => shot(page, 'login') });
    const session = (await page.context().cookies()).find((c) => c.name === 'fw_sid');
    expect(session?.httpOnly).toBe(true);
    expect((session?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

    // Forgot the password: ask for a link, follow it from the mail, set a new one.
    await signOut(page);
    await page.getByRole('link', { name: /forgot password/i }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Password reset instructions have been sent to your email address.').waitFor();
    await shot(page, 'forgot-password');
    await page.goto(await mailedLink('/reset-password/', 1));
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await shot(page, 'reset-password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL('**/login?message=password-reset-success');
    await page.getByText('Your password has been successfully reset.').waitFor();

    // The old password no longer works; the new one does.
    await signIn(page, owner, { landsOn: null });
    await page.getByText('Invalid email or password.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');

    // Change the name in Settings → Profile.
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/settings**');
    await page.getByLabel('First name').fill('Jordy');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await shot(page, 'settings-profile');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByText('Jordy Reyes', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    await signOut(page);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
