import { mkdir } from 'node:fs/promises';
import { addDays, format, parseISO } from 'date-fns';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoToZoned } from '../../src/shared/zoned-time.ts';
import {
  FAKE_SOCIAL,
  startFakeSocialServer,
  type FakeSocialServer,
  type ReceivedPost,
} from '../fakes/social-server.ts';
import { demoAccount, signIn, signUpByApi } from './flows.ts';
import {
  browserAvailable,
  type BrowserContext,
  DESKTOP,
  expectFitsPhone,
  phoneCheckpoint,
  SCREENSHOTS,
  useAppInBrowser,
} from './harness.ts';

/** A new business's time zone: the wizard's date and time are in it. */
const TZ = 'America/New_York';
const longDay = (day: string) => format(parseISO(day), 'EEEE, MMMM d, yyyy');
/**
 * The scheduled post's time is the first whole minute at least this far ahead: enough to review
 * it and press Schedule before it comes, even on a busy machine (that takes a few seconds).
 */
const LEAD_MS = 20_000;

/**
 * The demo business's /social, on its own page (the same server): Platform Performance from its
 * (sample) analytics rows under a Demo Data badge, and the calendar's week view in the business's
 * time zone, each fitting a phone too. It runs while the wizard's scheduled post waits for its
 * time, which it would otherwise spend idle.
 */
async function demoPlatformPerformanceAndWeekView(ctx: BrowserContext): Promise<void> {
  const page = await ctx.newPage();
  await signIn(page, await demoAccount(ctx.server.dataDir));
  await page.goto('/social');
  const card = page.locator('div', { has: page.getByText('Platform Performance', { exact: true }) }).last();
  await page.getByText('Platform Performance', { exact: true }).waitFor();
  // The title has its own element (Playwright matches an element's whole text, badge included).
  await page.getByRole('heading', { name: 'Platform Performance Demo Data', exact: true }).waitFor();
  await page
    .getByText(/likes · .* comments · .* shares/)
    .first()
    .waitFor();
  await page.getByRole('button', { name: '90d' }).click();
  await page.getByText(/last 90 days/).waitFor();
  await page.getByText('Platform Performance', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/social-platform-performance-1280.png`, fullPage: true });
  expect(await card.count()).toBeGreaterThan(0);
  await expectFitsPhone(page, 'social-platform-performance', page.getByRole('button', { name: '90d' }));
  await page.setViewportSize(DESKTOP);

  await page.goto('/social?tab=calendar');
  await page.getByText('Content Calendar').waitFor();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const week = page.getByRole('grid', { name: /^Week of / });
  await week.waitFor();
  expect(await week.getByRole('gridcell').count()).toBe(7);
  await page.getByText(/^Times in /).waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}/social-calendar-week-1280.png`, fullPage: true });
  // A long post in the week view is cut with an ellipsis; the page never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(page.errors).toEqual([]);
  // On a phone too (expectFitsPhone fails on any sideways scroll), with the week whole on screen.
  await expectFitsPhone(page, 'social-calendar-week', week);
  await page.close();
}

