import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROME_FLAGS } from '../../scripts/bench-kit/web-browser.ts';
import { startFakeDns, type FakeDns } from '#tests/fakes/dns-server.ts';
import { signUpByApi } from './flows.ts';
import { browserAvailable, expectFitsPhone, phoneCheckpoint, SCREENSHOTS, useAppInBrowser } from './harness.ts';

describe.runIf(browserAvailable())('an Enterprise business connects its own domain', () => {
  let dns: FakeDns;
  beforeAll(async () => {
    dns = await startFakeDns();
  });
  afterAll(() => dns?.close());
  const ctx = useAppInBrowser({ env: () => ({ DNS_SERVERS: dns.server }) });

  it('adds a domain, publishes the TXT record and verifies it; the tab fits a phone', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const page = await ctx.newPage();
    await signUpByApi(page, ctx.server.url, {
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'dana.whitfield@example.com',
      password: 'Own-Domain-5521!',
    });

    // On the free plan the tab says which plan has custom domains instead of offering the form.
    await page.goto('/settings?tab=domains');
    await page.getByText(/White label is part of the Enterprise plan/).waitFor();
    expect(await page.getByLabel('Domain', { exact: true }).count()).toBe(0);
    await phoneCheckpoint(page, 'domains-free-plan', page.getByRole('note').getByRole('link', { name: 'See plans' }));

    await page.goto('/settings?tab=billing');
    await page.locator('[data-plan="enterprise"]').getByRole('button', { name: 'Switch to this plan' }).click();
    await page.getByRole('heading', { name: 'Enterprise plan' }).waitFor();

    await page.goto('/settings?tab=domains');
    const field = page.getByLabel('Domain', { exact: true });
    await field.fill('not a domain');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('Enter a domain name such as app.yourbusiness.com (no https:// and no path).').waitFor();
    expect(await field.inputValue()).toBe('not a domain');
    // The refused request is the one expected console line (the browser logs every 4xx).
    expect(page.errors.splice(0)).toEqual([expect.stringMatching(/status of 400/)]);
    // On a phone the form and its message fit, the button on screen.
    await phoneCheckpoint(page, 'domains-refused', page.getByRole('button', { name: 'Add domain' }));

    const domain = 'app.whitfield.com';
    await field.fill(`https://${domain}/`);
    await page.getByRole('button', { name: 'Add domain' }).click();
    const card = page.getByRole('region', { name: domain });
    await card.getByText('Waiting for DNS').waitFor();
    const txtValue = (await card.locator('dd').nth(1).textContent()) ?? '';
    expect(txtValue).toMatch(/^fieldwise-verification=/);
    await page.screenshot({ path: `${SCREENSHOTS}/domains-pending-1280.png`, fullPage: true });
    // The records to copy and the Verify button, on a phone.
    await phoneCheckpoint(page, 'domains-pending', card.getByRole('button', { name: 'Verify' }));

    await card.getByRole('button', { name: 'Verify' }).click();
    await card
      .getByText(/We could not find the TXT record yet/)
      .first()
      .waitFor();

    dns.txt.set(`_fieldwise.${domain}`, [txtValue]);
    await card.getByRole('button', { name: 'Verify' }).click();
    await card.getByText('Verified', { exact: true }).waitFor();
    await card.getByRole('link', { name: new RegExp(domain) }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/domains-verified-1280.png`, fullPage: true });
    await expectFitsPhone(page, 'domains-verified', card.getByRole('link', { name: new RegExp(domain) }));

    // Its sign-in screen on the domain comes drawn in the business's brand, its colours on <html>;
    // on the app's own address the same screen stays Fieldwise's.
    const brand = await page.request.put('/api/settings/white-label', {
      data: { clientName: 'Whitfield Heating', primaryColor: '#0f766e', secondaryColor: '#f97316', isWhiteLabel: true },
    });
    expect(brand.status(), await brand.text()).toBe(200);
    const branded = await (await page.request.get('/login', { headers: { host: domain } })).text();
    const brandedRoot = branded.split('<div id="root">')[1] ?? '';
    expect(brandedRoot).toContain('Whitfield Heating');
    expect(brandedRoot).not.toContain('Back to home');
    expect(branded).toContain('<title>Sign in · Whitfield Heating</title>');
    expect(branded).toContain('<html lang="en" style="--brand-primary:#0f766e;--brand-secondary:#f97316">');
    const plain = await (await page.request.get('/login')).text();
    expect(plain.split('<div id="root">')[1]).toContain('Back to home');
    expect(plain).not.toContain('Whitfield Heating');
    // A browser on the domain hydrates that screen as drawn: no mismatch, and the form is live.
    const onDomain = await chromium.launch({
      executablePath: inject('chromiumPath'),
      args: [...CHROME_FLAGS, `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
    });
    try {
      const visitor = await onDomain.newPage({ serviceWorkers: 'block' });
      const errors: string[] = [];
      visitor.on(
        'console',
        (msg) => void (msg.type() === 'error' && !/status of 401/.test(msg.text()) && errors.push(msg.text())),
      );
      visitor.on('pageerror', (err) => errors.push(err.message));
      await visitor.goto(`http://${domain}:${new URL(ctx.server.url).port}/login`);
      await visitor.waitForFunction(() => 'appReady' in document.documentElement.dataset);
      await visitor.getByRole('button', { name: 'Sign In' }).click();
      await visitor.getByText('Email is required').waitFor();
      expect(await visitor.getByText('Whitfield Heating').first().isVisible()).toBe(true);
      await visitor.screenshot({ path: `${SCREENSHOTS}/domains-branded-login-1280.png` });
      // Over plain http on a host other than localhost the browser ignores our COOP header and says
      // so; the domain is served over https in life.
      expect(errors.filter((e) => !/Cross-Origin-Opener-Policy header has been ignored/.test(e))).toEqual([]);
    } finally {
      await onDomain.close();
    }
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
