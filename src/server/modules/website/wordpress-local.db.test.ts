// Against a REAL WordPress: the one `../shared/tools/wordpress-local start 4190` starts (.ci/run does
// this and exports the variables). Run with WORDPRESS_LOCAL_URL, WORDPRESS_LOCAL_USER and
// WORDPRESS_LOCAL_APP_PASSWORD set; skipped (visibly, as skipped tests) otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBlogPost } from '#shared/schemas/website.ts';
import { DEFAULT_TIMEZONE } from '#shared/settings-defaults.ts';
import { isoToZoned } from '#shared/zoned-time.ts';
import { buildApp, type App } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { basicAuth } from '#server/integrations/http-helpers.ts';
import { WORDPRESS_MESSAGES } from '#server/integrations/wordpress/wordpress-client.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { BLOG_PUBLISH_JOB, runScheduledPublish, ZBlogPublishJob } from './blog-schedule.service.ts';
import { websiteDeps } from './website.deps.ts';
import { callAny as call, recordingJobs, TINY_PNG } from '#tests/kits/website.ts';

const siteUrl = process.env.WORDPRESS_LOCAL_URL ?? '';
const username = process.env.WORDPRESS_LOCAL_USER ?? '';
const appPassword = process.env.WORDPRESS_LOCAL_APP_PASSWORD ?? '';

/** Reads WordPress's own REST API as the owner would see it (context=edit shows drafts and raw fields). */
// Our own guarded client (opened for this host) rather than fetch(), which refuses some ports (4190 among them).
const reader = () => createOutbound({ allow: [new URL(siteUrl).hostname], timeoutMs: 60_000, maxBytes: 10_000_000 });
async function wpGet<T>(route: string): Promise<T> {
  const url = `${siteUrl}/wp-json${route}${route.includes('?') ? '&' : '?'}context=edit`;
  const res = await reader().fetch(url, { headers: { authorization: basicAuth(username, appPassword) } });
  expect(res.status, route).toBe(200);
  return res.json() as T;
}
interface WpPost {
  id: number;
  status: string;
  link: string;
  featured_media: number;
  title: { raw: string };
  content: { raw: string };
  categories: number[];
}

describe.skipIf(!siteUrl || !username || !appPassword)('publishing to a real WordPress (wordpress-local)', () => {
  const jobs = recordingJobs();
  let app: App;
  let database: TestDatabase;
  let cookie = '';

  beforeAll(async () => {
    // The first request after `wordpress-local start` can take ~20 s (PHP's single-threaded server
    // waits on WordPress calling its own cron): warm it up outside the guard's 10-second deadline.
    await reader().fetch(`${siteUrl}/wp-json/`);
    database = await createTestDatabase();
    const host = new URL(siteUrl).hostname;
    app = await buildApp({ config: testConfig({ OUTBOUND_ALLOW: host }), database, logger: false, jobs });
    await app.ready();
    const owner = await signUp(app);
    cookie = owner.cookie;
    const saved = await call(app, 'PUT', '/api/settings/wordpress', cookie, { siteUrl, username, appPassword });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  // Unique per run: the PGlite and PostgreSQL projects publish to the same site at the same time.
  const category = `Fieldwise CI ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  async function draft(title: string): Promise<TBlogPost> {
    const res = await call(app, 'POST', '/api/website/blog-posts', cookie, {
      title,
      content: '## Why it matters\n\nA clean filter saves **money**.',
      categories: [category],
      tags: ['filters'],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('publishes a post with its featured image in the media library, and updates the same post', async () => {
    const post = await draft(`Featured image test ${Date.now()}`);
    const image = await call(app, 'PUT', `/api/website/blog-posts/${post.id}/featured-image`, cookie, {
      filename: 'filter.png',
      contentType: 'image/png',
      data: TINY_PNG.toString('base64'),
    });
    expect(image.statusCode, image.body).toBe(200);
    const res = await call(app, 'POST', `/api/website/blog-posts/${post.id}/publish`, cookie, { status: 'publish' });
    expect(res.statusCode, res.body).toBe(200);
    const published = res.json().post as TBlogPost;
    expect(published.status).toBe('published');

    const remote = await wpGet<WpPost>(`/wp/v2/posts/${published.remotePostId}`);
    expect(remote).toMatchObject({ status: 'publish', title: { raw: post.title } });
    expect(remote.content.raw).toContain('<strong>money</strong>');
    expect(remote.featured_media).toBeGreaterThan(0);
    const media = await wpGet<{ id: number; mime_type: string; source_url: string }>(
      `/wp/v2/media/${remote.featured_media}`,
    );
    expect(media.mime_type).toBe('image/png');
    expect(published.featuredImage?.remoteUrl).toBe(media.source_url);
    const term = await wpGet<{ name: string }>(`/wp/v2/categories/${remote.categories[0]}`);
    expect(term.name).toBe(category);

    await call(app, 'PUT', `/api/website/blog-posts/${post.id}`, cookie, {
      title: `${post.title} (updated)`,
      content: 'New text',
      categories: [category],
    });
    const again = await call(app, 'POST', `/api/website/blog-posts/${post.id}/publish`, cookie, {});
    expect(again.json()).toMatchObject({ message: 'Post updated on WordPress.' });
    const updated = await wpGet<WpPost>(`/wp/v2/posts/${published.remotePostId}`);
    expect(updated.title.raw).toBe(`${post.title} (updated)`);
    expect(updated.featured_media).toBe(remote.featured_media);
  }, 60_000);

  it('publishes a scheduled post when its job runs, once', async () => {
    const post = await draft(`Scheduled test ${Date.now()}`);
    // Now, in the business's time zone (the default one): the earliest time the form accepts.
    const when = isoToZoned(new Date().toISOString(), DEFAULT_TIMEZONE);
    const res = await call(app, 'POST', `/api/website/blog-posts/${post.id}/schedule`, cookie, when);
    expect(res.statusCode, res.body).toBe(200);
    const queued = jobs.enqueued.filter((j) => j.name === BLOG_PUBLISH_JOB).at(-1);
    const job = ZBlogPublishJob.parse(queued?.data);
    const deps = websiteDeps(app.deps);
    expect(await runScheduledPublish(deps, job)).toBe('published');
    expect(await runScheduledPublish(deps, job)).toBe('skipped');
    const after = (await call(app, 'GET', `/api/website/blog-posts/${post.id}`, cookie)).json() as TBlogPost;
    expect(after).toMatchObject({ status: 'published', schedule: null });
    const remote = await wpGet<WpPost>(`/wp/v2/posts/${after.remotePostId}`);
    expect(remote.status).toBe('publish');
    const same = await wpGet<WpPost[]>(`/wp/v2/posts?search=${encodeURIComponent(post.title)}&status=any`);
    expect(same).toHaveLength(1);
  }, 60_000);

  it('says the application password is wrong when it is', async () => {
    const other = await signUp(app);
    await call(app, 'PUT', '/api/settings/wordpress', other.cookie, {
      siteUrl,
      username,
      appPassword: 'aaaa bbbb cccc dddd eeee ffff',
    });
    const created = await call(app, 'POST', '/api/website/blog-posts', other.cookie, { title: 'x', content: 'y' });
    const res = await call(app, 'POST', `/api/website/blog-posts/${created.json().id}/publish`, other.cookie, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WORDPRESS_MESSAGES.wrongCredentials + WORDPRESS_MESSAGES.httpHint);
  }, 30_000);
});
