import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_IMAGE_MESSAGES } from '#shared/schemas/website.ts';
import { isoToZoned } from '#shared/zoned-time.ts';
import { startFakeWordpress, type FakeWordpress } from '../fakes/wordpress-server.ts';
import { signUpByApi } from './flows.ts';
import { browserAvailable, DESKTOP, expectFitsPhone, SCREENSHOTS, useAppInBrowser } from './harness.ts';

const PASSWORD = 'Water-Heater-3090!';
const ZONE = 'America/Chicago';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.runIf(browserAvailable())('website: a blog post with a featured image, published by schedule', () => {
  let wp: FakeWordpress;
  beforeAll(async () => {
    wp = await startFakeWordpress();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => wp?.close());
  // The fake WordPress listens on 127.0.0.1, opened in the SSRF guard for this run only. The
  // server runs the pg-boss worker, so the scheduled job really runs.
  const ctx = useAppInBrowser({ env: () => ({ OUTBOUND_ALLOW: '127.0.0.1' }) });

  it('image → schedule → a failed publish is shown → fixed → the worker publishes it; each screen fits a phone', async () => {
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${SCREENSHOTS}/website-${name}-1280.png`, fullPage: true });
    const owner = await ctx.newPage();
    await signUpByApi(owner, ctx.server.url, {
      firstName: 'Ada',
      lastName: 'Okafor',
      email: 'ada.schedule@example.com',
      password: PASSWORD,
    });
    const wordpress = (appPassword: string) =>
      owner.request.put('/api/settings/wordpress', {
        data: { siteUrl: wp.url, username: wp.options.username, appPassword },
      });
    expect((await wordpress('wxyz WXYZ wxyz WXYZ wxyz WXYZ')).status()).toBe(200);
    expect((await owner.request.put('/api/settings/business', { data: { timezone: ZONE } })).status()).toBe(200);
    const title = 'Spring AC checklist';
    const created = await owner.request.post('/api/website/blog-posts', {
      data: { title, content: '## Before the heat\n\nChange the filter.', categories: ['Cooling'] },
    });
    expect(created.status()).toBe(201);

    const openPost = async () => {
      await owner.goto('/website');
      await owner.getByRole('button', { name: new RegExp(title) }).click();
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
    // On a phone the image's Remove button is its icon alone, so the file name keeps its room.
    await expectFitsPhone(owner, 'website-blog-scheduled', owner.getByRole('button', { name: 'Reschedule' }));
    expect((await owner.getByTestId('featured-image-name').boundingBox())?.width).toBeGreaterThan(60);
    await owner.setViewportSize(DESKTOP);

    // Moved to now: the worker runs the job at once; the wrong password makes it fail, and says why.
    const now = () => isoToZoned(new Date().toISOString(), ZONE);
    await owner.getByLabel('Date', { exact: true }).fill(now().date);
    await owner.getByLabel('Time', { exact: true }).fill(now().time);
    await owner.getByRole('button', { name: 'Reschedule' }).click();
    await expect
      .poll(async () => (await (await owner.request.get('/api/website/blog-posts')).json()).posts[0]?.schedule?.state, {
        timeout: 30_000,
      })
      .toBe('failed');
    await openPost();
    await owner.getByText('Wrong username or application password.', { exact: false }).first().waitFor();
    await shot(owner, 'blog-schedule-failed');
    await expectFitsPhone(
      owner,
      'website-blog-schedule-failed',
      owner.getByRole('button', { name: 'Schedule', exact: true }),
    );
    await owner.setViewportSize(DESKTOP);

    // Fixed: schedule again; the worker publishes it, with the image as featured media.
    expect((await wordpress(wp.options.appPassword)).status()).toBe(200);
    await owner.getByLabel('Date', { exact: true }).fill(now().date);
    await owner.getByLabel('Time', { exact: true }).fill(now().time);
    await owner.getByRole('button', { name: 'Schedule', exact: true }).click();
    const onWordpress = () => [...wp.posts.values()].find((p) => p.title === title);
    await expect.poll(onWordpress, { timeout: 30_000 }).toBeDefined();
    const remote = onWordpress()!;
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
    const published = owner.getByRole('button', { name: title }).filter({ hasText: 'Published' });
    await published.waitFor();
    await expectFitsPhone(owner, 'website-blog-published', published);
    expect(owner.errors).toEqual([]);
  }, 180_000);
});
