import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeHeicOffThread } from './heic-off-thread.ts';

const fixture = () => readFile(path.join(import.meta.dirname, '../../../../tests/fixtures/job-photo.heic'));

describe('decoding an HEIC photo on its own thread', () => {
  it("answers the primary image's RGBA pixels, and leaves the caller's buffer whole", async () => {
    const file = await fixture();
    const copy = Buffer.from(file);
    const decoded = await decodeHeicOffThread(file, 50_000_000);
    if ('refused' in decoded) throw new Error(`refused: ${decoded.refused}`);
    expect(decoded.width * decoded.height).toBe(320 * 240);
    expect(decoded.data.byteLength).toBe(decoded.width * decoded.height * 4);
    expect(file.equals(copy)).toBe(true);
  });

  it('refuses a photo over the pixel limit before decoding it, and a file libheif cannot read', async () => {
    expect(await decodeHeicOffThread(await fixture(), 320 * 240 - 1)).toEqual({ refused: 'too-large' });
    const broken = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
    expect(await decodeHeicOffThread(broken, 50_000_000)).toEqual({ refused: 'unreadable' });
  });
});
