import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeWordpress, type FakeWordpress, type FakeWordpressOptions } from '#tests/fakes/wordpress-server.ts';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import { WORDPRESS_MESSAGES } from './wordpress-client.ts';
import { uploadWordpressMedia, upsertWordpressPost, WordpressError } from './wordpress-posts.ts';

// The fake listens on 127.0.0.1, which the guard opens for these tests only.
const outbound = createOutbound({ allow: ['127.0.0.1'] });
let fake: FakeWordpress | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const input = {
  title: 'Furnace guide',
  content: '<p>Hello</p>',
  excerpt: 'Short',
  status: 'publish' as const,
  categories: ['Tips & Tricks'],
  tags: ['furnace'],
};

async function publish(
  options: FakeWordpressOptions,
  extra: Partial<typeof input & { remoteId: number; featuredMedia: number }> = {},
) {
  fake ??= await startFakeWordpress(options);
  const creds = { siteUrl: fake.url, username: fake.options.username, appPassword: fake.options.appPassword };
  return upsertWordpressPost(outbound, creds, { ...input, ...extra });
}

describe('publishing a post through the WordPress REST API', () => {
  it('works with plain permalinks (?rest_route=) and reuses an existing, HTML-escaped category', async () => {
    fake = await startFakeWordpress({ mode: 'plain-permalinks' });
    fake.categories.push({ id: 7, name: 'Tips & Tricks', slug: 'tips-tricks' });
    const post = await publish({});
    expect(fake.posts.get(post.id)).toMatchObject({ categories: [7], status: 'publish' });
    expect(fake.categories).toHaveLength(2);
  });

  it('creates the post again when it was deleted on the site since', async () => {
    const post = await publish({}, { remoteId: 9999 });
    expect(post.id).not.toBe(9999);
    expect(fake?.posts.get(post.id)?.title).toBe('Furnace guide');
  });

  it('explains a user who may not publish', async () => {
    const err = await publish({ canPublish: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WordpressError);
    expect((err as WordpressError).message).toBe(WORDPRESS_MESSAGES.forbidden);
  });

  it('uploads an image to the media library and sets it as the featured image', async () => {
    fake = await startFakeWordpress();
    const creds = { siteUrl: fake.url, username: fake.options.username, appPassword: fake.options.appPassword };
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const media = await uploadWordpressMedia(outbound, creds, {
      filename: 'tune-up.png',
      mimeType: 'image/png',
      data: png,
    });
    expect(fake.media).toEqual([expect.objectContaining({ id: media.id, filename: 'tune-up.png', bytes: png.length })]);
    const post = await publish({}, { featuredMedia: media.id });
    expect(fake.posts.get(post.id)?.featured_media).toBe(media.id);
  });

  it('reads a 401 refusal of a write as a wrong password (WordPress checks capabilities as nobody)', async () => {
    fake = await startFakeWordpress();
    const err = await upsertWordpressPost(
      outbound,
      { siteUrl: fake.url, username: 'owner', appPassword: 'wrong wrong wrong wrong' },
      { ...input, categories: [], tags: [] },
    ).catch((e: unknown) => e);
    expect((err as WordpressError).message).toBe(WORDPRESS_MESSAGES.wrongCredentials + WORDPRESS_MESSAGES.httpHint);
  });

  it('never sends the password to another port the site redirects to', async () => {
    // Security review, third round: credentials followed a redirect to another port on the same host.
    fake = await startFakeWordpress();
    const wordpress = fake.url;
    const mover = http.createServer((req, res) => res.writeHead(308, { location: `${wordpress}${req.url}` }).end());
    await new Promise<void>((done) => mover.listen(0, '127.0.0.1', done));
    try {
      const creds = {
        siteUrl: `http://127.0.0.1:${(mover.address() as AddressInfo).port}`,
        username: fake.options.username,
        appPassword: fake.options.appPassword,
      };
      const err = await upsertWordpressPost(outbound, creds, input).catch((e: unknown) => e);
      expect(fake.authorizations.length).toBeGreaterThan(0);
      expect(fake.authorizations.every((a) => a === null)).toBe(true);
      expect(fake.posts.size).toBe(0);
      expect(err).toBeInstanceOf(WordpressError);
      expect((err as WordpressError).message).toBe(WORDPRESS_MESSAGES.movedTo(new URL(wordpress).origin));
    } finally {
      mover.closeAllConnections();
      mover.close();
    }
  });
});
