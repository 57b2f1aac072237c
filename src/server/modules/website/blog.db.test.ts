import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWords, WEBSITE_MESSAGES, WORD_RANGES, type TBlogPost } from '#shared/schemas/website.ts';
import { WORDPRESS_MESSAGES } from '#server/integrations/wordpress/wordpress-client.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { blogPosts, memberships } from '#server/db/schema/index.ts';
import { signUp } from '#tests/setup/accounts.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { startFakeWordpress, type FakeWordpress } from '#tests/fakes/wordpress-server.ts';
import { listBlogPosts } from './blog.service.ts';
import { websiteDeps } from './website.deps.ts';
import { call, onboard } from '#tests/kits/website.ts';

// The fakes listen on 127.0.0.1, which this app's SSRF guard lets through (OUTBOUND_ALLOW).
const t = useTestApp({ config: { OUTBOUND_ALLOW: '127.0.0.1' } });
let wp: FakeWordpress;
let restOff: FakeWordpress;
beforeAll(async () => {
  [wp, restOff] = await Promise.all([startFakeWordpress(), startFakeWordpress({ mode: 'rest-disabled' })]);
});
afterAll(async () => Promise.all([wp?.close(), restOff?.close()]));

const form = { topic: 'When to replace your furnace', keywords: ['furnace replacement', 'heating bills'] };

