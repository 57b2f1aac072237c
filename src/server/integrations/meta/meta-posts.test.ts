import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_SOCIAL, startFakeSocialServer, type FakeSocialServer } from '#tests/fakes/social-server.ts';
import { UncertainPost } from '../social-publish.ts';
import { findInstagramMedia, publishInstagram, type MetaConfig } from './meta-posts.ts';

// Looking an Instagram post up on the local Graph fake, after a media_publish that may have gone
// out: the Page's Instagram account's media, matched by caption and made since the given time.

let fake: FakeSocialServer;
let config: MetaConfig;
const token = 'page-token-1';
const http = { sleep: () => Promise.resolve() };
const post = { text: 'Fresh roof (done) & dusted https://example.com/r/abc', imageUrl: 'https://example.com/roof.jpg' };

beforeAll(async () => {
  fake = await startFakeSocialServer();
  config = { graphBaseUrl: fake.url };
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

describe('findInstagramMedia', () => {
  it('finds media whose media_publish answered 5xx, with its id, permalink and time', async () => {
    const before = new Date(Date.now() - 1000);
    fake.failNext('meta', 'server_error_after_create', 1, 0, `/${FAKE_SOCIAL.instagramId}/media_publish`);
    await expect(publishInstagram(config, token, FAKE_SOCIAL.pageId, post, http)).rejects.toBeInstanceOf(UncertainPost);
    const [media] = fake.instagramMedia;

    // Links are compared without their address, as the other look-ups do.
    const text = post.text.replace('/r/abc', '/r/xyz');
    const found = await findInstagramMedia(config, token, FAKE_SOCIAL.pageId, text, before, http);
    expect(found).toEqual({ externalId: media!.id, url: media!.permalink, publishedAt: expect.any(Date) });
    expect(found!.publishedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(fake.lookups).toEqual([`meta:/${FAKE_SOCIAL.instagramId}/media`]);
  });

  it('is null for another caption, or for the same caption posted before `since`', async () => {
    await publishInstagram(config, token, FAKE_SOCIAL.pageId, post, http);
    const earlier = new Date(Date.now() - 60_000);
    expect(await findInstagramMedia(config, token, FAKE_SOCIAL.pageId, 'Another post', earlier, http)).toBeNull();
    const later = new Date(Date.now() + 60_000);
    expect(await findInstagramMedia(config, token, FAKE_SOCIAL.pageId, post.text, later, http)).toBeNull();
  });
});
