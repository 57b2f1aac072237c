import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pendingCodec, ZPendingFlow } from './pending-cookie.ts';

const codec = pendingCodec(ZPendingFlow.extend({ nonce: z.string().min(1) }));
const pending = { state: 'st-1', nonce: 'n-1', verifier: 'v'.repeat(43) };
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the pending OAuth cookie', () => {
  it('reads back what it wrote, as a cookie-safe value', () => {
    const cookie = codec.encode(pending);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(codec.decode(cookie)).toEqual(pending);
  });

  it('reads a missing, foreign, malformed or oversized value as no pending flow', () => {
    expect(codec.decode(undefined)).toBeUndefined();
    expect(codec.decode('')).toBeUndefined();
    expect(codec.decode('not base64url json')).toBeUndefined();
    expect(codec.decode(raw({ ...pending, nonce: undefined }))).toBeUndefined();
    expect(codec.decode(raw({ ...pending, verifier: 'short' }))).toBeUndefined();
    expect(codec.decode(raw({ ...pending, state: 'a\u0000b' }))).toBeUndefined();
    expect(codec.decode(raw({ ...pending, state: 'x'.repeat(800) }))).toBeUndefined();
  });
});
