import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_IMAGE_MESSAGES, WEBSITE_MESSAGES, type TBlogPost } from '#shared/schemas/website.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { WORDPRESS_MESSAGES } from '#server/integrations/wordpress/wordpress-client.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { startFakeWordpress, type FakeWordpress } from '#tests/fakes/wordpress-server.ts';
import {
  BLOG_MAX_TRIES,
  BLOG_PUBLISH_JOB,
  runScheduledPublish,
  SCHEDULE_MESSAGES,
  ZBlogPublishJob,
  type BlogPublishJob,
} from './blog-schedule.service.ts';
import { websiteDeps, type WebsiteDeps } from './website.deps.ts';
import { callAny as call, recordingJobs, TINY_PNG } from '#tests/kits/website.ts';

// The fake WordPress listens on 127.0.0.1, which this app's SSRF guard lets through. The queue
// records the jobs; the tests run the publishing handler the way the worker would.
const jobs = recordingJobs();
let app: App;
let database: TestDatabase;
let deps: WebsiteDeps;
let wp: FakeWordpress;
beforeAll(async () => {
  wp = await startFakeWordpress();
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig({ OUTBOUND_ALLOW: '127.0.0.1' }), database, logger: false, jobs });
  await app.ready();
  deps = websiteDeps(app.deps);
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await wp?.close();
});

