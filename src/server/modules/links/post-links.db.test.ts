import { describe, expect, it } from 'vitest';
import { signUp } from '#tests/setup/accounts.ts';
import { tenantIdOf } from '#tests/setup/tenant-rows.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { linksDeps } from './links.service.ts';
import { trackPostLinks } from './post-links.ts';

const t = useTestApp();
const POST = '0b9e7c1e-2f4a-4c1e-9d7a-3f1e2a4b5c6d';

describe('tracked links in a post', () => {
  it('replaces each address with the post’s /r/ link, once per post and address', async () => {
    const deps = linksDeps(t.app.deps);
    const db = deps.db;
    const tenantId = await tenantIdOf(db, (await signUp(t.app)).userId);
    const target = { tenantId, postId: POST, platform: 'facebook' };
    const base = t.app.deps.config.appUrl;
    const text = 'Deals at https://example.com/deals, and https://example.com/deals again! Also http://other.example.';
    const once = await trackPostLinks(deps, text, target);
    const codes = [...once.matchAll(/\/r\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    expect(codes).toHaveLength(3);
    expect(codes[0]).toBe(codes[1]); // the same address twice: one link
    expect(once).toBe(`Deals at ${base}/r/${codes[0]}, and ${base}/r/${codes[0]} again! Also ${base}/r/${codes[2]}.`);
    // A retried publish reuses the links instead of minting new ones.
    expect(await trackPostLinks(deps, text, target)).toBe(once);
    // Our own short links are left alone; so is text without addresses.
    expect(await trackPostLinks(deps, once, target)).toBe(once);
    expect(await trackPostLinks(deps, 'Call 555-0100 today.', target)).toBe('Call 555-0100 today.');

    const res = await t.app.inject({ method: 'GET', url: `/r/${codes[0]}` });
    expect(res.headers.location).toBe(
      `https://example.com/deals?utm_source=facebook&utm_medium=social&utm_campaign=fieldwise_post&utm_content=post-${POST}`,
    );
  });

  it('keeps the tags an address already carries, and each target (platform) gets its own link', async () => {
    const deps = linksDeps(t.app.deps);
    const db = deps.db;
    const tenantId = await tenantIdOf(db, (await signUp(t.app)).userId);
    const text = 'See https://example.com/?utm_source=flyer';
    const fb = await trackPostLinks(deps, text, { tenantId, postId: POST, platform: 'facebook' });
    // Each platform of a post is its own target row, so its own post id.
    const li = await trackPostLinks(deps, text, {
      tenantId,
      postId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      platform: 'linkedin',
    });
    expect(fb).not.toBe(li);
    const code = /\/r\/([A-Za-z0-9_-]+)/.exec(fb)![1];
    const res = await t.app.inject({ method: 'GET', url: `/r/${code}` });
    expect(res.headers.location).toBe('https://example.com/?utm_source=flyer');
  });
});
