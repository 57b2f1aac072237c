// An S3-compatible bucket for tests, after the S3 REST API's published description
// (https://docs.aws.amazon.com/AmazonS3/latest/API/): PutObject, GetObject and DeleteObject,
// path-style (/{bucket}/{key}), each request signed with Signature Version 4
// (Authorization: AWS4-HMAC-SHA256 Credential={key id}/{date}/{region}/s3/aws4_request,
// SignedHeaders=…, Signature=…; x-amz-date; x-amz-content-sha256 the payload's hex SHA-256 or
// UNSIGNED-PAYLOAD). The signature is recomputed with the same secret (aws4fetch's AwsV4Signer over
// the signed headers), so a wrongly signed request gets S3's 403 SignatureDoesNotMatch.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AwsV4Signer } from 'aws4fetch';
import { listen, type Listening } from './listen.ts';

export interface FakeS3 extends Listening {
  /** Objects by bucket-relative key. */
  objects: Map<string, Buffer>;
  /** When set, every request is answered 403 AccessDenied (a bucket policy that refuses us). */
  denyAll: boolean;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

function xmlError(res: ServerResponse, status: number, code: string, message: string, resource: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>fake</RequestId></Error>`,
  );
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(opts: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
}): Promise<FakeS3> {
  const region = opts.region ?? 'us-east-1';
  const objects = new Map<string, Buffer>();
  const state = { denyAll: false };
  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await bodyOf(req);
    const prefix = `/${opts.bucket}/`;
    const resource = url.pathname;
    if (!url.pathname.startsWith(prefix) || url.pathname === prefix)
      return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', resource);
    if (state.denyAll) return xmlError(res, 403, 'AccessDenied', 'Access Denied', resource);

    const auth = AUTH.exec(String(req.headers.authorization ?? ''));
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!auth || !/^\d{8}T\d{6}Z$/.test(amzDate) || !payloadHash)
      return xmlError(res, 403, 'AccessDenied', 'Access Denied', resource);
    const [, keyId, date, signedRegion, signedHeaders, signature] = auth;
    if (keyId !== opts.accessKeyId)
      return xmlError(
        res,
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
        resource,
      );
    if (signedRegion !== region || date !== amzDate.slice(0, 8))
      return xmlError(res, 400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.', resource);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex'))
      return xmlError(
        res,
        400,
        'XAmzContentSHA256Mismatch',
        'The provided x-amz-content-sha256 header does not match what was computed.',
        resource,
      );
    const headers: Record<string, string> = {};
    for (const name of signedHeaders!.split(';')) {
      if (name !== 'host') headers[name] = String(req.headers[name] ?? '');
    }
    const expected = await new AwsV4Signer({
      method: req.method,
      url: `http://${req.headers.host}${req.url}`,
      headers,
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      service: 's3',
      region,
      datetime: amzDate,
    }).signature();
    if (expected !== signature)
      return xmlError(
        res,
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
        resource,
      );

    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    if (req.method === 'PUT') {
      objects.set(key, body);
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    if (req.method === 'GET') {
      const found = objects.get(key);
      if (!found) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.', resource);
      res.writeHead(200, { 'content-type': 'binary/octet-stream', 'content-length': found.length });
      return res.end(found);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return xmlError(
      res,
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
      resource,
    );
  });
  return Object.defineProperties(server as FakeS3, {
    objects: { value: objects },
    denyAll: { get: () => state.denyAll, set: (v: boolean) => (state.denyAll = v) },
  });
}
