import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOAuthEnv, startFakeOAuthServer, type FakeOAuthServer } from '../fakes/oauth-server.ts';
import { browserAvailable, DESKTOP, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const PASSWORD = 'Boiler-Room-2047!';

describe.runIf(browserAvailable())('an owner connects Google and sees it break in the health centre', () => {
  let fake: FakeOAuthServer;
  // Registered before the app's hooks, so the fake is up when the server reads its env.
  beforeAll(async () => {
    fake = await startFakeOAuthServer();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const ctx = useAppInBrowser({ env: () => fakeOAuthEnv(fake.url) });

  async function signUp(page: Page) {
    await page.goto('/register');
    await page.getByLabel('First name').fill('Rosa');
    await page.getByLabel('Last name').fill('Alvarez');
    await page.getByLabel('Email').fill('rosa.connections@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
  }

  it('connects Google against the fake, picks a location, is healthy; a revoked grant shows "Reconnect Google" and the dashboard banner; LinkedIn connects', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const page = await ctx.newPage(1280);
    await signUp(page);

    await page.goto('/settings?tab=connections');
    const google = page.getByRole('region', { name: 'Google', exact: true });
    await google.getByText('Not connected').waitFor();
    await google.getByRole('button', { name: 'Connect Google' }).click();

    // The fake's consent screen approves at once and sends the browser back through our callback.
    await page.waitForURL('**/settings?tab=connections&provider=google&outcome=connected');
    await page.getByText('Google is connected. Choose which account to use below.').waitFor();
    await google.getByText('Which Business Profile location should Fieldwise use?').waitFor();
    await google.getByLabel(/Rosa Plumbing — Eastside/).check();
    await google.getByRole('button', { name: 'Use this Business Profile location' }).click();
    await google.getByText('Healthy', { exact: true }).waitFor();
    expect(await page.getByText('Choose which account to use below').count()).toBe(0);
    await google.getByText('Rosa Plumbing — Eastside').waitFor();
    await google.getByText('business.manage').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/connections-healthy-1280.png`, fullPage: true });
    // The health centre on a phone: every card fits the width, nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 900 });
    await google.getByText('Healthy', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SCREENSHOTS}/connections-healthy-375.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The owner revokes the app at Google: the next check finds out.
    fake.revokeAll('google');
    fake.expireAccessTokens();
    await google.getByRole('button', { name: 'Check now' }).click();
    await google.getByText('Needs attention').waitFor();
    const headline = google.getByText(/^Reconnect Google — the access was revoked on [A-Z][a-z]{2} \d{1,2}$/);
    await headline.waitFor();
    await google.getByRole('button', { name: 'Reconnect Google' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/connections-problem-1280.png`, fullPage: true });

    const content = await page.content();
    for (const secret of fake.secrets()) expect(content).not.toContain(secret);

    await page.goto('/dashboard');
    const banner = page.getByRole('alert', { name: 'Reconnect Google' });
    await banner.getByText(/^Reconnect Google — the access was revoked on/).waitFor();
    await banner.getByRole('button', { name: 'Reconnect Google' }).waitFor();
    // Felix's hint says the same, with the same one action.
    await page.getByRole('button', { name: 'Reconnect Google' }).nth(1).waitFor();
    expect(await page.getByRole('button', { name: 'Reconnect Google' }).count()).toBe(2);
    await page.screenshot({ path: `${SCREENSHOTS}/connections-dashboard-banner-1280.png` });

    // The same screens on a phone.
    const phone = await ctx.newPage(375);
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto('/settings?tab=connections');
    await phone.getByRole('region', { name: 'Google', exact: true }).getByText('Needs attention').waitFor();
    await phone.screenshot({ path: `${SCREENSHOTS}/connections-problem-375.png`, fullPage: true });
    await phone.goto('/dashboard');
    await phone.getByRole('alert', { name: 'Reconnect Google' }).waitFor();
    await phone.screenshot({ path: `${SCREENSHOTS}/connections-dashboard-banner-375.png` });

    // LinkedIn answers as LinkedIn does (no token_type; a web app's code_verifier refused): it connects.
    await page.goto('/settings?tab=connections');
    const linkedin = page.getByRole('region', { name: 'LinkedIn', exact: true });
    await linkedin.getByRole('button', { name: 'Connect LinkedIn' }).click();
    await page.waitForURL('**/settings?tab=connections&provider=linkedin&outcome=connected');
    await linkedin.getByLabel(/Blue Door Cafe Ltd/).check();
    await linkedin.getByRole('button', { name: 'Use this LinkedIn page' }).click();
    await linkedin.getByText('Healthy', { exact: true }).waitFor();
    await linkedin.getByText('Blue Door Cafe Ltd').waitFor();
    expect(fake.authorizeRequests.find((r) => r.provider === 'linkedin')?.params.code_challenge).toBeUndefined();
    await page.screenshot({ path: `${SCREENSHOTS}/connections-linkedin-1280.png`, fullPage: true });

    expect(page.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
