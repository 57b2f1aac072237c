import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio-server.ts';
import { signUpByApi } from './flows.ts';
import { browserAvailable, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const PHONE = { width: 375, height: 812 };

async function seed(page: Page) {
  const leads = [
    { name: 'Maria Lopez', service: 'No heat - furnace', location: 'Austin, TX', phone: '(512) 555-0142' },
    { name: 'Sam Whitaker', service: 'AC tune-up', location: 'Round Rock, TX' },
    { name: 'Priya Shah', service: 'Duct cleaning', location: 'Cedar Park, TX' },
  ];
  for (const lead of leads) {
    const res = await page.request.post('/api/leads', { data: lead });
    expect(res.status(), await res.text()).toBe(201);
  }
  const due = new Date(Date.now() + 3 * 3600_000).toISOString();
  const task = await page.request.post('/api/tasks', {
    data: { title: 'Call Maria back about the furnace', dueAt: due },
  });
  expect(task.status(), await task.text()).toBe(201);
}

/** The element's box lies wholly inside the first screen. */
async function onFirstScreen(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
}

describe.runIf(browserAvailable())("the owner's phone", () => {
  // Texts reach the inbox through Twilio's stand-in (a thread to write a note in).
  let twilio: FakeTwilio;
  beforeAll(async () => (twilio = await startFakeTwilio()));
  afterAll(async () => twilio?.close());
  const ctx = useAppInBrowser({
    serviceWorkers: 'allow',
    env: () => ({ TWILIO_API_BASE_URL: twilio.url, OUTBOUND_ALLOW: '127.0.0.1' }),
  });

  it('at 375 px the tab bar reaches every page, /leads shows its first lead without scrolling and the dashboard opens on today’s tasks', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const page = await ctx.newPage(1280);
    await signUpByApi(page, ctx.server.url, {
      firstName: 'Jo',
      lastName: 'Reyes',
      email: 'jo@reyes-air.example',
      password: 'Blower-Motor-4410!',
      businessName: 'Reyes Air',
    });
    await seed(page);
    // Desktop keeps its top tabs and no tab bar.
    await page.goto('/leads');
    await page.getByRole('article', { name: 'Maria Lopez' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Phone tabs' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/phone-leads-1280.png` });

    await page.setViewportSize(PHONE);
    await page.goto('/leads');
    const tabs = page.getByRole('navigation', { name: 'Phone tabs' });
    await tabs.waitFor();
    expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
    await onFirstScreen(page, page.getByRole('article').first());
    await page.getByLabel('Lead figures').getByText('converted').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/phone-leads-375.png` });
    // Every target of the bar is at least 44 px each way.
    for (const box of await tabs.locator('a,button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect())))
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);

    await tabs.getByRole('link', { name: 'Today' }).click();
    await page.waitForURL('**/dashboard');
    const task = page.getByText('Call Maria back about the furnace');
    await task.waitFor();
    await onFirstScreen(page, task);
    // Felix's button sits above the bar, not on it.
    const felix = await page.getByRole('button', { name: 'Chat with Felix' }).boundingBox();
    const bar = await tabs.boundingBox();
    expect(felix!.y + felix!.height).toBeLessThanOrEqual(bar!.y);
    await page.screenshot({ path: `${SCREENSHOTS}/phone-dashboard-375.png` });

    await tabs.getByRole('link', { name: 'Post' }).click();
    await page.waitForURL('**/social?tab=quick&action=quick-post');
    // The cursor waits in Quick Post's box.
    await page.waitForFunction(() => document.activeElement?.id === 'quick-text');
    await tabs.getByRole('link', { name: 'Inbox' }).click();
    await page.waitForURL('**/inbox');
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await tabs.getByRole('link', { name: 'Leads' }).click();
    await page.waitForURL('**/leads');
    await page.getByRole('article', { name: 'Maria Lopez' }).waitFor();

    // More lists every other page; each one opens from it.
    const more = () => page.getByRole('dialog', { name: 'More' });
    await tabs.getByRole('button', { name: 'More' }).click();
    await more().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/phone-more-375.png` });
    const pages = await more()
      .getByRole('link')
      .evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    expect(pages).toEqual(expect.arrayContaining(['/social', '/reviews', '/analytics', '/reports', '/settings']));
    for (const href of pages) {
      // The registrar's page (/godaddy) stands in the public layout, without the bar.
      if (!(await tabs.isVisible())) await page.goto('/dashboard');
      if (!(await more().isVisible())) await tabs.getByRole('button', { name: 'More' }).click();
      await more().locator(`a[href="${href}"]`).click();
      await page.waitForURL(`**${href}`);
      await page.locator('main h1').first().waitFor();
      // The address moves first and the page follows (decision 045): the sheet is gone once it has.
      await expect.poll(() => more().count()).toBe(0);
    }
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('installs (manifest, icons, worker), reloads /leads offline from this phone marked offline, and sends a status change and a note made offline once back online', async () => {
    const page = await ctx.newPage(PHONE.width);
    await page.setViewportSize(PHONE);
    await signUpByApi(
      page,
      ctx.server.url,
      { firstName: 'Ana', lastName: 'Cruz', email: 'ana@cruz-plumbing.example', password: 'Pipe-Wrench-5521!' },
      null,
    );
    await seed(page);
    await page.goto('/leads');
    await page.getByRole('article', { name: 'Maria Lopez' }).waitFor();
    // The worker comes a few seconds after the load, not while the page hydrates and asks its first
    // answers (installing it fetches and keeps every script of the build).
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);

    // Install criteria: a manifest with a name, a start URL, standalone display and PNG icons of
    // 192 and 512 px that load, and a worker that controls the page.
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(manifestUrl!)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Fieldwise', start_url: '/dashboard', display: 'standalone' });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      expect(icon, size).toBeDefined();
      const res = await page.request.get(icon!.src);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // This visit, now under the worker, leaves the list on the phone.
    await page.reload();
    await page.getByRole('article', { name: 'Maria Lopez' }).waitFor();

    await page.context().setOffline(true);
    await page.reload();
    const maria = page.getByRole('article', { name: 'Maria Lopez' });
    await maria.waitFor();
    const offline = page.getByRole('status', { name: 'Offline' });
    // …with the time the copy was fetched ("Fri 1:05 PM").
    await offline.getByText(/showing what was fetched \w+ \d{1,2}:\d{2}/).waitFor();

    await maria.getByRole('button', { name: 'Contact' }).click();
    const savedToast = page.locator('li', { hasText: 'Saved on this phone' }).first();
    await savedToast.waitFor();
    await offline.getByText(/1 change will be sent/).waitFor();
    // The toast sits under the header and its offline banner, not over them.
    const banner = (await offline.boundingBox())!;
    expect((await savedToast.boundingBox())!.y).toBeGreaterThanOrEqual(banner.y + banner.height);
    await page.screenshot({ path: `${SCREENSHOTS}/phone-offline-375.png` });

    await page.context().setOffline(false);
    await page.getByText('Maria Lopez: contacted (made offline).').first().waitFor();
    const res = await page.request.get('/api/leads?q=Maria');
    expect(((await res.json()) as { leads: { status: string }[] }).leads[0]?.status).toBe('contacted');
    await offline.waitFor({ state: 'detached' });

    // Maria texts; the owner opens her thread, loses the network with the page open, and adds a note.
    const { accountSid, authToken } = twilio.options;
    const origin = ctx.server.url;
    const sms = await page.request.put('/api/settings/sms', {
      headers: { origin },
      data: { accountSid, authToken, phoneNumber: '+15125557301' },
    });
    expect(sms.status(), await sms.text()).toBe(200);
    const hook = twilio.inbound(`${origin}/api/webhooks/twilio/sms`, {
      from: '+15125550142',
      to: '+15125557301',
      body: 'Is Thursday morning OK?',
    });
    const inbound = await page.request.post(new URL(hook.url).pathname, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': hook.signature },
      data: hook.body,
    });
    expect(inbound.status()).toBe(200);
    const threads = (await (await page.request.get('/api/conversations')).json()) as {
      items: { id: string; name: string }[];
    };
    const thread = threads.items.find((t) => t.name === 'Maria Lopez')!.id;
    await page.goto(`/inbox/${thread}`);
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Is Thursday morning OK?').waitFor();

    await page.context().setOffline(true);
    await page.getByRole('combobox', { name: 'Send as' }).selectOption('note');
    await page.getByLabel('Your reply').fill('Offered Thursday 9am');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Saved on this phone', { exact: true }).first().waitFor();
    expect(await page.getByLabel('Your reply').inputValue()).toBe('');
    await offline.getByText(/1 change will be sent/).waitFor();

    await page.context().setOffline(false);
    await page.getByText('Maria Lopez: note “Offered Thursday 9am” (made offline).').first().waitFor();
    await messages.getByText('Offered Thursday 9am').waitFor();
    const saved = (await (await page.request.get(`/api/conversations/${thread}`)).json()) as {
      messages: { channel: string; body: string }[];
    };
    expect(saved.messages.filter((m) => m.channel === 'note').map((m) => m.body)).toEqual(['Offered Thursday 9am']);
    await page.close();
  });

  // Settings → Notifications (issue 37, second part).
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
    // One row of 44 px tabs that scrolls sideways, the open one in sight.
    expect((await page.getByRole('tablist', { name: 'Settings sections' }).boundingBox())!.height).toBeLessThan(60);
    const openTab = page.getByRole('tab', { name: 'Notifications', selected: true });
    expect((await openTab.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Brought into sight by the page's resize handler, which runs after the resize itself.
    await expect
      .poll(async () => {
        const open = (await openTab.boundingBox())!;
        return [open.x >= 0, open.x + open.width <= PHONE.width];
      })
      .toEqual([true, true]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SCREENSHOTS}/notifications-375.png`, fullPage: true });

    await page.getByRole('button', { name: 'Remove Chrome on Android' }).click();
    await page.getByText('None. Open Settings → Notifications on your phone to add it.').waitFor();
    expect((await (await page.request.get('/api/push')).json()).devices).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
