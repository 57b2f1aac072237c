import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, SCREENSHOTS, useAppInBrowser } from './harness.ts';

// Screenshots land here for people to look at; nothing compares them.

interface PublicPage {
  path: string;
  name: string;
  title: RegExp;
  h1: RegExp;
  /** Texts the page must show. */
  content: (string | RegExp)[];
}

const PAGES: PublicPage[] = [
  {
    path: '/',
    name: 'landing',
    title: /Fieldwise/,
    h1: /More booked jobs/,
    content: [/14-day/, '10,000+', /cancel anytime/i],
  },
  {
    path: '/features',
    name: 'features',
    title: /^Features · Fieldwise$/,
    h1: /whole marketing department/i,
    content: [
      'AI social posts with scheduled publishing',
      'Lead tracking with explainable AI scoring',
      'Review management with AI-drafted replies',
      'Keyword and SEO tracking',
      'Analytics reports',
      'AI website content + WordPress publishing',
      'AI coach',
      'Felix, your marketing assistant',
      'WordPress',
      'Google Business Profile',
      'Google Analytics 4',
      'Facebook',
      'Instagram',
      'X / Twitter',
      'LinkedIn',
      'Twilio SMS',
      'GoDaddy',
      'Stripe',
    ],
  },
  {
    path: '/pricing',
    name: 'pricing',
    title: /^Pricing · Fieldwise$/,
    h1: /Simple pricing/,
    content: [
      'Starter',
      'Professional',
      'Enterprise',
      'Save 20%',
      'Most popular',
      'Frequently asked questions',
      /no credit card/i,
    ],
  },
  {
    path: '/about',
    name: 'about',
    title: /^About · Fieldwise$/,
    h1: /marketing department/,
    content: [
      '10,000+',
      '50M+',
      '300%',
      '99.9%',
      'Field Service First',
      'Intelligent Automation',
      'Results-Driven',
      'Community-Focused',
      'Join Our Mission',
    ],
  },
  {
    path: '/demo',
    name: 'demo',
    title: /^Demo · Fieldwise$/,
    h1: /See Fieldwise at work/,
    content: [
      'Felix AI Assistant',
      'AI Content Creation',
      'Smart Lead Management',
      'Business Analytics',
      'HVAC',
      'Plumbing',
      'Electrical',
      'Landscaping',
    ],
  },
];

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function prices(page: Page): Promise<string[]> {
  return page.locator('[data-plan] [data-testid="plan-price"]').allTextContents();
}

