import {
  FEATURED_IMAGE_MAX_BYTES,
  FEATURED_IMAGE_MESSAGES,
  type TBlogPost,
  type TFeaturedImageRequest,
} from '#shared/schemas/website.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { FieldError } from '#server/errors.ts';
import { rowOr404, viewPost } from './blog.service.ts';
import type { WebsiteDeps } from './website.deps.ts';
import * as repo from './website.repo.ts';

// A blog post's featured image: checked by its bytes (not the name or the type the browser
// claimed), kept with the post, uploaded to the WordPress media library when the post is published.

const SIGNATURES: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/gif', ext: 'gif', test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type of these bytes, or undefined when they are not a JPEG, PNG, GIF or WebP. */
export function sniffImage(data: Buffer): { type: string; ext: string } | undefined {
  return SIGNATURES.find((s) => s.test(data));
}

/** A file name WordPress and every browser accept: letters, digits, dots and dashes, the right extension. */
export function safeFilename(name: string, ext: string): string {
  const base = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'featured-image'}.${ext}`;
}

export async function setFeaturedImage(
  deps: WebsiteDeps,
  auth: AuthContext,
  id: string,
  input: TFeaturedImageRequest,
): Promise<TBlogPost> {
  await rowOr404(deps, auth.tenantId, id);
  const data = Buffer.from(input.data, 'base64');
  if (data.length === 0) throw new FieldError('data', FEATURED_IMAGE_MESSAGES.empty);
  if (data.length > FEATURED_IMAGE_MAX_BYTES) throw new FieldError('data', FEATURED_IMAGE_MESSAGES.size);
  const kind = sniffImage(data);
  if (!kind) throw new FieldError('data', FEATURED_IMAGE_MESSAGES.type);
  await repo.saveImage(deps.db, auth.tenantId, id, {
    filename: safeFilename(input.filename, kind.ext),
    mimeType: kind.type,
    data,
  });
  return viewPost(deps, auth.tenantId, await rowOr404(deps, auth.tenantId, id));
}

export async function removeFeaturedImage(deps: WebsiteDeps, auth: AuthContext, id: string): Promise<TBlogPost> {
  await rowOr404(deps, auth.tenantId, id);
  await repo.deleteImage(deps.db, auth.tenantId, id);
  return viewPost(deps, auth.tenantId, await rowOr404(deps, auth.tenantId, id));
}