// An owner connects Facebook and LinkedIn (pasted in Settings → Social), drafts with AI, walks
// the wizard and schedules the post for the next minute or so: the fake networks receive it at
// that time, the list shows Published with the link; LinkedIn refuses once, the reason shows, and
// Retry publishes it. Meanwhile Quick Post sends one now, a CSV import and the calendar are used,
// and the demo business's Platform Performance and week view are checked on another page.
// The flow runs at desktop width; each screen it fills is checked at phone width on the way.
describe.runIf(browserAvailable())('social: AI draft → wizard → scheduled → published', () => {
  let fake: FakeSocialServer;
  /** When each post reached the fake network. */
  const arrivedAt = new Map<ReceivedPost, number>();
  beforeAll(async () => {
    fake = await startFakeSocialServer();
    const push = fake.received.push.bind(fake.received);
    fake.received.push = (...posts) => {
      for (const post of posts) arrivedAt.set(post, Date.now());
      return push(...posts);
    };
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => fake?.close());
  const ctx = useAppInBrowser({
    env: () => ({ META_GRAPH_BASE_URL: fake.url, X_API_BASE_URL: fake.url, LINKEDIN_API_BASE_URL: fake.url }),
  });

  async function connect(page: Page) {
    const res = await page.request.put('/api/settings/social', {
      headers: { origin: ctx.server.url },
      data: {
        facebook: { appId: '', appSecret: '', accessToken: 'page-token-e2e', pageId: FAKE_SOCIAL.pageId },
        linkedin: { clientId: '', clientSecret: '', accessToken: 'li-token-e2e', organizationId: '5001' },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  it("wizard, Quick Post, CSV import and calendar at desktop width, the demo's analytics and week view meanwhile; each screen fits a phone", async () => {
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${SCREENSHOTS}/social-${name}-1280.png`, fullPage: true });
    fake.reset();
    const page = await ctx.newPage();
    /** The phone pass of the screen on show (the flow runs at desktop width), then back to desktop. */
    const fitsPhone = (name: string, control: Locator) => phoneCheckpoint(page, `social-${name}`, control);
    await signUpByApi(page, ctx.server.url, {
      firstName: 'Rosa',
      lastName: 'Alvarez',
      email: 'rosa@example.com',
      password: 'Drain-Snake-2026!',
    });
    await connect(page);

    await page.goto('/social?action=create-post');
    await page.getByText('Multi-Platform Post Scheduling Wizard').waitFor();
    await page.getByText('Step 1 of 4').waitFor();
    // X is not connected: it can still be picked, and says its post goes to the sandbox.
    const x = page.getByRole('button', { name: /Twitter\/X/ });
    await page.getByText('Not connected — goes to the sandbox.').first().waitFor();
    await x.click();
    expect(await x.getAttribute('aria-pressed')).toBe('true');
    await x.click(); // this flow posts to the connected networks only
    expect(await x.getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: /^Facebook/ }).click();
    await page.getByRole('button', { name: /^LinkedIn/ }).click();
    await shot(page, 'step1');
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expectFitsPhone(page, 'social-step1', next);
    // On a phone the wizard's tab is named short.
    await page.getByRole('tab', { name: 'Wizard', exact: true }).waitFor();
    await page.setViewportSize(DESKTOP);

    await page.getByLabel('Topic').fill('Spring drain cleaning special');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('Step 2 of 4').waitFor();
    await page.getByText('Writing your drafts…').waitFor({ state: 'hidden' });
    const global = await page.getByLabel('Post content').inputValue();
    expect(global).toContain('Spring drain cleaning special');
    const linkedinText = page.getByLabel('Customized content for LinkedIn');
    const drafted = await linkedinText.inputValue();
    expect(drafted).not.toBe('');
    await shot(page, 'step2');
    await fitsPhone('step2', next);
    // Over LinkedIn's limit: the count turns red and LinkedIn alone is blocked, with the reason.
    await linkedinText.fill('Drain '.repeat(501));
    const overLimit = page.getByText(
      /^Not posted to LinkedIn: LinkedIn allows 3,000 characters; this post has 3,\d{3}\.$/,
    );
    await overLimit.waitFor();
    await shot(page, 'step2-over');
    await fitsPhone('step2-over', overLimit);
    await linkedinText.fill(drafted);
    await next.click();

    await page.getByText('Pick a date').waitFor();
    await page.getByText('Optimal Posting Times').waitFor();
    expect(await page.getByLabel('Time').inputValue()).toBe('09:00');
    // Before the time is picked: the phone pass must not eat into the lead before the post's time.
    await fitsPhone('step3', next);
    // On a whole minute (the field has no seconds), in the business's zone; near midnight that is
    // tomorrow, which the picker shows too.
    const at = Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000;
    const when = isoToZoned(new Date(at).toISOString(), TZ);
    await page.getByRole('gridcell', { name: longDay(when.date) }).click();
    await page.getByLabel('Time').fill(when.time);
    await shot(page, 'step3');
    await next.click();

    await page.getByText(new RegExp(`^Publishing on ${longDay(when.date)} at ${when.time}`)).waitFor();
    await page.getByRole('article', { name: 'Facebook preview' }).waitFor();
    await shot(page, 'step4');
    const schedule = page.getByRole('button', { name: 'Schedule Posts' });
    await fitsPhone('step4', schedule);
    fake.failNext('linkedin', 'rejected');
    await schedule.click();
    await page.getByText('Step 1 of 4').waitFor();

    const posts = page.getByTestId('social-post');
    const quickText = 'Two vans free this afternoon';
    const importedText = 'Fresh start from the CSV';
    const facebook = posts
      .filter({ hasText: 'Facebook' })
      .filter({ hasNotText: quickText })
      .filter({ hasNotText: importedText });
    const linkedin = posts.filter({ hasText: 'LinkedIn' });
    await facebook.getByText('Scheduled', { exact: true }).waitFor();
    await linkedin.getByText('Scheduled', { exact: true }).waitFor();
    expect(fake.received).toHaveLength(0);

    // Meanwhile, Quick Post sends a message now.
    await page.getByRole('tab', { name: 'Quick Post' }).click();
    await page.getByLabel('Post', { exact: true }).fill(quickText);
    await page.getByRole('checkbox', { name: 'Facebook' }).check();
    const postNow = page.getByRole('button', { name: 'Post now' });
    await fitsPhone('quick-post', postNow);
    await postNow.click();
    await posts.filter({ hasText: quickText }).getByText('Published', { exact: true }).waitFor({ timeout: 20_000 });

    // While the scheduled post waits for its time. Bulk import: a file with one bad row is refused
    // with the row named; a good one is saved.
    const today = isoToZoned(new Date().toISOString(), TZ).date;
    const day = (n: number) => format(addDays(parseISO(today), n), 'yyyy-MM-dd');
    const header = 'text,platforms,date,time,image_url';
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'posts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\n${importedText},facebook,${day(2)},10:00,\nOops,myspace,${day(2)},10:00,\n`),
    });
    await dialog.getByText('Unknown platform "myspace"').waitFor();
    await dialog.getByText('Line 3: —').waitFor();
    expect(await dialog.getByRole('button', { name: '1 row to fix' }).isDisabled()).toBe(true);
    await shot(page, 'import');
    await fitsPhone('import', dialog.getByRole('button', { name: '1 row to fix' }));
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'posts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\n${importedText},facebook,${day(2)},10:00,\n`),
    });
    await dialog.getByRole('button', { name: 'Import 1 rows' }).click();
    await dialog.getByText('Imported 1 posts.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // Calendar: the imported post sits on its day; dragging it moves it, keeping its time.
    await page.goto('/social?tab=calendar');
    await page.getByText('Content Calendar').waitFor();
    const cell = (d: string) => page.getByRole('gridcell', { name: longDay(d) });
    const chip = cell(day(2)).getByRole('button');
    await chip.waitFor();
    await chip.dragTo(cell(day(3)));
    await cell(day(3)).getByRole('button').waitFor();
    const moved = await page.request.get('/api/social/posts?status=scheduled');
    const post = ((await moved.json()).posts as { content: string; scheduledFor: string }[]).find(
      (p) => p.content === importedText,
    );
    expect(isoToZoned(post!.scheduledFor, TZ)).toEqual({ date: day(3), time: '10:00' });
    await shot(page, 'calendar');
    await fitsPhone('calendar', cell(day(3)).getByRole('button'));

    // Still before the post's time (it is at least LEAD_MS after the time was picked, and a minute
    // on average): the demo business's analytics and week view, signed in on a page of its own.
    await demoPlatformPerformanceAndWeekView(ctx);

    // At its time the networks receive the scheduled post; the list (on every tab) shows Published
    // with the link.
    await facebook.getByText('Published', { exact: true }).waitFor({ timeout: 120_000 });
    const link = await facebook.getByRole('link', { name: /View on Facebook/ }).getAttribute('href');
    expect(link).toMatch(/^https:\/\/www\.facebook\.com\/1001_\d+$/);
    const scheduled = fake.received.filter((r) => r.network === 'meta' && r.text !== quickText);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.text).toContain('Spring drain cleaning special');
    expect(arrivedAt.get(scheduled[0]!)).toBeGreaterThanOrEqual(at);
    await linkedin.getByText('LinkedIn refused this post: Content is a duplicate').waitFor({ timeout: 20_000 });
    await shot(page, 'failed');
    const retry = linkedin.getByRole('button', { name: 'Retry' });
    await fitsPhone('failed', retry);
    await retry.click();
    await linkedin.getByText('Published', { exact: true }).waitFor({ timeout: 20_000 });
    expect(fake.received.filter((r) => r.network === 'linkedin')).toHaveLength(1);
    await shot(page, 'published');
    await expectFitsPhone(page, 'social-published', facebook.getByRole('link', { name: /View on Facebook/ }));
    expect(page.errors).toEqual([]);
  }, 240_000); // the scheduled post waits up to 80 s for its time
});
