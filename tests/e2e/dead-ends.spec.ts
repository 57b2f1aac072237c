// Issue 22, "No dead ends": every link, hint target and quick action lands somewhere that reacts,
// a task added and completed changes the dashboard, and the demo business says it is a demo.
import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS } from '../../src/client/features/marketing/claims.ts';
import { demoAccount, signIn, signOut, signUpByApi } from './flows.ts';
import {
  browserAvailable,
  DESKTOP,
  expectFitsPhone,
  phoneCheckpoint,
  SCREENSHOTS,
  useAppInBrowser,
} from './harness.ts';

const PASSWORD = 'Ladder-Van-2024!';
const BANNER = 'Sample business — figures are made up.';

describe.runIf(browserAvailable())('no dead ends', () => {
  const ctx = useAppInBrowser();
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));

  const h1 = (page: Page) => page.locator('main h1').first();
  const felix = (page: Page) => page.getByRole('dialog', { name: 'Felix' });

  it('Sign in, every hint target and quick action, a task that changes the dashboard; the pages fit a phone', async () => {
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${SCREENSHOTS}/dead-ends-${name}-1280.png`, fullPage: true });
    const page = await ctx.newPage();
    // The page as it is, on a phone; then back to the desktop for the next step.
    const onPhone = (name: string, keyControl: Locator) => phoneCheckpoint(page, `dead-ends-${name}`, keyControl);

    // A returning owner's Sign in goes to the sign-in form.
    await page.goto('/');
    const signInLink = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    await signInLink.click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // On a phone it is in the menu.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectFitsPhone(page, 'dead-ends-phone-menu', signInLink);
    await signInLink.click();
    await page.waitForURL('**/login');
    await onPhone('login', page.getByRole('button', { name: 'Sign In' }));

    await signUpByApi(page, ctx.server.url, {
      firstName: 'Ola',
      lastName: 'Berg',
      email: 'ola@example.com',
      password: PASSWORD,
    });
    expect(await page.getByText(BANNER).count(), 'no demo banner on a real business').toBe(0);

    // The saved plan (none yet) shows as the first-week basics, ticked from real actions.
    const steps = page.getByRole('list', { name: 'Next steps' });
    await steps.waitFor();
    await page.getByText('0 of 4 done').waitFor();

    // Add a task, then complete it: Upcoming Tasks and the next steps both change.
    await page.getByRole('button', { name: 'Add Task' }).first().click();
    const form = page.getByRole('form', { name: 'Add Task' });
    await form.getByLabel('Title').fill('Call back Mrs Patel');
    await onPhone('add-task', form.getByRole('button', { name: 'Add Task' }));
    await form.getByRole('button', { name: 'Add Task' }).click();
    const done = page.getByRole('button', { name: 'Mark "Call back Mrs Patel" done' });
    await done.waitFor();
    await shot(page, 'dashboard');
    await onPhone('dashboard', done);
    await done.click();
    await page.getByText(/No upcoming tasks/).waitFor();
    await steps.getByText('Plan a follow-up and tick it off (done)').waitFor();
    await page.getByText('1 of 4 done').waitFor();

    // Quick actions land on pages that do what they say.
    const quick = async (name: string) => {
      await page.goto('/dashboard');
      await page.getByRole('link', { name, exact: true }).click();
    };
    await quick('Add New Lead');
    const addLead = page.getByRole('dialog');
    await addLead.getByLabel(/Name/).first().waitFor();
    await onPhone('add-lead', addLead.getByRole('button', { name: 'Add Lead' }));
    // A link followed is a transition (decision 045): the address moves first, the page follows.
    const landsOn = async (url: string, title: string) => {
      await page.waitForURL(url);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      expect(await h1(page).textContent()).toBe(title);
    };
    await quick('Create Social Post');
    await landsOn('**/social?action=create-post', 'Social Media');
    await onPhone('create-post', page.locator('#create-post').getByRole('button', { name: 'Next' }));
    await quick('Manage Reviews');
    await landsOn('**/reviews', 'Reviews');
    await onPhone('reviews', page.getByRole('button', { name: 'Reply templates' }));
    await quick('View Analytics');
    await landsOn('**/analytics', 'Analytics');
    await page.getByText('Analytics Reports').first().waitFor();
    await onPhone('analytics', page.getByRole('status').getByRole('link', { name: 'Open Settings' }));

    // Hint targets owned here.
    await page.goto('/dashboard?customize=true');
    await page.getByRole('heading', { name: 'Customize Dashboard' }).waitFor();
    const saved = () =>
      page.waitForResponse((r) => r.url().endsWith('/api/dashboard/layout') && r.request().method() === 'PUT');
    await Promise.all([saved(), page.getByRole('checkbox', { name: 'Recent Activity' }).uncheck()]);
    await Promise.all([saved(), page.getByRole('button', { name: 'Move Quick Actions up' }).click()]);
    await shot(page, 'customize');
    await onPhone('customize', page.getByRole('button', { name: 'Done' }));
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');
    await page.reload();
    await page.getByRole('heading', { name: 'Upcoming Tasks' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Recent Activity' }).count(), 'kept after a reload').toBe(0);

    const send = felix(page).getByRole('button', { name: 'Send message' });
    await page.goto('/felix?task=quick-start');
    await felix(page).getByRole('list', { name: 'First-week checklist' }).waitFor();
    await felix(page).getByText('Plan a follow-up and tick it off (done)').waitFor();
    await shot(page, 'felix-quick-start');
    await onPhone('felix-quick-start', send);

    await page.goto('/felix?task=automation');
    // Both automations work, so the guide lists them as running, each with a way to where it is set.
    const automations = felix(page).getByRole('list', { name: 'Automations' });
    await automations.waitFor();
    for (const name of ['Review requests', 'Weekly report']) await automations.getByText(name).waitFor();
    expect(await felix(page).getByText('Coming soon').count(), 'nothing working called coming').toBe(0);
    await automations.getByRole('button', { name: 'Open Reviews' }).waitFor();
    expect(await felix(page).getByRole('switch').count(), 'no pretend switches').toBe(0);
    await shot(page, 'felix-automation');
    await onPhone('felix-automation', send);

    await page.goto('/felix?hint=business-hours-opportunity&action=get-ideas');
    await felix(page).getByText('Give me ideas for what to do during business hours today.').waitFor();
    await onPhone('felix-ideas', send);

    for (const tab of ['connections', 'integrations']) {
      await page.goto(`/settings?tab=${tab}`);
      await page.getByRole('tab', { name: 'Connections', selected: true }).waitFor();
    }
    // No Google app on this server: the tab says so, and where to paste the networks' own keys.
    await onPhone('connections', page.getByRole('link', { name: 'Settings → Social' }).first());
    await page.goto('/reports?action=generate');
    expect(await h1(page).textContent()).toBe('Reports');
    await page.getByRole('button', { name: 'Generate' }).waitFor();
    await onPhone('reports', page.getByRole('button', { name: 'Generate' }));
    await page.goto('/leads?action=optimize');
    await page.getByRole('heading', { name: 'Call these first' }).waitFor();
    await shot(page, 'call-first');
    await onPhone('call-first', page.getByRole('button', { name: 'Add Lead' }));
    for (const [target, title, name, keyControl] of [
      ['/social?tab=calendar', 'Social Media', 'calendar', page.getByRole('group', { name: 'Calendar view' })],
      [
        '/reviews?action=templates',
        'Reviews',
        'reply-templates',
        page.getByRole('dialog').getByRole('button', { name: 'Save Template' }),
      ],
    ] as const) {
      await page.goto(target);
      expect(await h1(page).textContent(), target).toBe(title);
      await onPhone(name, keyControl);
    }

    // The pages without a top tab are in the account menu.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /account menu/i }).click();
    for (const name of ['Reports', 'SEO & Keywords', 'Domains (GoDaddy)'])
      await page.getByRole('menuitem', { name }).waitFor();
    await onPhone('account-menu', page.getByRole('menuitem', { name: 'Domains (GoDaddy)' }));
    await page.getByRole('menuitem', { name: 'SEO & Keywords' }).click();
    await page.waitForURL('**/seo');
    await page.getByRole('heading', { level: 1, name: 'SEO Optimization', exact: true }).waitFor();
    // Nothing connected yet: sample rows, marked as such.
    await page.getByText('Demo Data').first().waitFor();
    await onPhone('seo', page.getByRole('textbox', { name: 'Search keywords' }));

    // Signed in on a public page: Dashboard, not Sign in (on a phone too, without opening the menu).
    await page.goto('/pricing');
    const dashboardLink = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
    await dashboardLink.waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await shot(page, 'public-signed-in');
    await expectFitsPhone(page, 'dead-ends-public-signed-in', dashboardLink);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(0);

    expect(page.errors).toEqual([]);
    await page.close();
    // Some forty page loads and phone checks: over a minute when both cores are busy.
  }, 150_000);

  it('every public claim has shipped, has a route that answers, and none says Coming soon', async () => {
    const page = await ctx.newPage(1280);
    await signUpByApi(
      page,
      ctx.server.url,
      { firstName: 'Kai', lastName: 'Moss', email: 'kai.claims@example.com', password: PASSWORD },
      null,
    );
    const capabilities = [...new Map(Object.values(CLAIMS).map((c) => [c.api, c])).values()];
    for (const capability of capabilities) {
      expect(capability.shipped, capability.api).toBe(true);
      const res = await page.request.get(capability.api);
      expect(res.status(), capability.api).toBe(200);
    }
    for (const route of ['/', '/features']) {
      await page.goto(route);
      await page.locator('main h1').first().waitFor();
      expect(await page.getByText('Coming soon').count(), route).toBe(0);
    }
    await page.close();
  });

  it('shows the demo banner on every page of the demo business, with a way to a real one', async () => {
    const demo = await demoAccount(ctx.server.dataDir);
    const pages = ['/leads', '/settings?tab=profile', '/dashboard'];
    const page = await ctx.newPage();
    const banner = page.getByRole('note', { name: 'Demo business' });
    const real = page.getByRole('link', { name: 'Create your real business' });
    await signIn(page, demo);
    for (const where of pages) {
      await page.goto(where);
      await banner.getByText(BANNER).waitFor();
    }
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/dead-ends-demo-banner-1280.png` });

    // On a phone: the banner on each page, with its way to a real business on screen; it signs the
    // demo out on the way to the sign-up form.
    for (const [where, name] of [
      ['/dashboard', 'dead-ends-demo-banner'],
      ['/leads', 'dead-ends-demo-banner-leads'],
      ['/settings?tab=profile', 'dead-ends-demo-banner-settings'],
    ] as const) {
      if (where !== '/dashboard') await page.goto(where); // the dashboard is where the desktop pass ended
      await banner.getByText(BANNER).waitFor();
      await expectFitsPhone(page, name, real);
    }
    await real.click();
    await page.waitForURL('**/register');

    // The demo signs out from the account menu too.
    await page.setViewportSize(DESKTOP);
    await signIn(page, demo);
    await signOut(page);
    await page.close();
  });
});