describe.runIf(browserAvailable())('the public marketing pages', () => {
  const ctx = useAppInBrowser();

  describe.each(PAGES)('$path', ({ path, name, title, h1, content }) => {
    it('shows its key content with one h1, a title and a meta description, and no console errors', async () => {
      const page = await ctx.newPage(1280);
      await open(page, path);
      expect(await page.locator('h1').count(), 'exactly one h1').toBe(1);
      expect(await page.locator('h1').textContent()).toMatch(h1);
      await expect.poll(() => page.title()).toMatch(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(50);
      const text = (await page.locator('main').textContent()) ?? '';
      for (const expected of content) expect(text).toMatch(expected);
      // Headings never skip a level (h1 → h2 → h3 …).
      const levels = await page
        .locator('h1, h2, h3, h4, h5, h6')
        .evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))));
      levels.reduce((previous, level) => {
        expect(level, `heading levels ${levels.join(',')}`).toBeLessThanOrEqual(previous + 1);
        return level;
      }, 1);
      expect(page.errors).toEqual([]);
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-1280.png`, fullPage: true });
      await page.close();
    });

    it('fits a 375 px phone without sideways scrolling', async () => {
      const page = await ctx.newPage(375);
      await open(page, path);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(page.errors).toEqual([]);
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-375.png`, fullPage: true });
      await page.close();
    });
  });

  it('sends / and /login with their text in the HTML, before any script has run', async () => {
    const html = async (path: string) => (await fetch(`${ctx.server.url}${path}`)).text();
    const landing = await html('/');
    expect(landing).toMatch(/<h1[^>]*><span[^>]*>More booked jobs\.<\/span>/);
    expect(landing).toContain('Start Free Trial');
    const login = await html('/login');
    expect(login).toMatch(/<title>Sign in · Fieldwise<\/title>/);
    expect(login).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    expect(login).toMatch(/<label[^>]*>Email/);
    // The page reads its query: the way to sign up keeps where the visitor was heading.
    expect(await html('/login?next=%2Fleads')).toContain('href="/register?next=%2Fleads"');
  });

  it('takes /login over from its HTML without errors, keeping what was typed before the scripts ran', async () => {
    const page = await ctx.newPage();
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    const loading = page.goto('/login');
    // The server's form, with no script yet: the visitor starts typing.
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel(/Remember me/).check();
    expect(await page.evaluate(() => 'appReady' in document.documentElement.dataset)).toBe(false);
    release();
    await loading;
    expect(await page.getByLabel('Email').inputValue()).toBe('early@example.com');
    // The form has the typed address: only the password is missing, and it gets the focus.
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Password is required').waitFor();
    expect(await page.getByText('Email is required').count()).toBe(0);
    expect(await page.getByLabel('Email').inputValue()).toBe('early@example.com');
    expect(await page.getByLabel(/Remember me/).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('sends every sign-up button to /api/login and sales to a mail link', async () => {
    const page = await ctx.newPage();
    for (const path of ['/features', '/pricing', '/about', '/demo']) {
      await open(page, path);
      const signUps = page.getByRole('link', {
        name: /start free trial|get started|join our mission|start your journey|free 14-day trial/i,
      });
      expect(await signUps.count(), path).toBeGreaterThan(0);
      for (const href of await signUps.evaluateAll((els) => els.map((el) => el.getAttribute('href'))))
        expect(href, path).toBe('/api/login');
    }
    await open(page, '/pricing');
    const sales = page.getByRole('link', { name: 'Contact Sales' });
    expect(await sales.count()).toBeGreaterThan(0);
    for (const href of await sales.evaluateAll((els) => els.map((el) => el.getAttribute('href'))))
      expect(href).toMatch(/^mailto:/);
    expect(await page.getByRole('link', { name: 'Schedule Personal Demo' }).getAttribute('href')).toMatch(/^mailto:/);
    await page.close();
  });

  it('switches the pricing from monthly to yearly, with the yearly savings, by mouse and by keyboard', async () => {
    const page = await ctx.newPage();
    await open(page, '/pricing');
    expect(await prices(page)).toEqual(['$49', '$99', '$199']);
    expect(await page.locator('[data-testid="plan-savings"]').count()).toBe(0);

    await page.locator('label', { hasText: 'Yearly' }).click();
    expect(await prices(page)).toEqual(['$39', '$79', '$159']);
    expect(await page.locator('[data-testid="plan-savings"]').allTextContents()).toEqual([
      'Save $120 a year',
      'Save $240 a year',
      'Save $480 a year',
    ]);
    expect(await page.getByRole('radio', { name: /yearly/i }).isChecked()).toBe(true);

    // Keyboard: the toggle is a radio group, so the arrow keys move between the options.
    await page.getByRole('radio', { name: /yearly/i }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    expect(await prices(page)).toEqual(['$49', '$99', '$199']);
    await page.keyboard.press('ArrowRight');
    expect(await prices(page)).toEqual(['$39', '$79', '$159']);

    // The FAQ answers the trial, card and plan-change questions.
    await page.getByText('Can I change plans later?').click();
    expect(await page.getByText(/Changes are prorated/).isVisible()).toBe(true);
    const faq = (await page.locator('#faq-title').locator('xpath=ancestor::section[1]').textContent()) ?? '';
    expect(faq).toMatch(/14-day/);
    expect(faq).toMatch(/No credit card/i);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('runs the demo player: progress grows, stops at 100, and reset returns it to 0', async () => {
    const page = await ctx.newPage();
    await open(page, '/demo');
    const panel = page.getByRole('tabpanel');
    const bar = panel.getByRole('progressbar');
    const value = async () => Number(await bar.getAttribute('aria-valuenow'));
    expect(await value()).toBe(0);

    await panel.getByRole('button', { name: 'Play' }).click();
    await expect.poll(value, { timeout: 3000 }).toBeGreaterThan(0);
    const early = await value();
    await expect.poll(value, { timeout: 3000 }).toBeGreaterThan(early);

    await panel.getByRole('button', { name: 'Pause' }).click();
    const paused = await value();
    await page.waitForTimeout(400);
    expect(await value()).toBe(paused);

    await panel.getByRole('button', { name: 'Play' }).click();
    await expect.poll(value, { timeout: 8000 }).toBe(100);
    await page.waitForTimeout(300);
    expect(await value()).toBe(100);

    await panel.getByRole('button', { name: 'Reset' }).click();
    expect(await value()).toBe(0);

    // The feature tabs work from the keyboard: arrow keys move to the next feature.
    await page.getByRole('tab', { name: 'Felix AI Assistant' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'AI Content Creation' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await page.getByRole('tabpanel').first().textContent()).toMatch(/From job notes to a finished post/);

    // Industry tabs show copy for each trade.
    await page.getByRole('tab', { name: 'Plumbing' }).click();
    expect(await page.getByRole('tabpanel').last().textContent()).toMatch(/Burst pipe/);
    await page.getByRole('tab', { name: 'Electrical' }).click();
    expect(await page.getByRole('tabpanel').last().textContent()).toMatch(/EV charger/);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('shows a visible focus ring on keyboard focus', async () => {
    const page = await ctx.newPage();
    await open(page, '/pricing');
    await page.keyboard.press('Tab'); // the skip link
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return getComputedStyle(el).outlineStyle;
    });
    expect(outline).not.toBe('none');
    await page.close();
  });
});
