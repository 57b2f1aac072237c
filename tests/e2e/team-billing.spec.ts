import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, stripeSettings, type FakeStripe } from '../fakes/stripe-server.ts';
import { signUpByApi } from './flows.ts';
import { browserAvailable, DESKTOP, expectFitsPhone, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const PASSWORD = 'Water-Heater-3090!';

describe.runIf(browserAvailable())('an owner builds a team and starts a trial', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => stripe?.close());
  const ctx = useAppInBrowser({
    env: () => ({
      ...stripeSettings(stripe),
      // The local outbox writes each mail's links to the log at info level.
      LOG_LEVEL: 'info',
    }),
  });
  beforeAll(() => {
    // The fake's hosted Checkout page tells the app about the new subscription, like Stripe.
    stripe.webhookTarget = `${ctx.server.url}/api/billing/webhook`;
  });

  /** The link of the kind `path` (e.g. '/invite/') in the mail to `email`, from the local outbox's log. */
  async function mailedLink(email: string, path: string): Promise<string> {
    const find = () => {
      const line = ctx.server
        .output()
        .split('\n')
        .find((l) => l.includes('"links"') && l.includes(`"to":"${email}"`) && l.includes(path));
      return line ? new RegExp(`https?://[^"\\s]+${path}[A-Za-z0-9_-]+`).exec(line)?.[0] : undefined;
    };
    try {
      await expect.poll(find, { timeout: 10_000, interval: 50 }).toBeDefined();
    } catch {
      throw new Error(`no mail with ${path} to ${email}`);
    }
    return find()!;
  }

  /** The phone check of `page` as it stands, then back to the desktop for the next steps. */
  async function fitsPhone(page: Page, name: string, keyControl: Locator) {
    await expectFitsPhone(page, `billing-${name}`, keyControl);
    await page.setViewportSize(DESKTOP);
  }

  it('invites a manager who accepts from the mailed link, then starts a trial through Checkout; each screen fits a phone', async () => {
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${SCREENSHOTS}/billing-${name}-1280.png`, fullPage: true });
    const ownerEmail = 'ada@example.com';
    const techEmail = 'sam@example.com';

    const owner = await ctx.newPage();
    await signUpByApi(owner, ctx.server.url, {
      firstName: 'Ada',
      lastName: 'Okafor',
      email: ownerEmail,
      password: PASSWORD,
    });
    // Mail to other people needs a verified address: the owner follows the link mailed at sign-up.
    await owner.goto(await mailedLink(ownerEmail, '/verify-email/'));
    await owner.getByRole('heading', { name: 'Email verified' }).waitFor();

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
    await fitsPhone(owner, 'team-pending', pending);

    // The invitee opens the link in their own browser and creates an account.
    const tech = await ctx.newPage();
    await tech.goto(await mailedLink(techEmail, '/invite/'));
    await tech.getByRole('heading', { name: /Join Ada Okafor/ }).waitFor();
    await tech.getByLabel('First name').fill('Sam');
    await tech.getByLabel('Last name').fill('Reid');
    await tech.getByLabel('Choose a password').fill(PASSWORD);
    await shot(tech, 'invite');
    await fitsPhone(tech, 'invite', tech.getByRole('button', { name: 'Create account and join' }));
    await tech.getByRole('button', { name: 'Create account and join' }).click();
    await tech.waitForURL('**/dashboard');

    // A manager sees the team but cannot change it; the owner sees them as a member.
    await tech.goto('/settings?tab=team');
    const techMembers = tech.getByRole('list', { name: 'Team members' });
    await techMembers.getByText(ownerEmail).waitFor();
    await tech.getByText('Only an admin can invite people or change roles.').waitFor();
    expect(await tech.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    await expectFitsPhone(tech, 'billing-team-manager', techMembers);
    await owner.reload();
    await owner.getByRole('list', { name: 'Team members' }).getByText(techEmail).waitFor();
    expect(await owner.getByLabel('Role of Sam Reid').inputValue()).toBe('manager');
    await fitsPhone(owner, 'team-members', owner.getByLabel('Role of Sam Reid'));

    // Billing: the free plan's limits, then Checkout (the fake) and back with a trial.
    await owner.goto('/settings?tab=billing');
    await owner.getByRole('heading', { name: 'Free plan' }).waitFor();
    await shot(owner, 'plans');
    const trial = owner.locator('[data-plan="professional"]').getByRole('button', { name: 'Start 14-day free trial' });
    await fitsPhone(owner, 'plans', trial);
    await trial.click();
    await owner.waitForURL(`${stripe.url}/checkout/**`);
    expect(stripe.sessions.at(-1)).toMatchObject({ trialPeriodDays: 14, paymentMethodCollection: 'if_required' });
    await owner.getByRole('button', { name: 'Start trial' }).click();
    await owner.waitForURL('**/settings?tab=billing&checkout=success');
    await owner.getByRole('heading', { name: 'Professional plan' }).waitFor();
    await owner.getByText(/^Trial until /).waitFor();
    await owner.getByRole('button', { name: 'Manage billing' }).waitFor();
    await shot(owner, 'trial');
    await expectFitsPhone(owner, 'billing-trial', owner.getByRole('button', { name: 'Manage billing' }));

    expect(owner.errors).toEqual([]);
    expect(tech.errors).toEqual([]);
    await owner.close();
    await tech.close();
  });
});

describe.runIf(browserAvailable())('without Stripe keys, the admin picks a local plan', () => {
  const ctx = useAppInBrowser();

  it('says how to connect Stripe and switches the plan, on a phone', async () => {
    const page = await ctx.newPage(375);
    await signUpByApi(page, ctx.server.url, {
      firstName: 'Lee',
      lastName: 'Park',
      email: 'lee.park@example.com',
      password: PASSWORD,
    });

    await page.goto('/settings?tab=billing');
    await page.getByText('Stripe is not connected').waitFor();
    await page.getByText(/Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/).waitFor();
    await page.locator('[data-plan="enterprise"]').getByRole('button', { name: 'Switch to this plan' }).click();
    await page.getByRole('heading', { name: 'Enterprise plan' }).waitFor();
    await page.locator('[data-plan="enterprise"]').getByRole('button', { name: 'Current plan' }).waitFor();
    await expectFitsPhone(
      page,
      'billing-local',
      page.locator('[data-plan="enterprise"]').getByRole('button', { name: 'Current plan' }),
    );

    // The team tab now shows no seat limit.
    await page.goto('/settings?tab=team');
    await page.getByText('1 person on the Enterprise plan (no limit).').waitFor();
    expect(page.errors).toEqual([]);
  });
});
