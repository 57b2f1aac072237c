import { randomBytes } from 'node:crypto';
import type { Sharp } from 'sharp';
import { JOB_PHOTO_LIMIT, JOB_PHOTO_MAX_EDGE, PHOTO_STAGES, WORK_MESSAGES, type TPhotoStage } from '#shared/work.ts';
import type { TJobPhoto } from '#shared/schemas/work.ts';
import { AppError, FieldError, notFound } from '#server/errors.ts';
import type { Db } from '#server/db/client.ts';
import type { PhotoStore } from './photo-store.ts';
import { decodeHeicOffThread } from './heic-off-thread.ts';
import * as repo from './work.repo.ts';

/**
 * A job's photos (issue 36): each image is decoded, turned upright, resized to at most
 * JOB_PHOTO_MAX_EDGE px on its longest side and written as a JPEG with no metadata at all (sharp
 * keeps none unless asked, so EXIF location, camera serials and the owner's name are gone), under
 * the business in the photo store (photo-store.ts: the data directory or an S3-compatible bucket),
 * key {tenant}/jobs/{job}/{token}.jpg. The public address is /p/_/photos/{token}.jpg (a random
 * 32-byte token: networks fetch it without a session, nobody can guess one).
 *
 * HEIC (the iPhone's default): sharp's prebuilt libvips decodes HEIF's AVIF flavour only, so an
 * HEVC-coded photo is decoded by heic-decode (libheif's WASM build) to RGBA pixels that sharp then
 * resizes like any other (decision 035); one neither can read is refused with what to do instead.
 */
export interface PhotoDeps {
  db: Db;
  photos: PhotoStore;
  appUrl: string;
}

export interface IncomingPhoto {
  stage: string;
  data: Buffer;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
type Kind = 'jpeg' | 'png' | 'webp' | 'heic';

/** The image type by its first bytes, whatever name or type the upload claimed. */
export function sniffPhoto(data: Buffer): Kind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') {
    const brand = data.toString('latin1', 8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  return null;
}

/**
 * sharp (libvips) is loaded on the first photo, not at start (heic-decode only ever loads in its
 * own thread): they were about a tenth of a restart's module loading, for work most starts never do.
 */
export const loadSharp = async () => (await import('sharp')).default;

export const photoUrl = (appUrl: string, token: string) => `${appUrl}/p/_/photos/${token}.jpg`;

/** Photos wider than this also get a copy this wide, for phones (the project page's srcset). */
export const SMALL_PHOTO_WIDTH = 800;
/** The small copy's address, or null when the photo is no wider than it (the photo serves as its own). */
export const smallPhotoUrl = (appUrl: string, row: { token: string; width: number }) =>
  row.width > SMALL_PHOTO_WIDTH ? `${appUrl}/p/_/photos/${row.token}-${SMALL_PHOTO_WIDTH}.jpg` : null;
const smallKey = (key: string) => key.replace(/\.jpg$/, `-${SMALL_PHOTO_WIDTH}.jpg`);

export function toPhoto(appUrl: string, row: repo.PhotoRow): TJobPhoto {
  return { id: row.id, stage: row.stage, url: photoUrl(appUrl, row.token), width: row.width, height: row.height };
}

const isStage = (s: string): s is TPhotoStage => (PHOTO_STAGES as readonly string[]).includes(s);

/** The largest HEIC decoded (its RGBA pixels are held in memory: 4 bytes each, 200 MB at this size). */
export const HEIC_MAX_PIXELS = 50_000_000;

/**
 * An HEIC file's primary image as sharp input: raw RGBA pixels decoded on a thread of their own
 * (heic-off-thread.ts), or null when libheif cannot read it (an AVIF-coded HEIF, which sharp reads
 * itself, or a broken file).
 */
async function heicPixels(data: Buffer, field: string): Promise<Sharp | null> {
  const decoded = await decodeHeicOffThread(data, HEIC_MAX_PIXELS);
  if ('refused' in decoded) {
    if (decoded.refused === 'too-large') throw new FieldError(field, WORK_MESSAGES.heicTooLarge);
    return null;
  }
  const sharp = await loadSharp();
  return sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
    raw: { width: decoded.width, height: decoded.height, channels: 4 },
  });
}