async function owner(opts: { timezone?: string; wordpress?: { url: string; appPassword?: string } } = {}) {
  const user = await signUp(app);
  if (opts.timezone) {
    const res = await call(app, 'PUT', '/api/settings/business', user.cookie, { timezone: opts.timezone });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (opts.wordpress) {
    const res = await call(app, 'PUT', '/api/settings/wordpress', user.cookie, {
      siteUrl: opts.wordpress.url,
      username: wp.options.username,
      appPassword: opts.wordpress.appPassword ?? wp.options.appPassword,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await call(app, 'POST', '/api/website/blog-posts', user.cookie, {
    title: 'Spring AC Checklist',
    content: '## Before the heat\n\nChange the filter.',
    categories: ['Cooling'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { cookie: user.cookie, post: res.json<TBlogPost>() };
}

/** The next 15 January (winter: Chicago is UTC-6), and a day some weeks ahead, both within the year allowed. */
const now = new Date();
const janYear = now.getUTCMonth() === 0 && now.getUTCDate() < 14 ? now.getUTCFullYear() : now.getUTCFullYear() + 1;
const JAN_15 = `${janYear}-01-15`;
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const schedule = (cookie: string, id: string, date: string, time: string) =>
  call(app, 'POST', `/api/website/blog-posts/${id}/schedule`, cookie, { date, time });
const get = async (cookie: string, id: string) =>
  (await call(app, 'GET', `/api/website/blog-posts/${id}`, cookie)).json<TBlogPost>();
const jobFor = (postId: string): BlogPublishJob => {
  const mine = jobs.enqueued.filter((j) => j.name === BLOG_PUBLISH_JOB && (j.data as BlogPublishJob).postId === postId);
  return ZBlogPublishJob.parse(mine.at(-1)?.data);
};

describe('scheduled publishing to WordPress', () => {
  it("publishes at 9:00 in the business's time zone, with its featured image, exactly once", async () => {
    const { cookie, post } = await owner({ timezone: 'America/Chicago', wordpress: { url: wp.url } });
    const image = await call(app, 'PUT', `/api/website/blog-posts/${post.id}/featured-image`, cookie, {
      filename: 'Spring tune-up (1).PNG',
      contentType: 'image/png',
      data: TINY_PNG.toString('base64'),
    });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json().featuredImage).toEqual({
      filename: 'Spring-tune-up-1.png',
      mimeType: 'image/png',
      size: TINY_PNG.length,
      remoteUrl: null,
    });

    const res = await schedule(cookie, post.id, JAN_15, '09:00');
    expect(res.statusCode, res.body).toBe(200);
    // January in Chicago is UTC-6.
    expect(res.json().schedule).toEqual({
      at: `${JAN_15}T15:00:00.000Z`,
      date: JAN_15,
      time: '09:00',
      timezone: 'America/Chicago',
      state: 'scheduled',
      error: null,
    });
    const queued = jobs.enqueued.at(-1);
    expect(queued?.name).toBe(BLOG_PUBLISH_JOB);
    expect(queued?.startAfter?.toISOString()).toBe(`${JAN_15}T15:00:00.000Z`);
    expect(wp.posts.size).toBe(0);

    const job = jobFor(post.id);
    expect(await runScheduledPublish(deps, job)).toBe('published');
    // The queue delivers at least once: a second run of the same job does nothing.
    expect(await runScheduledPublish(deps, job)).toBe('skipped');
    const remote = [...wp.posts.values()].filter((p) => p.title === 'Spring AC Checklist');
    expect(remote).toHaveLength(1);
    expect(wp.media).toHaveLength(1);
    expect(wp.media[0]).toMatchObject({ filename: 'Spring-tune-up-1.png', mimeType: 'image/png' });
    expect(remote[0]).toMatchObject({ status: 'publish', featured_media: expect.any(Number) });
    expect(remote[0]?.featured_media).toBeGreaterThan(0);

    const after = await get(cookie, post.id);
    expect(after).toMatchObject({ status: 'published', schedule: null, remotePostId: remote[0]?.id });
    expect(after.featuredImage?.remoteUrl).toBe(wp.media[0]?.source_url);
  });

  it('a reschedule or a cancel leaves the earlier job nothing to do', async () => {
    const { cookie, post } = await owner({ wordpress: { url: wp.url } });
    await schedule(cookie, post.id, ahead(20), '08:00');
    const first = jobFor(post.id);
    const moved = await schedule(cookie, post.id, ahead(21), '10:30');
    expect(moved.json().schedule).toMatchObject({ date: ahead(21), time: '10:30', state: 'scheduled' });
    expect(await runScheduledPublish(deps, first)).toBe('skipped');
    const second = jobFor(post.id);
    const cancelled = await call(app, 'DELETE', `/api/website/blog-posts/${post.id}/schedule`, cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().schedule).toBeNull();
    expect(await runScheduledPublish(deps, second)).toBe('skipped');
    expect((await get(cookie, post.id)).status).toBe('draft');
  });

  it('records a failure with a reason the owner can act on, and shows it on the post', async () => {
    const { cookie, post } = await owner({ wordpress: { url: wp.url, appPassword: 'wxyz WXYZ wxyz WXYZ wxyz WXYZ' } });
    await schedule(cookie, post.id, ahead(30), '07:00');
    expect(await runScheduledPublish(deps, jobFor(post.id))).toBe('failed');
    const after = await get(cookie, post.id);
    expect(after.status).toBe('draft');
    expect(after.schedule).toMatchObject({ state: 'failed', date: ahead(30) });
    expect(after.schedule?.error).toBe(
      SCHEDULE_MESSAGES.failed(WORDPRESS_MESSAGES.wrongCredentials + WORDPRESS_MESSAGES.httpHint),
    );
  });

  it('tries a site that is down again later, then gives up and says so', async () => {
    const down = await startFakeWordpress();
    const url = down.url;
    await down.close();
    const { cookie, post } = await owner({ wordpress: { url } });
    await schedule(cookie, post.id, ahead(40), '12:00');
    for (let i = 1; i < BLOG_MAX_TRIES; i++) {
      expect(await runScheduledPublish(deps, jobFor(post.id))).toBe('retrying');
      const retry = jobs.enqueued.at(-1);
      expect(retry?.startAfter?.getTime()).toBeGreaterThan(Date.now() + 60_000);
      expect((await get(cookie, post.id)).schedule?.error).toMatch(/Trying again automatically\.$/);
    }
    expect(await runScheduledPublish(deps, jobFor(post.id))).toBe('failed');
    const after = await get(cookie, post.id);
    expect(after.schedule?.state).toBe('failed');
    expect(after.schedule?.error).toContain(`We tried ${BLOG_MAX_TRIES} times.`);
  });

  it('refuses a time in the past, a post with no WordPress settings, and a Medium article', async () => {
    const { cookie, post } = await owner({ wordpress: { url: wp.url } });
    const past = await schedule(cookie, post.id, '2020-01-01', '09:00');
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(SCHEDULE_MESSAGES.past);
    const badTime = await schedule(cookie, post.id, ahead(10), '25:00');
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().fields.time).toBe('Pick a time');

    const bare = await owner();
    const none = await schedule(bare.cookie, bare.post.id, ahead(10), '09:00');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(WEBSITE_MESSAGES.wordpressNotConfigured);

    const medium = await call(app, 'POST', '/api/website/blog-posts', cookie, {
      title: 'Story',
      content: 'Text',
      platform: 'medium',
    });
    const res = await schedule(cookie, medium.json().id, ahead(10), '09:00');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Medium no longer issues API tokens');
  });
});

describe('featured image', () => {
  const put = (cookie: string, id: string, data: Buffer, contentType = 'image/png') =>
    call(app, 'PUT', `/api/website/blog-posts/${id}/featured-image`, cookie, {
      filename: 'photo.png',
      contentType,
      data: data.toString('base64'),
    });

  it('accepts JPEG, PNG, WebP and GIF by their bytes and refuses anything else or too large', async () => {
    const { cookie, post } = await owner();
    const text = await put(cookie, post.id, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(FEATURED_IMAGE_MESSAGES.type);
    const huge = await put(cookie, post.id, Buffer.concat([TINY_PNG, Buffer.alloc(4 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(FEATURED_IMAGE_MESSAGES.size);
    const jpeg = await put(cookie, post.id, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 'image/png');
    expect(jpeg.json().featuredImage).toMatchObject({ filename: 'photo.jpg', mimeType: 'image/jpeg' });
    const removed = await call(app, 'DELETE', `/api/website/blog-posts/${post.id}/featured-image`, cookie);
    expect(removed.json().featuredImage).toBeNull();
  });

  it("another business's post is a 404 for the image and the schedule", async () => {
    const a = await owner({ wordpress: { url: wp.url } });
    const b = await owner({ wordpress: { url: wp.url } });
    expect((await put(b.cookie, a.post.id, TINY_PNG)).statusCode).toBe(404);
    expect((await schedule(b.cookie, a.post.id, ahead(10), '09:00')).statusCode).toBe(404);
    expect((await get(a.cookie, a.post.id)).featuredImage).toBeNull();
  });

  it('a second publish reuses the uploaded image; removing it clears it on WordPress', async () => {
    const { cookie, post } = await owner({ wordpress: { url: wp.url } });
    await put(cookie, post.id, TINY_PNG);
    const publish = () => call(app, 'POST', `/api/website/blog-posts/${post.id}/publish`, cookie, {});
    const first = (await publish()).json().post as TBlogPost;
    const uploads = wp.media.length;
    await publish();
    expect(wp.media.length).toBe(uploads);
    await call(app, 'DELETE', `/api/website/blog-posts/${post.id}/featured-image`, cookie);
    await publish();
    expect(wp.posts.get(first.remotePostId ?? 0)?.featured_media).toBe(0);
  });
});
