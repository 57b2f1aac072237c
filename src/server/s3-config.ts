import { z } from 'zod';

/**
 * The S3-compatible bucket for job photos (decision 028): its environment variables, folded into
 * config.ts's schema, and the settings they make. Unset S3_BUCKET = photos in the data directory.
 */
const optional = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().optional());

export const S3_ENV = {
  S3_BUCKET: optional,
  S3_ENDPOINT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.url({ message: 'must be a full URL such as https://<account>.r2.cloudflarestorage.com' }).optional(),
  ),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  ),
};

type S3Env = { [K in keyof typeof S3_ENV]?: string };

export interface BucketSettings {
  bucket: string;
  /** Without a trailing slash; AWS's regional endpoint when S3_ENDPOINT is unset. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** {endpoint}/{bucket}/{key} rather than {bucket}.{endpoint host}/{key}. */
  forcePathStyle: boolean;
}

export const S3_KEYS_REQUIRED = {
  check: (env: S3Env) => !env.S3_BUCKET || Boolean(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY),
  message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set',
};

export function bucketSettings(env: S3Env): BucketSettings | undefined {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return undefined;
  const region = env.S3_REGION ?? 'us-east-1';
  return {
    bucket: env.S3_BUCKET,
    endpoint: (env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ''),
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
  };
}