/** One upload made safe to publish: upright, at most the stored size, JPEG, no metadata. */
export async function cleanPhoto(
  data: Buffer,
  field: string,
): Promise<{ data: Buffer; width: number; height: number; small: Buffer | null }> {
  const kind = sniffPhoto(data);
  if (!kind) throw new FieldError(field, WORK_MESSAGES.photoType);
  const heic = kind === 'heic' ? await heicPixels(data, field) : null;
  const sharp = await loadSharp();
  try {
    const { data: out, info } = await (heic ?? sharp(data, { failOn: 'error' }).rotate())
      .resize({ width: JOB_PHOTO_MAX_EDGE, height: JOB_PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const small =
      info.width > SMALL_PHOTO_WIDTH
        ? await sharp(out).resize({ width: SMALL_PHOTO_WIDTH }).jpeg({ quality: 78, mozjpeg: true }).toBuffer()
        : null;
    return { data: out, width: info.width, height: info.height, small };
  } catch {
    throw new FieldError(field, kind === 'heic' ? WORK_MESSAGES.heic : WORK_MESSAGES.unreadable);
  }
}

/**
 * Stores a job's new photos: all are checked and cleaned before anything is written, the count
 * is checked again under the job's lock, and files written for rows that were not stored are removed.
 */
export async function storePhotos(
  deps: PhotoDeps,
  tenantId: string,
  jobId: string,
  incoming: IncomingPhoto[],
): Promise<TJobPhoto[]> {
  if (incoming.length === 0) throw new FieldError('photos', WORK_MESSAGES.noPhotos);
  const cleaned = [];
  for (const [i, photo] of incoming.entries()) {
    if (!isStage(photo.stage)) throw new FieldError(photo.stage || `photos.${i}`, WORK_MESSAGES.stage);
    cleaned.push({ stage: photo.stage, ...(await cleanPhoto(photo.data, photo.stage)) });
  }
  const files = cleaned.map((c) => ({ ...c, token: randomBytes(32).toString('base64url') }));
  const written: string[] = [];
  try {
    for (const f of files) {
      const key = `${tenantId}/jobs/${jobId}/${f.token}.jpg`;
      await deps.photos.put(key, f.data);
      written.push(key);
      if (f.small) {
        await deps.photos.put(smallKey(key), f.small);
        written.push(smallKey(key));
      }
    }
    const rows = await deps.db.transaction(async (tx) => {
      const job = await repo.findJob(tx, tenantId, jobId, { forUpdate: true });
      if (!job) throw notFound('Job');
      const existing = await repo.photosOf(tx, tenantId, [jobId]);
      if (existing.length + files.length > JOB_PHOTO_LIMIT)
        throw new AppError('payload_too_large', WORK_MESSAGES.tooManyPhotos);
      return repo.insertPhotos(
        tx,
        tenantId,
        jobId,
        files.map((f, i) => ({
          stage: f.stage,
          token: f.token,
          path: `${tenantId}/jobs/${jobId}/${f.token}.jpg`,
          width: f.width,
          height: f.height,
          size: f.data.length,
          position: existing.length + i,
        })),
      );
    });
    return rows.map((r) => toPhoto(deps.appUrl, r));
  } catch (err) {
    await Promise.all(written.map((key) => deps.photos.delete(key).catch(() => undefined)));
    throw err;
  }
}

/** A stored photo's bytes by its public token: its small copy when asked (the photo itself if it has none). */
export async function photoBytes(
  deps: Pick<PhotoDeps, 'db' | 'photos'>,
  token: string,
  small = false,
): Promise<Buffer> {
  const row = TOKEN.test(token) ? await repo.photoByToken(deps.db, token) : undefined;
  if (!row) throw notFound('Photo');
  if (small && row.width > SMALL_PHOTO_WIDTH)
    return deps.photos.get(smallKey(row.path)).catch(() => deps.photos.get(row.path));
  return deps.photos.get(row.path);
}

/** A stored photo's bytes for the business itself (to hand to another area: a post's image). */
export async function ownPhotoBytes(deps: Pick<PhotoDeps, 'photos'>, row: repo.PhotoRow): Promise<Buffer> {
  return deps.photos.get(row.path);
}

/** Removes one of a job's photos: its row, then its bytes. */
export async function deletePhoto(deps: PhotoDeps, tenantId: string, jobId: string, photoId: string): Promise<void> {
  const row = await repo.deletePhoto(deps.db, tenantId, jobId, photoId);
  if (!row) throw notFound('Photo');
  await deps.photos.delete(row.path);
  if (row.width > SMALL_PHOTO_WIDTH) await deps.photos.delete(smallKey(row.path));
}
