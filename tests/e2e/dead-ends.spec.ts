// Issue 22, "No dead ends": every link, hint target and quick action lands somewhere that reacts,
// a task added and completed changes the dashboard, and the demo business says it is a demo.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS } from '../../src/client/features/marketing/claims.ts';
import { register, signIn, signOut } from './flows.ts';
import { browserAvailable, useAppInBrowser } from './harness.ts';

const SHOTS = '.tmp/screenshots';
const PASSWORD = 'Ladder-Van-2024!';
const BANNER = 'Sample business — figures are made up.';

describe.runIf(browserAvailable())('no dead ends', () => {
  const ctx = useAppInBrowser();
  beforeAll(() => mkdir(SHOTS, { recursive: true }));

  const h1 = (page: Page) => page.locator('main h1').first();
  const felix = (page: Page) => page.getByRole('dialog', { name: 'Felix' });

  for (const width of [1280, 375]) {
    it(`at ${width} px: Sign in, every hint target and quick action, a task that changes the dashboard`, async () => {
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: `${SHOTS}/dead-ends-${name}-${width}.png`, fullPage: true });
      const page = await ctx.newPage(width);

      // A returning owner's Sign in goes to the sign-in form (on a phone it is in the menu).
      await page.goto('/');
      if (width < 640) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();

      await register(page, {
        firstName: 'Ola',
        lastName: 'Berg',
        email: `ola.${width}@example.com`,
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
      await form.getByRole('button', { name: 'Add Task' }).click();
      const done = page.getByRole('button', { name: 'Mark "Call back Mrs Patel" done' });
      await done.waitFor();
      await shot(page, 'dashboard');
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
      await page.getByRole('dialog').getByLabel(/Name/).first().waitFor();
      await quick('Create Social Post');
      await page.waitForURL('**/social?action=create-post');
      expect(await h1(page).textContent()).toBe('Social Media');
      await quick('Manage Reviews');
      await page.waitForURL('**/reviews');
      expect(await h1(page).textContent()).toBe('Reviews');
      await quick('View Analytics');
      await page.waitForURL('**/analytics');
      expect(await h1(page).textContent()).toBe('Analytics');
      await page.getByText('Analytics Reports').first().waitFor();

      // Hint targets owned here.
      await page.goto('/dashboard?customize=true');
      await page.getByRole('heading', { name: 'Customize Dashboard' }).waitFor();
      const saved = () =>
        page.waitForResponse((r) => r.url().endsWith('/api/dashboard/layout') && r.request().method() === 'PUT');
      await Promise.all([saved(), page.getByRole('checkbox', { name: 'Recent Activity' }).uncheck()]);
      await Promise.all([saved(), page.getByRole('button', { name: 'Move Quick Actions up' }).click()]);
      await shot(page, 'customize');
      await page.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');
      await page.reload();
      await page.getByRole('heading', { name: 'Upcoming Tasks' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Recent Activity' }).count(), 'kept after a reload').toBe(0);

      await page.goto('/felix?task=quick-start');
      await felix(page).getByRole('list', { name: 'First-week checklist' }).waitFor();
      await felix(page).getByText('Plan a follow-up and tick it off (done)').waitFor();
      await shot(page, 'felix-quick-start');

      await page.goto('/felix?task=automation');
      const coming = felix(page).getByRole('list', { name: 'Coming automations' });
      await coming.waitFor();
      expect(await coming.getByText('Coming soon').count()).toBe(2);
      expect(await felix(page).getByRole('switch').count(), 'no pretend switches').toBe(0);
      await shot(page, 'felix-automation');

      await page.goto('/felix?hint=business-hours-opportunity&action=get-ideas');
      await felix(page).getByText('Give me ideas for what to do during business hours today.').waitFor();

      for (const tab of ['connections', 'integrations']) {
        await page.goto(`/settings?tab=${tab}`);
        await page.getByRole('tab', { name: 'Connections', selected: true }).waitFor();
      }
      await page.goto('/reports?action=generate');
      expect(await h1(page).textContent()).toBe('Reports');
      await page.getByRole('button', { name: 'Generate' }).waitFor();
      await page.goto('/leads?action=optimize');
      await page.getByRole('heading', { name: 'Call these first' }).waitFor();
      await shot(page, 'call-first');
      for (const [target, title] of [
        ['/social?tab=calendar', 'Social Media'],
        ['/reviews?action=templates', 'Reviews'],
      ]) {
        await page.goto(target!);
        expect(await h1(page).textContent(), target).toBe(title);
      }

      // The pages without a top tab are in the account menu.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: /account menu/i }).click();
      for (const name of ['Reports', 'SEO & Keywords', 'Domains (GoDaddy)'])
        await page.getByRole('menuitem', { name }).waitFor();
      await page.getByRole('menuitem', { name: 'SEO & Keywords' }).click();
      await page.waitForURL('**/seo');
      expect(await h1(page).textContent()).toBe('SEO Optimization');
      // Nothing connected yet: sample rows, marked as such.
      await page.getByText('Demo Data').first().waitFor();

      // Signed in on a public page: Dashboard, not Sign in.
      await page.goto('/pricing');
      await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(0);
      await shot(page, 'public-signed-in');

      expect(page.errors).toEqual([]);
      await page.close();
    });
  }

  it('every shipped public claim has a route that answers; the rest say Coming soon', async () => {
    const page = await ctx.newPage(1280);
    await register(page, { firstName: 'Kai', lastName: 'Moss', email: 'kai.claims@example.com', password: PASSWORD });
    const capabilities = [...new Map(Object.values(CLAIMS).map((c) => [c.api, c])).values()];
    for (const capability of capabilities.filter((c) => c.shipped)) {
      const res = await page.request.get(capability.api);
      expect(res.status(), capability.api).toBe(200);
    }
    // What carries "Coming soon" really is not there yet.
    for (const capability of capabilities.filter((c) => !c.shipped)) {
      const res = await page.request.get(capability.api);
      expect(res.status(), capability.api).toBe(404);
    }
    await page.goto('/features');
    await page.getByText('Coming soon').first().waitFor();
    await page.close();
  });

  it('shows the demo banner on every page of the demo business, with a way to a real one', async () => {
    const login = await readFile(path.join(ctx.server.dataDir, 'demo-login.txt'), 'utf8');
    const password = /password: (\S+)/.exec(login)?.[1] ?? '';
    for (const width of [1280, 375]) {
      const page = await ctx.newPage(width);
      await signIn(page, { email: 'demo@fieldwise.local', password });
      for (const where of ['/leads', '/settings?tab=profile', '/dashboard']) {
        await page.goto(where);
        await page.getByRole('note', { name: 'Demo business' }).getByText(BANNER).waitFor();
      }
      await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/dead-ends-demo-banner-${width}.png` });
      if (width === 375) {
        await page.getByRole('link', { name: 'Create your real business' }).click();
        await page.waitForURL('**/register');
      } else await signOut(page);
      await page.close();
    }
  });
});
