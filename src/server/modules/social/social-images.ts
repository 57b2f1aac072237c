import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  SOCIAL_IMAGE_MAX_BYTES,
  SOCIAL_IMAGE_MESSAGES,
  type TSocialImage,
  type TSocialImageUpload,
} from '#shared/schemas/social-analytics.ts';
import type { TSocialPlatform } from '#shared/schemas/social.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { Db } from '#server/db/client.ts';
import { socialImages } from '#server/db/schema/index.ts';
import { FieldError, notFound } from '#server/errors.ts';
import { safeFilename, sniffImage } from '#server/modules/website/blog-image.service.ts';

/**
 * Images uploaded for social posts, kept in social_images. The post keeps the image's public
 * address, /api/social/images/{token} (a random 32-byte token: the networks fetch it without a
 * session, nobody can guess one). X cannot fetch a link: the publisher uploads the bytes to X.
 */
const PATH = '/api/social/images/';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type ImageRow = typeof socialImages.$inferSelect;

export const imageUrl = (appUrl: string, token: string) => `${appUrl}${PATH}${token}`;

/** The token of one of our image addresses (any host: the app's address may change), else null. */
export function tokenOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { pathname } = new URL(url);
    const token = pathname.startsWith(PATH) ? pathname.slice(PATH.length) : '';
    return TOKEN.test(token) ? token : null;
  } catch {
    return null;
  }
}

export async function uploadImage(
  deps: { db: Db; appUrl: string },
  auth: AuthContext,
  input: TSocialImageUpload,
): Promise<TSocialImage> {
  const data = Buffer.from(input.data, 'base64');
  if (data.length === 0) throw new FieldError('data', SOCIAL_IMAGE_MESSAGES.empty);
  if (data.length > SOCIAL_IMAGE_MAX_BYTES) throw new FieldError('data', SOCIAL_IMAGE_MESSAGES.size);
  const kind = sniffImage(data);
  if (!kind) throw new FieldError('data', SOCIAL_IMAGE_MESSAGES.type);
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(socialImages).values({
    tenantId: auth.tenantId,
    token,
    filename: safeFilename(input.filename, kind.ext),
    mimeType: kind.type,
    size: data.length,
    data,
  });
  return { url: imageUrl(deps.appUrl, token), mimeType: kind.type, size: data.length };
}

/** The business's own uploaded image behind a post's image address, or undefined. */
export async function imageOf(db: Db, tenantId: string, url: string | null | undefined): Promise<ImageRow | undefined> {
  const token = tokenOf(url);
  if (!token) return undefined;
  const [row] = await db
    .select()
    .from(socialImages)
    .where(and(eq(socialImages.tenantId, tenantId), eq(socialImages.token, token)));
  return row;
}

/** The public read: by token only (the token is the secret). */
export async function imageByToken(db: Db, token: string): Promise<ImageRow> {
  const [row] = TOKEN.test(token) ? await db.select().from(socialImages).where(eq(socialImages.token, token)) : [];
  if (!row) throw notFound('Image');
  return row;
}

/**
 * What a post's image must be for its platforms: an uploaded image must exist for this business,
 * Instagram takes JPEG only, and X needs an uploaded file (it does not fetch links).
 */
export async function checkPostImage(
  db: Db,
  tenantId: string,
  url: string | undefined,
  platforms: TSocialPlatform[],
): Promise<void> {
  if (!url) return;
  const own = tokenOf(url) ? await imageOf(db, tenantId, url) : undefined;
  if (tokenOf(url) && !own) throw new FieldError('imageUrl', 'That image is not one of yours: upload it again.');
  if (platforms.includes('twitter') && !own) throw new FieldError('imageUrl', SOCIAL_IMAGE_MESSAGES.xNeedsUpload);
  if (platforms.includes('instagram') && own && own.mimeType !== 'image/jpeg')
    throw new FieldError('imageUrl', SOCIAL_IMAGE_MESSAGES.instagramJpeg);
}
