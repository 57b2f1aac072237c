import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_IMAGE_MESSAGES } from '#shared/schemas/website.ts';
import { isoToZoned } from '#shared/zoned-time.ts';
import { startFakeWordpress, type FakeWordpress } from '../fakes/wordpress-server.ts';
import { register } from './flows.ts';
import { browserAvailable, useAppInBrowser } from './harness.ts';

const SHOTS = '.tmp/screenshots';
const PASSWORD = 'Water-Heater-3090!';
const ZONE = 'America/Chicago';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function until<T>(what: string, probe: () => T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.runIf(browserAvailable())('website: a blog post with a featured image, published by schedule', () => {
  let wp: FakeWordpress;
  beforeAll(async () => {
    wp = await startFakeWordpress();
    await mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => wp?.close());
  // The fake WordPress listens on 127.0.0.1, opened in the SSRF guard for this run only. The
  // server runs the pg-boss worker, so the scheduled job really runs.
  const ctx = useAppInBrowser({ env: () => ({ OUTBOUND_ALLOW: '127.0.0.1' }) });

  for (const width of [1280, 375]) {
    it(`at ${width} px: image → schedule → a failed publish is shown → fixed → the worker publishes it`, async () => {
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: `${SHOTS}/website-${name}-${width}.png`, fullPage: true });
      const owner = await ctx.newPage(width);
      await register(owner, {
        firstName: 'Ada',
        lastName: 'Okafor',
        email: `ada.schedule.${width}@example.com`,
        password: PASSWORD,
      });
      const wordpress = (appPassword: string) =>
        owner.request.put('/api/settings/wordpress', {
          data: { siteUrl: wp.url, username: wp.options.username, appPassword },
        });
      expect((await wordpress('wxyz WXYZ wxyz WXYZ wxyz WXYZ')).status()).toBe(200);
      expect((await owner.request.put('/api/settings/business', { data: { timezone: ZONE } })).status()).toBe(200);
      const title = `Spring AC checklist (${width})`;
      const created = await owner.request.post('/api/website/blog-posts', {
        data: { title, content: '## Before the heat\n\nChange the filter.', categories: ['Cooling'] },
      });
      expect(created.status()).toBe(201);

      const openPost = async () => {
        await owner.goto('/website');
        await owner.getByRole('button', { name: new RegExp(title.replace(/[()]/g, '\\$&')) }).click();
        await owner.getByLabel('Title', { exact: true }).waitFor();
      };
      await openPost();

      // The featured image: a wrong file is refused in words, a PNG is kept with the post.
      const file = owner.getByLabel('Choose a featured image');
      await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await owner.getByText(FEATURED_IMAGE_MESSAGES.type).waitFor();
      await file.setInputFiles({ name: 'tune-up.png', mimeType: 'image/png', buffer: PNG });
      await owner.getByTestId('featured-image-name').getByText('tune-up.png').waitFor();

      // Scheduled for tomorrow at 9:30 in the business's time zone.
      const tomorrow = isoToZoned(new Date(Date.now() + 86_400_000).toISOString(), ZONE).date;
      await owner.getByLabel('Date', { exact: true }).fill(tomorrow);
      await owner.getByLabel('Time', { exact: true }).fill('09:30');
      await owner.getByRole('button', { name: 'Schedule', exact: true }).click();
      await owner.getByTestId('schedule-status').getByText(`(${ZONE})`).waitFor();
      expect(await owner.getByTestId('schedule-status').textContent()).toContain('9:30 AM');
      await shot(owner, 'blog-scheduled');

      // Moved to now: the worker runs the job at once; the wrong password makes it fail, and says why.
      const now = () => isoToZoned(new Date().toISOString(), ZONE);
      await owner.getByLabel('Date', { exact: true }).fill(now().date);
      await owner.getByLabel('Time', { exact: true }).fill(now().time);
      await owner.getByRole('button', { name: 'Reschedule' }).click();
      await expect
        .poll(
          async () => (await (await owner.request.get('/api/website/blog-posts')).json()).posts[0]?.schedule?.state,
          {
            timeout: 30_000,
          },
        )
        .toBe('failed');
      await openPost();
      await owner.getByText('Wrong username or application password.', { exact: false }).first().waitFor();
      await shot(owner, 'blog-schedule-failed');

      // Fixed: schedule again; the worker publishes it, with the image as featured media.
      expect((await wordpress(wp.options.appPassword)).status()).toBe(200);
      await owner.getByLabel('Date', { exact: true }).fill(now().date);
      await owner.getByLabel('Time', { exact: true }).fill(now().time);
      await owner.getByRole('button', { name: 'Schedule', exact: true }).click();
      const remote = await until('the post on WordPress', () => [...wp.posts.values()].find((p) => p.title === title));
      expect(remote.status).toBe('publish');
      const media = wp.media.find((m) => m.id === remote.featured_media);
      expect(media).toMatchObject({ filename: 'tune-up.png', mimeType: 'image/png' });
      await expect
        .poll(async () => (await (await owner.request.get('/api/website/blog-posts')).json()).posts[0]?.status, {
          timeout: 15_000,
        })
        .toBe('published');
      await owner.goto('/website');
      await owner.getByRole('heading', { name: 'Recent Posts' }).waitFor();
      expect(owner.errors).toEqual([]);
    }, 180_000);
  }
});