async function saveWordpress(cookie: string, fake: FakeWordpress, appPassword = fake.options.appPassword) {
  const res = await call(t.app, 'PUT', '/api/settings/wordpress', cookie, {
    siteUrl: fake.url,
    username: fake.options.username,
    appPassword,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function draft(cookie: string, extra: Record<string, unknown> = {}): Promise<TBlogPost> {
  const res = await call(t.app, 'POST', '/api/website/blog-posts', cookie, {
    title: 'Furnace Guide',
    content: '## Why\n\nOld furnaces <script>alert(1)</script> waste **money**.',
    metaDescription: 'When to replace a furnace.',
    categories: ['Heating Tips'],
    tags: ['furnace', 'Tacoma'],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('blog generation (offline engine)', () => {
  it('writes each platform within its word range, grounded on the business profile', async () => {
    const owner = await signUp(t.app);
    await onboard(t.app, owner.cookie);
    for (const [platform, length] of [
      ['blog', 'short'],
      ['medium', 'medium'],
      ['substack', 'long'],
    ] as const) {
      const res = await call(t.app, 'POST', `/api/ai/generate-${platform}`, owner.cookie, { ...form, length });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const [min, max] = WORD_RANGES[platform][length];
      expect(body).toMatchObject({ platform, source: 'offline' });
      expect(countWords(body.content)).toBeGreaterThanOrEqual(min);
      expect(countWords(body.content)).toBeLessThanOrEqual(max);
      expect(body.content).toContain('Cascade Comfort HVAC');
      expect(body.content).toContain('Tacoma, Puyallup and Lakewood');
      expect(body.content).toContain('furnace replacement');
    }
    const noCta = await call(t.app, 'POST', '/api/ai/generate-blog', owner.cookie, {
      ...form,
      includeCallToAction: false,
    });
    expect(noCta.json().content).not.toContain('## Talk to');
  });

  it('refuses a blank topic with the spec message', async () => {
    const owner = await signUp(t.app);
    const res = await call(t.app, 'POST', '/api/ai/generate-blog', owner.cookie, { topic: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.topic).toBe(WEBSITE_MESSAGES.topicRequired.message);
  });
});

describe('blog drafts', () => {
  it('saves and edits drafts; recent posts and content stats are computed from the rows', async () => {
    const owner = await signUp(t.app);
    const empty = (await call(t.app, 'GET', '/api/website/blog-posts', owner.cookie)).json();
    expect(empty).toMatchObject({ posts: [], stats: { published: 0, drafts: 0, words: 0 } });
    const post = await draft(owner.cookie);
    expect(post).toMatchObject({ status: 'draft', categories: ['Heating Tips'], remotePostId: null });
    const edited = await call(t.app, 'PUT', `/api/website/blog-posts/${post.id}`, owner.cookie, {
      title: 'Furnace Guide 2026',
      content: 'one two three four five',
    });
    expect(edited.json()).toMatchObject({ title: 'Furnace Guide 2026', wordCount: 5 });
    const list = (await call(t.app, 'GET', '/api/website/blog-posts', owner.cookie)).json();
    expect(list.posts).toHaveLength(1);
    expect(list.stats).toMatchObject({ published: 0, drafts: 1, words: 5, thisMonth: 1 });
  });

  it('recent posts are the newest five; "this month" is the month where the business is', async () => {
    const owner = await signUp(t.app);
    const tz = await call(t.app, 'PUT', '/api/settings/business', owner.cookie, { timezone: 'America/Los_Angeles' });
    expect(tz.statusCode, tz.body).toBe(200);
    // Written on Oct 31 in Los Angeles (Nov 1 in UTC), four in mid-November, one on Nov 30 (Dec 1 in UTC).
    const written = [
      '2026-11-01T03:00:00Z',
      '2026-11-10T12:00:00Z',
      '2026-11-11T12:00:00Z',
      '2026-11-12T12:00:00Z',
      '2026-11-13T12:00:00Z',
      '2026-12-01T02:00:00Z',
    ];
    const ids: string[] = [];
    for (const at of written) {
      const post = await draft(owner.cookie, { title: `Post of ${at}` });
      await t.database.db
        .update(blogPosts)
        .set({ createdAt: new Date(at), updatedAt: new Date(at) })
        .where(eq(blogPosts.id, post.id));
      ids.push(post.id);
    }
    const list = (await call(t.app, 'GET', '/api/website/blog-posts', owner.cookie)).json();
    expect(list.posts.map((p: TBlogPost) => p.id)).toEqual(ids.slice(1).reverse());
    expect(list.stats).toMatchObject({ drafts: 6 });

    // 7 pm on Nov 30 in Los Angeles, already December in UTC.
    const [member] = await t.database.db
      .select({ tenantId: memberships.tenantId })
      .from(memberships)
      .where(eq(memberships.userId, owner.userId));
    const auth = { tenantId: member!.tenantId } as AuthContext;
    const stats = (await listBlogPosts(websiteDeps(t.app.deps), auth, new Date('2026-12-01T03:00:00Z'))).stats;
    expect(stats.thisMonth).toBe(5);
  });

  it("another business's post is a 404 and stays unchanged", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const post = await draft(a.cookie);
    expect((await call(t.app, 'GET', `/api/website/blog-posts/${post.id}`, b.cookie)).statusCode).toBe(404);
    const put = await call(t.app, 'PUT', `/api/website/blog-posts/${post.id}`, b.cookie, { title: 'x', content: 'y' });
    expect(put.statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/website/blog-posts/${post.id}/publish`, b.cookie, {})).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', `/api/website/blog-posts/${post.id}`, a.cookie)).json().title).toBe(
      'Furnace Guide',
    );
  });
});

describe('publishing to WordPress (local REST fake)', () => {
  it('creates the post with sanitised HTML and new terms, and a second publish updates the same post', async () => {
    const owner = await signUp(t.app);
    await saveWordpress(owner.cookie, wp);
    const post = await draft(owner.cookie);
    const first = await call(t.app, 'POST', `/api/website/blog-posts/${post.id}/publish`, owner.cookie, {
      status: 'draft',
    });
    expect(first.statusCode, first.body).toBe(200);
    const { post: once } = first.json();
    expect(once).toMatchObject({ status: 'draft', remoteStatus: 'draft', remotePostId: expect.any(Number) });
    const remote = wp.posts.get(once.remotePostId);
    expect(remote?.content).toContain('<strong>money</strong>');
    expect(remote?.content).not.toContain('<script');
    expect(wp.categories.map((c) => c.name)).toContain('Heating Tips');
    expect(wp.tags.map((c) => c.name)).toEqual(expect.arrayContaining(['furnace', 'Tacoma']));
    expect(remote?.categories).toEqual([wp.categories.find((c) => c.name === 'Heating Tips')?.id]);

    await call(t.app, 'PUT', `/api/website/blog-posts/${post.id}`, owner.cookie, {
      title: 'Furnace Guide, updated',
      content: 'New text',
      categories: ['Heating Tips'],
    });
    const second = await call(t.app, 'POST', `/api/website/blog-posts/${post.id}/publish`, owner.cookie, {
      status: 'publish',
    });
    expect(second.json()).toMatchObject({
      message: 'Post published to WordPress.',
      post: { status: 'published', remotePostId: once.remotePostId, remoteUrl: `${wp.url}/?p=${once.remotePostId}` },
    });
    expect(wp.posts.get(once.remotePostId)).toMatchObject({ title: 'Furnace Guide, updated', status: 'publish' });
    expect(wp.categories.filter((c) => c.name === 'Heating Tips')).toHaveLength(1);
    const stats = (await call(t.app, 'GET', '/api/website/blog-posts', owner.cookie)).json().stats;
    expect(stats).toMatchObject({ published: 1, drafts: 0 });
  });

  it('says plainly what is wrong: not configured, wrong password, REST disabled; nothing is marked published', async () => {
    const owner = await signUp(t.app);
    const post = await draft(owner.cookie);
    const publish = () => call(t.app, 'POST', `/api/website/blog-posts/${post.id}/publish`, owner.cookie, {});
    const none = await publish();
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(WEBSITE_MESSAGES.wordpressNotConfigured);
    await saveWordpress(owner.cookie, wp, 'wxyz WXYZ wxyz WXYZ wxyz WXYZ');
    const wrong = await publish();
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WORDPRESS_MESSAGES.wrongCredentials + WORDPRESS_MESSAGES.httpHint);
    await saveWordpress(owner.cookie, restOff);
    const off = await publish();
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(WORDPRESS_MESSAGES.restDisabled);
    const after = (await call(t.app, 'GET', `/api/website/blog-posts/${post.id}`, owner.cookie)).json();
    expect(after).toMatchObject({ status: 'draft', remotePostId: null });
  });

  it('does not pretend to publish Medium or Substack posts', async () => {
    const owner = await signUp(t.app);
    await saveWordpress(owner.cookie, wp);
    const post = await draft(owner.cookie, { platform: 'medium' });
    const res = await call(t.app, 'POST', `/api/website/blog-posts/${post.id}/publish`, owner.cookie, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Medium no longer issues API tokens');
  });
});
