import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** JSON answers larger than this are compressed when the caller accepts it; smaller ones gain nothing. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in for an Accept-Encoding header: brotli, else gzip, when accepted
 * with a non-zero weight (by name or by `*`); null for identity.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepted = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

const compress = (encoding: Encoding, body: string | Buffer, size: number) =>
  encoding === 'br'
    ? // Quality 4: most of brotli's gain at a fraction of its default's (11) time.
      brotli(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
      })
    : gzip(body, { level: 6 });

/**
 * Compresses JSON answers over COMPRESS_MIN_BYTES (gzip or brotli per Accept-Encoding). Only
 * whole bodies: streamed answers (server-sent events, CSV downloads) pass as they are, so an
 * event stream is never held back in a compressor's buffer.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    // A string is at least as many bytes as it has characters: only a short one needs counting.
    if (payload.length <= COMPRESS_MIN_BYTES && Buffer.byteLength(payload) <= COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', varyWith(reply.getHeader('vary')));
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = await compress(encoding, payload, Buffer.byteLength(payload));
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}

function varyWith(vary: unknown): string {
  const given = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(given)) return given;
  return given ? `${given}, Accept-Encoding` : 'Accept-Encoding';
}
