import { mkdir } from 'node:fs/promises';
import { addDays, format, parseISO } from 'date-fns';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoToZoned } from '../../src/shared/zoned-time.ts';
import { FAKE_SOCIAL, startFakeSocialServer, type FakeSocialServer } from '../fakes/social-server.ts';
import { register } from './flows.ts';
import { browserAvailable, useAppInBrowser } from './harness.ts';

const SHOTS = '.tmp/screenshots';

// An owner connects Facebook and LinkedIn (pasted in Settings → Social), drafts with AI, walks
// the wizard and posts now: the fake networks receive it, the list shows Published with the link;
// LinkedIn refuses once, the reason shows, and Retry publishes it.
describe.runIf(browserAvailable())('social: AI draft → wizard → published', () => {
  let fake: FakeSocialServer;
  beforeAll(async () => {
    fake = await startFakeSocialServer();
    await mkdir(SHOTS, { recursive: true });
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

  for (const width of [1280, 375]) {
    it(`at ${width} px`, async () => {
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: `${SHOTS}/social-${name}-${width}.png`, fullPage: true });
      fake.reset();
      const page = await ctx.newPage(width);
      await register(page, {
        firstName: 'Rosa',
        lastName: 'Alvarez',
        email: `rosa.${width}@example.com`,
        password: 'Drain-Snake-2026!',
      });
      await connect(page);

      await page.goto('/social?action=create-post');
      await page.getByText('Multi-Platform Post Scheduling Wizard').waitFor();
      await page.getByText('Step 1 of 4').waitFor();
      // X is not connected: picking it says so, with the spec's toast.
      await page.getByRole('button', { name: /Twitter\/X/ }).click();
      await page.getByText('Platform Not Configured').first().waitFor();
      await page.getByRole('button', { name: /^Facebook/ }).click();
      await page.getByRole('button', { name: /^LinkedIn/ }).click();
      await shot(page, 'step1');

      await page.getByLabel('Topic').fill('Spring drain cleaning special');
      await page.getByRole('button', { name: 'Generate' }).click();
      await page.getByText('Step 2 of 4').waitFor();
      const global = await page.getByLabel('Post content').inputValue();
      expect(global).toContain('Spring drain cleaning special');
      expect(await page.getByLabel('Customized content for LinkedIn').inputValue()).not.toBe('');
      await shot(page, 'step2');
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await page.getByText('Pick a date').waitFor();
      await page.getByText('Optimal Posting Times').waitFor();
      expect(await page.getByLabel('Time').inputValue()).toBe('09:00');
      const today = isoToZoned(new Date().toISOString(), 'America/New_York').date;
      await page.getByRole('gridcell', { name: format(parseISO(today), 'EEEE, MMMM d, yyyy') }).click();
      await shot(page, 'step3');
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await page.getByText(/^Publishing on .* at 09:00/).waitFor();
      await page.getByRole('article', { name: 'Facebook preview' }).waitFor();
      await shot(page, 'step4');
      fake.failNext('linkedin', 'rejected');
      await page.getByRole('button', { name: 'Post now' }).click();
      await page.getByText('Step 1 of 4').waitFor();

      const posts = page.getByTestId('social-post');
      const facebook = posts.filter({ hasText: 'Facebook' });
      const linkedin = posts.filter({ hasText: 'LinkedIn' });
      await facebook.getByText('Published').waitFor({ timeout: 20_000 });
      const link = await facebook.getByRole('link', { name: /View on Facebook/ }).getAttribute('href');
      expect(link).toMatch(/^https:\/\/www\.facebook\.com\/1001_\d+$/);
      await linkedin.getByText('LinkedIn refused this post: Content is a duplicate').waitFor({ timeout: 20_000 });
      await shot(page, 'failed');
      await linkedin.getByRole('button', { name: 'Retry' }).click();
      await linkedin.getByText('Published').waitFor({ timeout: 20_000 });
      expect(fake.received.filter((r) => r.network === 'meta')).toHaveLength(1);
      expect(fake.received.filter((r) => r.network === 'linkedin')).toHaveLength(1);
      expect(fake.received[0]!.text).toContain('Spring drain cleaning special');
      await shot(page, 'published');

      // Bulk import: a file with one bad row is refused with the row named; a good one is saved.
      const day = (n: number) => format(addDays(parseISO(today), n), 'yyyy-MM-dd');
      const header = 'text,platforms,date,time,image_url';
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('CSV file').setInputFiles({
        name: 'posts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${header}\nFresh start,facebook,${day(2)},10:00,\nOops,myspace,${day(2)},10:00,\n`),
      });
      await dialog.getByText('Unknown platform "myspace"').waitFor();
      await dialog.getByText('Line 3: —').waitFor();
      expect(await dialog.getByRole('button', { name: '1 row to fix' }).isDisabled()).toBe(true);
      await shot(page, 'import');
      await dialog.getByLabel('CSV file').setInputFiles({
        name: 'posts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${header}\nFresh start,facebook,${day(2)},10:00,\n`),
      });
      await dialog.getByRole('button', { name: 'Import 1 rows' }).click();
      await dialog.getByText('Imported 1 posts.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();

      // Calendar: the imported post sits on its day; dragging it moves it, keeping its time.
      await page.goto('/social?tab=calendar');
      await page.getByText('Content Calendar').waitFor();
      const cell = (d: string) => page.getByRole('gridcell', { name: format(parseISO(d), 'EEEE, MMMM d, yyyy') });
      const chip = cell(day(2)).getByRole('button');
      await chip.waitFor();
      await chip.dragTo(cell(day(3)));
      await cell(day(3)).getByRole('button').waitFor();
      const moved = await page.request.get('/api/social/posts?status=scheduled');
      const [post] = (await moved.json()).posts as { scheduledFor: string }[];
      expect(isoToZoned(post!.scheduledFor, 'America/New_York')).toEqual({ date: day(3), time: '10:00' });
      await shot(page, 'calendar');
      expect(page.errors).toEqual([]);
    });
  }
});
