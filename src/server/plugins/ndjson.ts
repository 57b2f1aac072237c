import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The media type of a streamed answer: one JSON object per line. */
export const NDJSON = 'application/x-ndjson';

/** A streamed answer's lines: text as it is written, then the final answer (or, once streaming has begun, an error). */
export type NdjsonLine<T> =
  { type: 'delta'; text: string } | { type: 'done'; result: T } | { type: 'error'; message: string };

/** True when the caller asked for the streamed form (`Accept: application/x-ndjson`). */
export const wantsNdjson = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes(NDJSON);

/**
 * Answers `produce` as NDJSON: each delta as it arrives, then the result. A failure before the
 * first delta (bad input, a limit) is thrown, so the error handler answers it with its status as
 * usual; after that the status is already sent, and the failure becomes the last line.
 */
export async function sendNdjson<T>(
  reply: FastifyReply,
  produce: (onDelta: (text: string) => void) => Promise<T>,
): Promise<FastifyReply> {
  const out = new PassThrough();
  const line = (l: NdjsonLine<T>) => `${JSON.stringify(l)}\n`;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  let streaming = false;
  const finished = produce((text) => {
    streaming = true;
    markStarted();
    out.write(line({ type: 'delta', text }));
  }).then(
    (result) => void out.end(line({ type: 'done', result })),
    (err: unknown) => {
      if (!streaming) throw err;
      reply.log.error({ err }, 'streamed answer failed after it began');
      out.end(line({ type: 'error', message: 'Something went wrong while writing. Please try again.' }));
    },
  );
  await Promise.race([started, finished]);
  return reply.header('cache-control', 'no-store').header('x-accel-buffering', 'no').type(NDJSON).send(out);
}
