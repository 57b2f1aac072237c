import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { socialPosts } from '#server/db/schema/index.ts';
import type { TSocialPost, TSocialPostList } from '#shared/schemas/social.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { connectAll, inject, runJobs, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';
import { enqueueDue, publishTarget } from './social-publish.service.ts';
import { claim, findPost, insertPosts } from './social.repo.ts';

// Posts for several platforms become one target each, published by their jobs against a local fake
// of Meta, X and LinkedIn: success with the link, an expired token → "Reconnect Facebook", a rate
// limit retried at Retry-After, a refused post shown as the network said, a 5xx then success.

let kit: SocialKit;
let owner: SignedUp;
let tenantId: string;

beforeAll(async () => {
  kit = await startSocialKit();
  owner = await signUp(kit.app);
  tenantId = await tenantOf(kit, owner.userId);
  await connectAll(kit, tenantId);
});
afterAll(async () => kit?.close());
beforeEach(() => kit.fake.reset());

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

async function create(body: object): Promise<TSocialPost[]> {
  const res = await inject(kit, 'POST', '/api/social/posts', owner.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ posts: TSocialPost[] }>().posts;
}

async function list(query = ''): Promise<TSocialPostList> {
  const res = await inject(kit, 'GET', `/api/social/posts${query}`, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSocialPostList>();
}

const byId = async (id: string) => (await list()).posts.find((p) => p.id === id)!;

/** Moves a post's times back, as if it had waited that long. */
const ageRow = (id: string, times: { updatedAt?: Date; scheduledFor?: Date }) =>
  kit.database.db.update(socialPosts).set(times).where(eq(socialPosts.id, id));

describe('social posts', () => {
  it('one post for three platforms is three targets, each queued at its time with its own key', async () => {
    const at = inAMinute();
    const from = kit.enqueued.length;
    const posts = await create({
      content: 'Spring AC tune-ups are open',
      targets: [
        { platform: 'facebook', content: 'Spring AC tune-ups are open', hashtags: '#HVAC' },
        { platform: 'twitter', content: 'AC tune-ups open!' },
        { platform: 'linkedin', content: 'Spring maintenance (AC) slots are open' },
      ],
      scheduledFor: at,
    });
    expect(posts.map((p) => p.platform)).toEqual(['facebook', 'twitter', 'linkedin']);
    expect(new Set(posts.map((p) => p.groupId)).size).toBe(1);
    expect(posts.every((p) => p.status === 'scheduled' && p.scheduledFor === at)).toBe(true);
    const jobs = kit.enqueued.slice(from);
    expect(jobs.map((j) => j.key)).toEqual(posts.map((p) => `${p.id}:1`));
    expect(jobs.every((j) => j.startAfter?.toISOString() === at)).toBe(true);

    expect(await runJobs(kit, from)).toEqual(['published', 'published', 'published']);
    expect(kit.fake.received.map((r) => [r.network, r.text])).toEqual([
      ['meta', 'Spring AC tune-ups are open\n\n#HVAC'],
      ['x', 'AC tune-ups open!'],
      ['linkedin', 'Spring maintenance \\(AC\\) slots are open'],
    ]);
    expect(kit.fake.received.map((r) => r.token)).toEqual(['page-token-1', 'x-token-1', 'li-token-1']);
    const after = await Promise.all(posts.map((p) => byId(p.id)));
    expect(after.map((p) => p.status)).toEqual(['published', 'published', 'published']);
    expect(after[0]!.externalUrl).toMatch(/^https:\/\/www\.facebook\.com\/1001_\d+$/);
    expect(after[1]!.externalUrl).toMatch(/^https:\/\/x\.com\/i\/web\/status\/\d+$/);
    expect(after[2]!.externalUrl).toMatch(/^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:/);

    // A job delivered twice (or run by a second process) posts nothing more.
    expect(await runJobs(kit, from)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(kit.fake.received).toHaveLength(3);
  });

  it('Instagram goes through a media container with the image, and links the permalink', async () => {
    const from = kit.enqueued.length;
    const [post] = await create({
      content: 'Before and after',
      targets: [{ platform: 'instagram', content: 'Before and after', hashtags: '#Roofing' }],
      imageUrl: 'https://example.com/roof.jpg',
      now: true,
    });
    expect(await runJobs(kit, from)).toEqual(['published']);
    expect(kit.fake.received[0]).toMatchObject({
      path: '/17841400000000/media',
      imageUrl: 'https://example.com/roof.jpg',
    });
    expect((await byId(post!.id)).externalUrl).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
  });

  it('an expired token fails the target with "Reconnect Facebook"; the others still publish', async () => {
    kit.fake.failNext('meta', 'expired');
    const from = kit.enqueued.length;
    const posts = await create({
      content: 'Hello',
      targets: [
        { platform: 'facebook', content: 'Hello' },
        { platform: 'twitter', content: 'Hello' },
      ],
      now: true,
    });
    expect(await runJobs(kit, from)).toEqual(['failed', 'published']);
    const fb = await byId(posts[0]!.id);
    expect(fb.status).toBe('failed');
    expect(fb.errorMessage).toContain('Reconnect Facebook');
    expect((await byId(posts[1]!.id)).status).toBe('published');

    // Retry is a new try with its own key; it publishes once the token works again.
    await connectAll(kit, tenantId, ['meta']);
    const mark = kit.enqueued.length;
    const retried = await inject(kit, 'POST', `/api/social/posts/${fb.id}/retry`, owner.cookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(kit.enqueued[mark]?.key).toBe(`${fb.id}:2`);
    expect(await runJobs(kit, mark)).toEqual(['published']);
    expect((await byId(fb.id)).status).toBe('published');
  });

  it('a missing permission asks to reconnect and allow it; a policy block shows the network’s own words', async () => {
    kit.fake.failNext('linkedin', 'missing_permission');
    kit.fake.failNext('meta', 'blocked');
    const from = kit.enqueued.length;
    const posts = await create({
      content: 'Spring offer',
      targets: [
        { platform: 'linkedin', content: 'Spring offer' },
        { platform: 'facebook', content: 'Spring offer' },
      ],
      now: true,
    });
    expect(await runJobs(kit, from)).toEqual(['failed', 'failed']);
    const [li, fb] = await Promise.all(posts.map((p) => byId(p.id)));
    expect(li!.errorMessage).toContain(
      'LinkedIn refused a request because a permission is missing. Reconnect LinkedIn',
    );
    expect(fb!.errorMessage).toContain('This content goes against our Community Standards.');
    expect(fb!.errorMessage).not.toContain('Reconnect');
  });

  it('a 429 with Retry-After is tried again at that time, then publishes', async () => {
    kit.fake.failNext('linkedin', 'rate_limited', 1, 120);
    const from = kit.enqueued.length;
    const [post] = await create({ content: 'Hi', targets: [{ platform: 'linkedin', content: 'Hi' }], now: true });
    const before = Date.now();
    expect(await runJobs(kit, from)).toEqual(['retrying']);
    const again = kit.enqueued[from + 1]!;
    expect(again.key).toBe(`${post!.id}:2`);
    expect(again.startAfter!.getTime()).toBeGreaterThanOrEqual(before + 119_000);
    expect((await byId(post!.id)).status).toBe('scheduled');
    expect(await runJobs(kit, from + 1)).toEqual(['published']);
    expect(kit.fake.received).toHaveLength(1);
  });

  it('a post the network refuses fails with its reason, without retrying', async () => {
    kit.fake.failNext('x', 'rejected');
    const from = kit.enqueued.length;
    const [post] = await create({
      content: 'Same again',
      targets: [{ platform: 'twitter', content: 'Same again' }],
      now: true,
    });
    expect(await runJobs(kit, from)).toEqual(['failed']);
    // No second try; the owner's phone is told (issue 37).
    expect(kit.enqueued.slice(from).map((j) => j.name)).toEqual(['social.publish', 'push.send']);
    expect((await byId(post!.id)).errorMessage).toBe(
      'X refused this post: You are not allowed to create a Tweet with duplicate content..',
    );
  });

  it('a 5xx where nothing was made: the network is checked first, then the post is sent once', async () => {
    kit.fake.failNext('meta', 'server_error');
    const from = kit.enqueued.length;
    const [post] = await create({
      content: 'Open today',
      targets: [{ platform: 'facebook', content: 'Open today' }],
      now: true,
    });
    const before = Date.now();
    expect(await runJobs(kit, from)).toEqual(['checking']);
    expect((await byId(post!.id)).status).toBe('publishing');
    const check = kit.enqueued[from + 1]!;
    expect(check).toMatchObject({ key: `${post!.id}:2:check`, data: { check: true } });
    expect(check.startAfter!.getTime()).toBeGreaterThan(before);
    expect(await runJobs(kit, from + 1)).toEqual(['published']);
    expect(kit.fake.lookups).toEqual(['meta:/1001/feed']);
    expect(kit.fake.received).toHaveLength(1);
    expect((await byId(post!.id)).status).toBe('published');
  });

  it.each([
    ['facebook', 'meta'],
    ['twitter', 'x'],
    ['linkedin', 'linkedin'],
  ] as const)(
    'a 5xx after %s made the post: it is found there and marked published, never sent twice',
    async (platform, network) => {
      kit.fake.failNext(network, 'server_error_after_create');
      const from = kit.enqueued.length;
      const text = `Fish & chips (today) at https://example.com/menu #${platform}`;
      const [post] = await create({ content: text, targets: [{ platform, content: text }], now: true });
      expect(await runJobs(kit, from)).toEqual(['checking']);
      expect(await runJobs(kit, from + 1)).toEqual(['published']);
      expect(kit.fake.received).toHaveLength(1);
      const after = await byId(post!.id);
      expect(after.status).toBe('published');
      expect(after.externalUrl).toContain(kit.fake.received[0]!.id);
    },
  );

  it('a post the network took but never answered is found there, not sent again', async () => {
    kit.fake.holdNextTweet(1500);
    const from = kit.enqueued.length;
    const [post] = await create({ content: 'Held', targets: [{ platform: 'twitter', content: 'Held' }], now: true });
    const deps = { ...kit.deps, http: { ...kit.deps.http, timeoutMs: 300 } };
    expect(await publishTarget(deps, kit.enqueued[from]!.data)).toBe('checking');
    expect((await byId(post!.id)).errorMessage).toBe(
      'Twitter/X did not answer clearly; checking whether the post went out before trying again.',
    );
    await new Promise((r) => setTimeout(r, 1600));
    expect(await runJobs(kit, from + 1)).toEqual(['published']);
    expect(kit.fake.received.filter((r) => r.text === 'Held')).toHaveLength(1);
    expect((await byId(post!.id)).externalUrl).toContain(kit.fake.received[0]!.id);
  });

  it('a 5xx after Instagram published the media: it is found there with its permalink, never published twice', async () => {
    kit.fake.failNext('meta', 'server_error_after_create', 1, 0, '/17841400000000/media_publish');
    const from = kit.enqueued.length;
    const text = 'Roof (done) & dusted at https://example.com/roofs';
    const [post] = await create({
      content: text,
      targets: [{ platform: 'instagram', content: text, hashtags: '#Roofing' }],
      imageUrl: 'https://example.com/roof.jpg',
      now: true,
    });
    expect(await runJobs(kit, from)).toEqual(['checking']);
    expect((await byId(post!.id)).errorMessage).toBe(
      'Instagram did not answer clearly; checking whether the post went out before trying again.',
    );
    expect(await runJobs(kit, from + 1)).toEqual(['published']);
    expect(kit.fake.lookups).toEqual(['meta:/17841400000000/media']);
    const [media, ...more] = kit.fake.instagramMedia;
    expect(more).toEqual([]);
    expect(kit.fake.received).toHaveLength(1); // no second container either
    const row = await findPost(kit.database.db, tenantId, post!.id);
    expect(row).toMatchObject({ status: 'published', externalPostId: media!.id, externalUrl: media!.permalink });
  });

  it('a 5xx on Instagram media_publish where nothing went out: looked up, then sent again and published once', async () => {
    kit.fake.failNext('meta', 'server_error', 1, 0, '/17841400000000/media_publish');
    const from = kit.enqueued.length;
    const [post] = await create({
      content: 'Gutters',
      targets: [{ platform: 'instagram', content: 'Gutters' }],
      imageUrl: 'https://example.com/roof.jpg',
      now: true,
    });
    expect(await runJobs(kit, from)).toEqual(['checking']);
    expect(kit.fake.instagramMedia).toHaveLength(0);
    expect(await runJobs(kit, from + 1)).toEqual(['published']);
    expect(kit.fake.lookups).toEqual(['meta:/17841400000000/media']);
    expect(kit.fake.instagramMedia.map((m) => m.caption)).toEqual(['Gutters']);
    const row = await findPost(kit.database.db, tenantId, post!.id);
    expect(row).toMatchObject({
      status: 'published',
      externalPostId: kit.fake.instagramMedia[0]!.id,
      externalUrl: kit.fake.instagramMedia[0]!.permalink,
    });
  });

  it('a run that died mid-publish is checked on the network: not there, it is sent once', async () => {
    const from = kit.enqueued.length;
    const [post] = await create({ content: 'Once', targets: [{ platform: 'twitter', content: 'Once' }], now: true });
    const job = kit.enqueued[from]!;
    // The first run claimed the row and then its process died: the queue runs the job again.
    await claim(kit.database.db, tenantId, post!.id, job.data.attempt);
    // While that run could still be going, a second delivery leaves it alone.
    expect(await runJobs(kit, from)).toEqual(['skipped']);
    await ageRow(post!.id, { updatedAt: new Date(Date.now() - 5 * 60_000) });
    expect(await runJobs(kit, from)).toEqual(['published']);
    expect(kit.fake.lookups).toEqual(['x:/2/users/1445880548472328192/tweets']);
    expect(kit.fake.received.map((r) => r.text)).toEqual(['Once']);
    expect((await byId(post!.id)).status).toBe('published');
  });

  it('an Instagram run that died mid-publish is checked on the network: not there, it is sent once', async () => {
    const from = kit.enqueued.length;
    const [post] = await create({
      content: 'Gone',
      targets: [{ platform: 'instagram', content: 'Gone' }],
      imageUrl: 'https://example.com/roof.jpg',
      now: true,
    });
    await claim(kit.database.db, tenantId, post!.id, 1);
    await ageRow(post!.id, { updatedAt: new Date(Date.now() - 5 * 60_000) });
    expect(await runJobs(kit, from)).toEqual(['published']);
    expect(kit.fake.lookups).toEqual(['meta:/17841400000000/media']);
    expect(kit.fake.instagramMedia.map((m) => m.caption)).toEqual(['Gone']);
    expect((await byId(post!.id)).status).toBe('published');
  });
});

describe('the minute sweep', () => {
  const jobsFor = (id: string, from: number) => kit.enqueued.slice(from).filter((j) => j.data.postId === id);

  it('gives a long-overdue post whose job failed a job under a fresh key, and it publishes once', async () => {
    const from = kit.enqueued.length;
    const [post] = await create({ content: 'Late', targets: [{ platform: 'linkedin', content: 'Late' }], now: true });
    // Its job (key id:1) ran and failed without touching the row; the same key would be a no-op.
    await ageRow(post!.id, { scheduledFor: new Date(Date.now() - 10 * 60_000) });
    const mark = kit.enqueued.length;
    await enqueueDue(kit.deps);
    const [fresh] = jobsFor(post!.id, mark);
    expect(fresh?.key).toMatch(new RegExp(`^${post!.id}:1:sweep-\\d+$`));
    expect(await publishTarget(kit.deps, fresh!.data)).toBe('published');
    // The original job, delivered late, finds the post gone out.
    expect(await publishTarget(kit.deps, kit.enqueued[from]!.data)).toBe('skipped');
    expect(kit.fake.received.map((r) => r.text)).toEqual(['Late']);
  });

  it('checks a post left "publishing" by a dead run on the network, then sends it once', async () => {
    const [post] = await create({ content: 'Stuck', targets: [{ platform: 'facebook', content: 'Stuck' }], now: true });
    await claim(kit.database.db, tenantId, post!.id, 1);
    await ageRow(post!.id, { updatedAt: new Date(Date.now() - 3 * 60_000) });
    const mark = kit.enqueued.length;
    await enqueueDue(kit.deps);
    const [check] = jobsFor(post!.id, mark);
    expect(check).toMatchObject({ data: { attempt: 2, check: true } });
    expect(await publishTarget(kit.deps, check!.data)).toBe('published');
    expect(kit.fake.lookups).toEqual(['meta:/1001/feed']);
    expect(kit.fake.received.map((r) => r.text)).toEqual(['Stuck']);
    expect((await byId(post!.id)).status).toBe('published');
  });

  it('SOCIAL_PUBLISH_STALE_MS decides when a run counts as dead: 20 s is alive by default, dead past 15 s', async () => {
    const [post] = await create({ content: 'Soon', targets: [{ platform: 'facebook', content: 'Soon' }], now: true });
    await claim(kit.database.db, tenantId, post!.id, 1);
    await ageRow(post!.id, { updatedAt: new Date(Date.now() - 20_000) });
    const mark = kit.enqueued.length;
    await enqueueDue(kit.deps);
    expect(jobsFor(post!.id, mark)).toEqual([]);
    const short = { ...kit.deps, publishStaleMs: 15_000 };
    await enqueueDue(short);
    const [check] = jobsFor(post!.id, mark);
    expect(check).toMatchObject({ data: { attempt: 2, check: true } });
    expect(await publishTarget(short, check!.data)).toBe('published');
    expect(kit.fake.received.map((r) => r.text)).toEqual(['Soon']);
  });

  it('stops re-checking a post whose runs keep dying, and asks the owner', async () => {
    const [post] = await create({
      content: 'Crashy',
      targets: [{ platform: 'facebook', content: 'Crashy' }],
      now: true,
    });
    // Its tenth run died too.
    await kit.database.db
      .update(socialPosts)
      .set({ status: 'publishing', attempts: 10, updatedAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(socialPosts.id, post!.id));
    const mark = kit.enqueued.length;
    await enqueueDue(kit.deps);
    expect(jobsFor(post!.id, mark)).toEqual([]);
    const row = await byId(post!.id);
    expect(row.status).toBe('failed');
    expect(row.errorMessage).toMatch(
      /^Publishing to Facebook was interrupted 10 times, so we stopped\..*press Retry\.$/,
    );
    expect(kit.fake.received).toHaveLength(0);
  });
});

describe('refusals', () => {
  it('a platform without a connected account goes to the sandbox at its time, never marked published', async () => {
    const other = await signUp(kit.app);
    const from = kit.enqueued.length;
    const sent = kit.fake.received.length;
    const res = await inject(kit, 'POST', '/api/social/posts', other.cookie, {
      content: 'Furnace tune-ups this week',
      targets: [{ platform: 'twitter', content: 'Furnace tune-ups this week', hashtags: '#hvac' }],
      now: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [post] = res.json<{ posts: TSocialPost[] }>().posts;
    expect(post!.status).toBe('scheduled');
    expect(await runJobs(kit, from)).toEqual(['sandboxed']);
    // Nothing reached a network; the feed (the posts list filtered to the sandbox) shows what would have gone out.
    expect(kit.fake.received.length).toBe(sent);
    const feed = await inject(kit, 'GET', '/api/social/posts?status=sandboxed', other.cookie);
    const [inSandbox] = feed.json<TSocialPostList>().posts;
    expect(inSandbox).toMatchObject({
      id: post!.id,
      platform: 'twitter',
      status: 'sandboxed',
      content: 'Furnace tune-ups this week',
      hashtags: '#hvac',
      publishedAt: null,
      externalUrl: null,
    });
    const published = await inject(kit, 'GET', '/api/social/posts?status=published', other.cookie);
    expect(published.json<TSocialPostList>().posts).toEqual([]);
  });

  it('a platform connected before the post time gets the post on the network, not the sandbox', async () => {
    const other = await signUp(kit.app);
    const res = await inject(kit, 'POST', '/api/social/posts', other.cookie, {
      content: 'Spring AC tune-ups',
      targets: [{ platform: 'linkedin', content: 'Spring AC tune-ups' }],
      scheduledFor: inAMinute(),
    });
    expect(res.statusCode, res.body).toBe(201);
    await connectAll(kit, await tenantOf(kit, other.userId), ['linkedin']);
    const from = kit.enqueued.length - 1;
    expect(await runJobs(kit, from)).toEqual(['published']);
  });

  it('over the platform limit, a past time, and Instagram without an image are 400s naming the field', async () => {
    const long = await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
      content: 'x',
      targets: [{ platform: 'twitter', content: 'a'.repeat(281) }],
      now: true,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'Twitter/X allows 280 characters; this post has 281.' });
    const past = await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
      content: 'x',
      targets: [{ platform: 'twitter', content: 'x' }],
      scheduledFor: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Pick a date and time in the future.');
    const ig = await inject(kit, 'POST', '/api/social/posts', owner.cookie, {
      content: 'x',
      targets: [{ platform: 'instagram', content: 'x' }],
      now: true,
    });
    expect(ig.json().message).toBe('Instagram posts need an image: add an image URL.');
  });

  it('edit and cancel only while scheduled; another business sees a 404', async () => {
    const [post] = await create({
      content: 'Later',
      targets: [{ platform: 'facebook', content: 'Later' }],
      scheduledFor: inAMinute(),
    });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const moved = await inject(kit, 'PATCH', `/api/social/posts/${post!.id}`, owner.cookie, {
      scheduledFor: later,
      content: 'Later on',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<TSocialPost>()).toMatchObject({ scheduledFor: later, content: 'Later on' });
    expect(kit.enqueued.at(-1)).toMatchObject({ key: `${post!.id}:2` });
    // The job queued for the old time finds the row moved on and posts nothing.
    expect(await runJobs(kit, kit.enqueued.length - 2)).toEqual(['skipped', 'published']);
    const stranger = await signUp(kit.app);
    expect((await inject(kit, 'DELETE', `/api/social/posts/${post!.id}`, stranger.cookie)).statusCode).toBe(404);
    const done = await inject(kit, 'DELETE', `/api/social/posts/${post!.id}`, owner.cookie);
    expect(done.statusCode).toBe(409);
    const [other] = await create({
      content: 'Nope',
      targets: [{ platform: 'facebook', content: 'Nope' }],
      scheduledFor: inAMinute(),
    });
    const cancelled = await inject(kit, 'DELETE', `/api/social/posts/${other!.id}`, owner.cookie);
    expect(cancelled.json<TSocialPost>().status).toBe('cancelled');
    expect((await list('?status=cancelled')).posts.map((p) => p.id)).toEqual([other!.id]);
  });
});

describe('CSV export', () => {
  it('answers every post as CSV, quoting commas and defusing formulas', async () => {
    await create({
      content: '=HYPERLINK("x"), hi',
      targets: [{ platform: 'facebook', content: '=HYPERLINK("x"), hi' }],
      scheduledFor: inAMinute(),
    });
    const res = await inject(kit, 'GET', '/api/social/export.csv', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('text,platforms,date,time,image_url,status,published_at,url,error');
    expect(res.body).toContain(`"'=HYPERLINK(""x""), hi"`);
    const stranger = await signUp(kit.app);
    expect((await inject(kit, 'GET', '/api/social/export.csv', stranger.cookie)).body.split('\r\n')).toHaveLength(2);
  });

  it('holds all of a long history, and an exported post imports again as it was', async () => {
    const other = await signUp(kit.app);
    const otherTenant = await tenantOf(kit, other.userId);
    await connectAll(kit, otherTenant);
    const at = new Date(Date.now() + 36 * 3_600_000);
    await insertPosts(
      kit.database.db,
      otherTenant,
      Array.from({ length: 520 }, (_, i) => ({
        platform: 'linkedin',
        content: i === 0 ? '- 20% off drain cleaning, this week' : `Post ${i}`,
        hashtags: i === 0 ? '#Plumbing' : null,
        imageUrl: i === 0 ? 'https://example.com/drain.jpg' : null,
        status: 'scheduled',
        scheduledFor: new Date(at.getTime() - i * 60_000),
      })),
    );
    const res = await inject(kit, 'GET', '/api/social/export.csv', other.cookie);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(521);
    const again = await inject(kit, 'POST', '/api/social/import?dryRun=true', other.cookie, {
      csv: `${lines[0]}\r\n${lines[1]}\r\n`,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ rows: unknown[] }>().rows).toEqual([
      {
        line: 2,
        text: '- 20% off drain cleaning, this week\n\n#Plumbing',
        platforms: ['linkedin'],
        scheduledFor: new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString(),
        problems: [],
      },
    ]);
  });
});

describe('CSV import', () => {
  const tomorrow = () => new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
  const csv = (bad: string) =>
    [
      'text,platforms,date,time,image_url',
      `"Drain special, this week only",facebook;linkedin,${tomorrow()},10:30,`,
      bad,
    ].join('\n');

  it('a dry run names each bad row; the import refuses the file and saves nothing', async () => {
    const file = csv(
      `Old news,facebook,2020-01-01,09:00,\n${'a'.repeat(300)},twitter,${tomorrow()},09:00,\nHi,myspace,${tomorrow()},09:00,`,
    );
    const dry = await inject(kit, 'POST', '/api/social/import?dryRun=true', owner.cookie, { csv: file });
    expect(dry.statusCode, dry.body).toBe(200);
    const rows = dry.json<{ rows: { line: number; problems: string[] }[]; imported: number }>().rows;
    expect(rows.map((r) => [r.line, r.problems])).toEqual([
      [2, []],
      [3, ['This date and time is in the past.']],
      [4, ['Twitter/X allows 280 characters; this post has 300.']],
      [5, ['Unknown platform "myspace" (use facebook, instagram, twitter or linkedin).']],
    ]);
    const before = (await list()).posts.length;
    const real = await inject(kit, 'POST', '/api/social/import', owner.cookie, { csv: file });
    expect(real.statusCode).toBe(400);
    expect(real.json().message).toBe(
      'Nothing was imported: 3 rows have problems, first line 3: This date and time is in the past.',
    );
    expect((await list()).posts).toHaveLength(before);
  });

  it('a good file is imported whole: one target per platform, each queued', async () => {
    const from = kit.enqueued.length;
    const res = await inject(kit, 'POST', '/api/social/import', owner.cookie, {
      csv: csv(`Second,twitter,${tomorrow()},08:00,`),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imported).toBe(3);
    expect(kit.enqueued.length - from).toBe(3);
    const texts = (await list()).posts.map((p) => p.content);
    expect(texts).toContain('Drain special, this week only');
  });
});

describe('AI drafts', () => {
  it('drafts a global text and one version per platform that fits, counted against the plan', async () => {
    const res = await inject(kit, 'POST', '/api/social/generate', owner.cookie, {
      topic: 'Furnace check before winter',
      platforms: ['twitter', 'linkedin'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      content: string;
      drafts: { platform: string; content: string; hashtags: string }[];
      source: string;
      limit: number | null;
    }>();
    expect(body.source).toBe('offline');
    expect(body.content).toContain('Furnace check before winter');
    expect(body.drafts.map((d) => d.platform)).toEqual(['twitter', 'linkedin']);
    const tweet = body.drafts[0]!;
    expect(`${tweet.content}\n\n${tweet.hashtags}`.length).toBeLessThanOrEqual(280);
    expect(body.limit).toBe(10);
  });

  it('refuses once the month allowance is used, naming the plan that lifts it', async () => {
    const small = await signUp(kit.app);
    let last = 0;
    let message = '';
    for (let i = 0; i < 11; i++) {
      const res = await inject(kit, 'POST', '/api/social/generate', small.cookie, {
        topic: 'Leaky tap',
        platforms: [],
      });
      last = res.statusCode;
      message = res.json().message as string;
    }
    expect(last).toBe(402);
    expect(message).toMatch(/10 AI posts a month/);
  });
});
