import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../fakes/stripe-server.ts';
import { browserAvailable, useAppInBrowser } from './harness.ts';

const SHOTS = '.tmp/screenshots';
const PASSWORD = 'Water-Heater-3090!';

describe.runIf(browserAvailable())('an owner builds a team and starts a trial', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    await mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => stripe?.close());
  const ctx = useAppInBrowser({
    env: () => ({
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: stripe.url,
      // The local outbox writes each mail's links to the log at info level.
      LOG_LEVEL: 'info',
    }),
  });
  beforeAll(() => {
    // The fake's hosted Checkout page tells the app about the new subscription, like Stripe.
    stripe.webhookTarget = `${ctx.server.url}/api/billing/webhook`;
  });

  /** The invitation link the outbox logged for `email`. */
  async function invitationLink(email: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const line = ctx.server
        .output()
        .split('\n')
        .find((l) => l.includes('"links"') && l.includes(`"to":"${email}"`) && l.includes('/invite/'));
      const link = line ? /https?:\/\/[^"\s]+\/invite\/[A-Za-z0-9_-]+/.exec(line)?.[0] : undefined;
      if (link) return link;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no invitation mail to ${email}`);
  }

  async function register(page: Page, first: string, email: string) {
    await page.goto('/register');
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
  }

  for (const width of [1280, 375]) {
    it(`at ${width} px: invites a manager who accepts from the mailed link, then starts a trial through Checkout`, async () => {
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: `${SHOTS}/billing-${name}-${width}.png`, fullPage: true });
      const ownerEmail = `ada.${width}@example.com`;
      const techEmail = `sam.${width}@example.com`;

      const owner = await ctx.newPage(width);
      await register(owner, 'Ada', ownerEmail);

      // Team: invite a manager.
      await owner.goto('/settings?tab=team');
      const invite = owner.getByRole('region', { name: 'Invite someone' });
      await invite.getByLabel('Email').fill(techEmail);
      await invite.getByLabel('Role').selectOption('manager');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await invite.getByText(`Invitation sent to ${techEmail}.`).waitFor();
      const pending = owner.getByRole('list', { name: 'Pending invitations' });
      await pending.getByText(techEmail).waitFor();
      await owner.getByText('2 of 2 seats used on the Free plan').waitFor();
      await shot(owner, 'team');

      // The invitee opens the link in their own browser and creates an account.
      const tech = await ctx.newPage(width);
      await tech.goto(await invitationLink(techEmail));
      await tech.getByRole('heading', { name: /Join Ada Okafor/ }).waitFor();
      await tech.getByLabel('First name').fill('Sam');
      await tech.getByLabel('Last name').fill('Reid');
      await tech.getByLabel('Choose a password').fill(PASSWORD);
      await shot(tech, 'invite');
      await tech.getByRole('button', { name: 'Create account and join' }).click();
      await tech.waitForURL('**/dashboard');

      // A manager sees the team but cannot change it; the owner sees them as a member.
      await tech.goto('/settings?tab=team');
      const techMembers = tech.getByRole('list', { name: 'Team members' });
      await techMembers.getByText(ownerEmail).waitFor();
      await tech.getByText('Only an admin can invite people or change roles.').waitFor();
      expect(await tech.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
      await owner.reload();
      await owner.getByRole('list', { name: 'Team members' }).getByText(techEmail).waitFor();
      expect(await owner.getByLabel('Role of Sam Reid').inputValue()).toBe('manager');

      // Billing: the free plan's limits, then Checkout (the fake) and back with a trial.
      await owner.goto('/settings?tab=billing');
      await owner.getByRole('heading', { name: 'Free plan' }).waitFor();
      await shot(owner, 'plans');
      await owner
        .locator('[data-plan="professional"]')
        .getByRole('button', { name: 'Start 14-day free trial' })
        .click();
      await owner.waitForURL(`${stripe.url}/checkout/**`);
      expect(stripe.sessions.at(-1)).toMatchObject({ trialPeriodDays: 14, paymentMethodCollection: 'if_required' });
      await owner.getByRole('button', { name: 'Start trial' }).click();
      await owner.waitForURL('**/settings?tab=billing&checkout=success');
      await owner.getByRole('heading', { name: 'Professional plan' }).waitFor();
      await owner.getByText(/^Trial until /).waitFor();
      await owner.getByRole('button', { name: 'Manage billing' }).waitFor();
      await shot(owner, 'trial');

      expect(owner.errors).toEqual([]);
      expect(tech.errors).toEqual([]);
      await owner.close();
      await tech.close();
    });
  }
});

describe.runIf(browserAvailable())('without Stripe keys, the admin picks a local plan', () => {
  const ctx = useAppInBrowser();

  it('says how to connect Stripe and switches the plan, on a phone', async () => {
    const page = await ctx.newPage(375);
    await page.goto('/register');
    await page.getByLabel('First name').fill('Lee');
    await page.getByLabel('Last name').fill('Park');
    await page.getByLabel('Email').fill('lee.park@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/settings?tab=billing');
    await page.getByText('Stripe is not connected').waitFor();
    await page.getByText(/Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/).waitFor();
    await page.locator('[data-plan="enterprise"]').getByRole('button', { name: 'Switch to this plan' }).click();
    await page.getByRole('heading', { name: 'Enterprise plan' }).waitFor();
    await page.locator('[data-plan="enterprise"]').getByRole('button', { name: 'Current plan' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/billing-local-375.png`, fullPage: true });

    // The team tab now shows no seat limit.
    await page.goto('/settings?tab=team');
    await page.getByText('1 person on the Enterprise plan (no limit).').waitFor();
    expect(page.errors).toEqual([]);
  });
});
