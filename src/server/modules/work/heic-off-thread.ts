import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What the decode gave: the primary image's RGBA pixels, or why there are none. */
export type HeicResult = { width: number; height: number; data: Uint8Array } | { refused: 'unreadable' | 'too-large' };

/**
 * The worker, as CommonJS evaluated from this string: no file of its own for the server's bundle
 * or tsx to find. It loads heic-decode from where this module resolves it. libheif's decode is one
 * synchronous WebAssembly call: a 12 MP iPhone photo held the event loop — every other request of
 * every business — for 1.4 s (measured with `npm run bench:photos`). Here it holds only this thread.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.heicDecode);
(async () => {
  let images;
  try {
    images = await decode.all({ buffer: new Uint8Array(workerData.buffer) });
  } catch {
    return parentPort.postMessage({ refused: 'unreadable' });
  }
  try {
    const primary = images[0];
    if (!primary) return parentPort.postMessage({ refused: 'unreadable' });
    if (primary.width * primary.height > workerData.maxPixels) return parentPort.postMessage({ refused: 'too-large' });
    const px = await primary.decode().catch(() => null);
    if (!px) return parentPort.postMessage({ refused: 'unreadable' });
    const data = new Uint8Array(px.data.buffer, px.data.byteOffset, px.data.byteLength);
    parentPort.postMessage({ width: px.width, height: px.height, data }, [px.data.buffer]);
  } finally {
    images.dispose();
  }
})();
`;

/**
 * Decodes an HEIC file's primary image on a thread of its own (one per photo: libheif's memory,
 * up to `maxPixels` x 4 bytes, goes with it), rotation and mirroring applied by libheif. The
 * file's EXIF block is never read. A file libheif cannot read, or a thread that fails, is
 * `unreadable`.
 */
export function decodeHeicOffThread(file: Buffer, maxPixels: number): Promise<HeicResult> {
  // A copy the thread owns: the upload's buffer may be a slice of a larger pooled one.
  const buffer = new Uint8Array(file).buffer;
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      eval: true,
      // Resolved when a photo comes, not at start.
      workerData: { heicDecode: createRequire(import.meta.url).resolve('heic-decode'), buffer, maxPixels },
      transferList: [buffer],
    });
    worker.once('message', (result: HeicResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', () => resolve({ refused: 'unreadable' }));
    worker.once('exit', () => resolve({ refused: 'unreadable' })); // no answer (a no-op once resolved)
  });
}
