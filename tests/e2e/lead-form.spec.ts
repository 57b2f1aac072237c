import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTurnstile, type FakeTurnstile } from '../fakes/turnstile-server.ts';
import { signUpByApi } from './flows.ts';
import { browserAvailable, DESKTOP, expectFitsPhone, SCREENSHOTS, useAppInBrowser } from './harness.ts';

describe.runIf(browserAvailable())('the lead form with the Turnstile check on (issue 33)', () => {
  let turnstile: FakeTurnstile;
  beforeAll(async () => {
    turnstile = await startFakeTurnstile();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => turnstile?.close());
  // The fake Turnstile (widget script and siteverify) listens on 127.0.0.1, opened in the SSRF guard.
  const ctx = useAppInBrowser({
    env: () => ({ TURNSTILE_BASE_URL: turnstile.url, OUTBOUND_ALLOW: '127.0.0.1' }),
  });

  it('an owner turns the check on in Settings → Lead form; a visitor passes the widget and the lead arrives', async () => {
    const owner = await ctx.newPage();
    await signUpByApi(owner, ctx.server.url, {
      firstName: 'Lena',
      lastName: 'Park',
      email: 'lena.leadform@example.com',
      password: 'Furnace-Filter-4410!',
      businessName: 'Park Heating',
    });
    await owner.goto('/settings?tab=lead-form');
    const replies = owner.getByRole('region', { name: 'Automatic replies' });
    await replies.getByText('0 of 50 automatic replies sent today').waitFor();
    const card = owner.getByRole('region', { name: 'Spam check (Cloudflare Turnstile)' });
    await card.getByLabel('Site key').fill(turnstile.siteKey);
    await card.getByLabel('Secret key', { exact: true }).fill(turnstile.secretKey);
    const save = card.getByRole('button', { name: 'Save Spam Check' });
    await save.click();
    await card.getByText('On', { exact: true }).waitFor();
    // The secret is never shown again, only that one is stored.
    expect(await card.getByLabel('Secret key', { exact: true }).inputValue()).toBe('');
    await owner.screenshot({ path: `${SCREENSHOTS}/settings-lead-form-1280.png`, fullPage: true });
    await expectFitsPhone(owner, 'settings-lead-form', save);
    await owner.setViewportSize(DESKTOP);

    const built = await owner.request.post('/api/ai/generate-landing-page', {
      headers: { origin: ctx.server.url },
      data: { messages: [], userPrompt: 'A furnace tune-up page with 10% off' },
    });
    const { id } = ((await built.json()) as { landingPage: { id: string } }).landingPage;
    const published = await owner.request.post(`/api/website/landing-pages/${id}/publish`, {
      headers: { origin: ctx.server.url },
    });
    const { publicPath } = (await published.json()) as { publicPath: string };

    const visitor = await ctx.newPage();
    await visitor.goto(publicPath);
    // The widget ran (the page's CSP let its script in) and put its token into the form.
    await visitor.locator('.cf-turnstile[data-state="solved"]').waitFor();
    expect(await visitor.locator('input[name="cf-turnstile-response"]').inputValue()).toMatch(/^XXXX\.DUMMY/);
    await visitor.getByLabel('Your name').fill('Sam Reyes');
    await visitor.getByLabel('Email').fill('sam.reyes@example.com');
    await visitor.getByLabel('What do you need?').fill('Furnace tune-up');
    await visitor.getByLabel('Town or ZIP').fill('Tacoma');
    const send = visitor.getByRole('button', { name: 'Send my request' });
    await visitor.screenshot({ path: `${SCREENSHOTS}/lead-form-turnstile-1280.png`, fullPage: true });
    await expectFitsPhone(visitor, 'lead-form-turnstile', send);
    const servedAt = Number((await visitor.locator('input[name="ts"]').inputValue()).split('.')[0]);
    await expect.poll(() => Date.now() - servedAt, { timeout: 10_000 }).toBeGreaterThan(3_000);
    await send.click();
    await visitor.getByRole('heading', { name: 'Thank you!' }).waitFor();
    expect(visitor.errors, 'no console errors, so no CSP violations').toEqual([]);
    expect(turnstile.verifications.at(-1)).toMatchObject({ secret: turnstile.secretKey, remoteip: '127.0.0.1' });

    const leads = (await (await owner.request.get('/api/leads')).json()) as { leads: { name: string }[] };
    expect(leads.leads.map((l) => l.name)).toEqual(['Sam Reyes']);
    await owner.close();
    await visitor.close();
  });
});
