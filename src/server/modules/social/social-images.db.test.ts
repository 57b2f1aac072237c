import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_IMAGE_MESSAGES, type TSocialImage } from '#shared/schemas/social-analytics.ts';
import type { TSocialPost } from '#shared/schemas/social.ts';
import { PROVIDER_DEFS } from '#server/modules/connections/connections-providers.ts';
import { signUp, type SignedUp } from '#tests/setup/accounts.ts';
import { connectAll, inject, runJobs, startSocialKit, tenantOf, type SocialKit } from '#tests/kits/social.ts';

// An image uploaded for a post: checked by its bytes and size, served from an unguessable public
// address (what Facebook and Instagram fetch), and uploaded to X and LinkedIn before the post.

let kit: SocialKit;
let owner: SignedUp;

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);

beforeAll(async () => {
  kit = await startSocialKit();
  owner = await signUp(kit.app);
  await connectAll(kit, await tenantOf(kit, owner.userId));
});
afterAll(async () => kit?.close());

async function upload(cookie: string, data: Buffer, filename = 'van.jpg') {
  return inject(kit, 'POST', '/api/social/images', cookie, { filename, data: data.toString('base64') });
}

const post = (cookie: string, imageUrl: string, platforms: string[]) =>
  inject(kit, 'POST', '/api/social/posts', cookie, {
    content: 'New van on the road',
    imageUrl,
    targets: platforms.map((platform) => ({ platform, content: 'New van on the road' })),
    now: true,
  });

describe('social post images', () => {
  it('refuses a file that is not an image, and one over 5 MB, with a readable message', async () => {
    const text = await upload(owner.cookie, Buffer.from('<html>not an image</html>'), 'x.jpg');
    expect(text.statusCode).toBe(400);
    expect(text.json<{ message: string }>().message).toContain(SOCIAL_IMAGE_MESSAGES.type);
    const big = await upload(owner.cookie, Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]));
    expect([400, 413]).toContain(big.statusCode);
    expect(big.json<{ message: string }>().message).toMatch(/5 MB|too large/i);
    const anon = await inject(kit, 'POST', '/api/social/images', '', {
      filename: 'a.jpg',
      data: JPEG.toString('base64'),
    });
    expect(anon.statusCode).toBe(401);
  });

  it('serves an uploaded image at an unguessable public address, as the type its bytes say', async () => {
    const res = await upload(owner.cookie, PNG, 'logo.gif');
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<TSocialImage>();
    expect(image).toMatchObject({ mimeType: 'image/png', size: PNG.length });
    const path = new URL(image.url).pathname;
    expect(path).toMatch(/^\/api\/social\/images\/[A-Za-z0-9_-]{43}$/);
    const got = await kit.app.inject({ method: 'GET', url: path });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    // One character off (never the same one: the address ends in 'A' one time in 64).
    const guess = await kit.app.inject({ method: 'GET', url: `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}` });
    expect(guess.statusCode).toBe(404);
  });

  it('uploads the image to X before the tweet and gives Facebook its public address', async () => {
    const image = (await upload(owner.cookie, JPEG)).json<TSocialImage>();
    kit.fake.reset();
    const from = kit.enqueued.length;
    const res = await post(owner.cookie, image.url, ['facebook', 'twitter']);
    expect(res.statusCode, res.body).toBe(201);
    expect(await runJobs(kit, from)).toEqual(['published', 'published']);
    expect(kit.fake.media).toEqual([
      { id: expect.any(String), size: JPEG.length, type: 'image/jpeg', category: 'tweet_image' },
    ]);
    const tweet = kit.fake.received.find((r) => r.network === 'x');
    expect(tweet?.mediaIds).toEqual([kit.fake.media[0]!.id]);
    const photo = kit.fake.received.find((r) => r.network === 'meta');
    expect(photo).toMatchObject({ path: '/1001/photos', imageUrl: image.url });
  });

  it('an X grant without media.write: the post fails naming the permission, and reconnecting (which asks for it) is the fix', async () => {
    const image = (await upload(owner.cookie, JPEG)).json<TSocialImage>();
    kit.fake.grant('x-token-1', ['tweet.read', 'tweet.write', 'users.read', 'offline.access']);
    try {
      kit.fake.reset();
      const from = kit.enqueued.length;
      const res = await post(owner.cookie, image.url, ['twitter']);
      expect(res.statusCode, res.body).toBe(201);
      expect(await runJobs(kit, from)).toEqual(['failed']);
      expect(kit.fake.received).toEqual([]);
      const [made] = res.json<{ posts: TSocialPost[] }>().posts;
      const posts = (await inject(kit, 'GET', '/api/social/posts', owner.cookie)).json<{ posts: TSocialPost[] }>()
        .posts;
      expect(posts.find((p) => p.id === made?.id)?.errorMessage).toBe(
        "X does not let Fieldwise upload the post's image: it needs the “media.write” permission, which Fieldwise now asks for. Reconnect X in Settings → Connections, then press Retry.",
      );
    } finally {
      kit.fake.grant('x-token-1', PROVIDER_DEFS.x.scopes);
    }
  });

  it('uploads the image to LinkedIn and attaches its URN to the post', async () => {
    const image = (await upload(owner.cookie, JPEG)).json<TSocialImage>();
    kit.fake.reset();
    const from = kit.enqueued.length;
    const res = await post(owner.cookie, image.url, ['linkedin']);
    expect(res.statusCode, res.body).toBe(201);
    expect(await runJobs(kit, from)).toEqual(['published']);
    expect(kit.fake.media).toEqual([
      {
        id: expect.stringMatching(/^urn:li:image:/),
        size: JPEG.length,
        type: 'image/jpeg',
        category: 'linkedin_image',
      },
    ]);
    expect(kit.fake.received[0]?.mediaIds).toEqual([kit.fake.media[0]!.id]);
  });

  it('says plainly when X gets a link instead of a file, Instagram a PNG, or the image is another business’s', async () => {
    const link = await post(owner.cookie, 'https://example.com/van.jpg', ['twitter']);
    expect(link.statusCode).toBe(400);
    expect(link.json<{ message: string }>().message).toContain(SOCIAL_IMAGE_MESSAGES.xNeedsUpload);
    const png = (await upload(owner.cookie, PNG, 'logo.png')).json<TSocialImage>();
    const insta = await post(owner.cookie, png.url, ['instagram']);
    expect(insta.statusCode).toBe(400);
    expect(insta.json<{ message: string }>().message).toContain(SOCIAL_IMAGE_MESSAGES.instagramJpeg);
    const other = await signUp(kit.app);
    await connectAll(kit, await tenantOf(kit, other.userId));
    const theirs = await post(other.cookie, png.url, ['facebook']);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json<{ message: string }>().message).toContain('not one of yours');
  });
});
