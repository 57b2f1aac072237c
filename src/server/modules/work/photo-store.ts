import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { BucketSettings } from '#server/s3-config.ts';
import { AppError, notFound } from '#server/errors.ts';

/**
 * Where job photos' bytes live (decision 028), chosen once at start: an S3-compatible bucket when
 * S3_BUCKET is set, else {DATA_DIR}/uploads. Keys are `{tenant}/jobs/{job}/{token}.jpg`, under the
 * business. The server reads photos through and serves them at its own addresses, so public pages
 * never depend on the bucket's ACLs.
 */
export interface PhotoStore {
  /** Writes a new object; a refusal is a 502 that says what the bucket answered. */
  put(key: string, data: Buffer): Promise<void>;
  /** The object's bytes; a missing one is a 404. */
  get(key: string): Promise<Buffer>;
  /** Removes the object; one already gone is fine. */
  delete(key: string): Promise<void>;
}

export function diskStore(dataDir: string): PhotoStore {
  const file = (key: string) => path.join(dataDir, 'uploads', key);
  return {
    async put(key, data) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), data, { flag: 'wx' });
    },
    get: (key) =>
      readFile(file(key)).catch(() => {
        throw notFound('Photo');
      }),
    delete: (key) => rm(file(key), { force: true }),
  };
}

/** S3's error XML names its code (AccessDenied, NoSuchBucket, SignatureDoesNotMatch, …). */
async function refusal(res: Response, action: string): Promise<AppError> {
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(await res.text().catch(() => ''))?.[1];
  return new AppError(
    'bad_gateway',
    `The photo storage bucket refused to ${action} the photo (${res.status}${code ? ` ${code}` : ''}). ` +
      'Please try again later; if it keeps happening, the server’s S3 settings need checking.',
  );
}

export function bucketStore(s: BucketSettings): PhotoStore {
  const client = new AwsClient({
    accessKeyId: s.accessKeyId,
    secretAccessKey: s.secretAccessKey,
    service: 's3',
    region: s.region,
    retries: 2,
  });
  const base = new URL(s.endpoint);
  const urlOf = (key: string) => {
    const object = key.split('/').map(encodeURIComponent).join('/');
    if (s.forcePathStyle) return `${s.endpoint}/${encodeURIComponent(s.bucket)}/${object}`;
    return `${base.protocol}//${s.bucket}.${base.host}${base.pathname.replace(/\/$/, '')}/${object}`;
  };
  const send = async (method: string, key: string, body?: Buffer) => {
    const hash = createHash('sha256')
      .update(body ?? '')
      .digest('hex');
    try {
      return await client.fetch(urlOf(key), {
        method,
        body: body ? new Uint8Array(body) : undefined,
        headers: { 'x-amz-content-sha256': hash, ...(body ? { 'content-type': 'image/jpeg' } : {}) },
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new AppError('bad_gateway', 'The photo storage bucket did not answer. Please try again in a moment.');
    }
  };
  return {
    async put(key, data) {
      const res = await send('PUT', key, data);
      if (!res.ok) throw await refusal(res, 'store');
      await res.body?.cancel();
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) throw notFound('Photo');
      if (!res.ok) throw await refusal(res, 'hand back');
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw await refusal(res, 'delete');
      await res.body?.cancel();
    },
  };
}

export const photoStoreFor = (bucket: BucketSettings | undefined, dataDir: string): PhotoStore =>
  bucket ? bucketStore(bucket) : diskStore(dataDir);
