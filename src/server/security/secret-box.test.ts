import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '#server/config.ts';
import { createSecretBox, keyFromAppSecret, openSecretBox, SecretBoxError } from './secret-box.ts';

const APP_SECRET = 'an-app-secret-that-is-long-enough-0123456789';
const CTX = 'tenant:t1|field:test';

/** A value as the first version of the box stored it: AES-256-GCM without associated data. */
function legacySeal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join(
    ':',
  );
}

describe('secret box', () => {
  it('seals to a versioned ciphertext that opens back, with a fresh IV every time', () => {
    const box = createSecretBox(keyFromAppSecret(APP_SECRET));
    const a = box.seal('abcd EFGH ijkl MNOP qrst UVWX', CTX);
    const b = box.seal('abcd EFGH ijkl MNOP qrst UVWX', CTX);
    expect(a).toMatch(/^v2:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('EFGH');
    expect(box.open(a, CTX)).toBe('abcd EFGH ijkl MNOP qrst UVWX');
    expect(box.open(box.seal('', CTX), CTX)).toBe('');
  });

  // Security review, finding 8: ciphertexts were not bound to where they belong (no AAD), and a
  // shortened authentication tag was accepted.
  it('binds each value to its context (tenant and field): it opens nowhere else', () => {
    const box = createSecretBox(keyFromAppSecret(APP_SECRET));
    const sealed = box.seal('wp-app-password', 'tenant:A|field:wordpressAppPassword');
    expect(box.open(sealed, 'tenant:A|field:wordpressAppPassword')).toBe('wp-app-password');
    expect(() => box.open(sealed, 'tenant:B|field:wordpressAppPassword')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'tenant:A|field:twilioAuthToken')).toThrow(SecretBoxError);
  });

  it('still opens values sealed before contexts existed (v1), and refuses a shortened tag in either version', () => {
    const key = keyFromAppSecret(APP_SECRET);
    const box = createSecretBox(key);
    const legacy = legacySeal(key, 'stored in 2025');
    expect(box.open(legacy, CTX)).toBe('stored in 2025');
    for (const sealed of [legacy, box.seal('stored today', CTX)]) {
      const [v, iv, tag, ct] = sealed.split(':') as [string, string, string, string];
      const short = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
      expect(() => box.open([v, iv, short, ct].join(':'), CTX)).toThrow(SecretBoxError);
    }
  });

  it('refuses a value sealed with another key or altered in the database', () => {
    const box = createSecretBox(keyFromAppSecret(APP_SECRET));
    const other = createSecretBox(keyFromAppSecret(`${APP_SECRET}-rotated`));
    const sealed = box.seal('token-1234', CTX);
    expect(() => other.open(sealed, CTX)).toThrow(SecretBoxError);
    const [v, iv, tag, ct] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join(':'), CTX)).toThrow(SecretBoxError);
    expect(() => box.open('token-1234', CTX)).toThrow(SecretBoxError);
  });

  it('in embedded mode creates one 0600 key file under DATA_DIR and reuses it on the next start', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'fw-box-')), 'nested');
    const [first, second] = await Promise.all([openSecretBox({ dataDir }), openSecretBox({ dataDir })]);
    const file = path.join(dataDir, 'secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
    const sealed = first.seal('kept across restarts', CTX);
    expect(second.open(sealed, CTX)).toBe('kept across restarts');
    expect((await openSecretBox({ dataDir })).open(sealed, CTX)).toBe('kept across restarts');
  });

  it('with DATABASE_URL and no APP_SECRET refuses to start, saying what to set', async () => {
    const start = openSecretBox({ databaseUrl: 'postgres://db/fw', dataDir: tmpdir() });
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(/APP_SECRET: required when DATABASE_URL is set/);
    const box = await openSecretBox({ databaseUrl: 'postgres://db/fw', appSecret: APP_SECRET, dataDir: tmpdir() });
    expect(createSecretBox(keyFromAppSecret(APP_SECRET)).open(box.seal('same key everywhere', CTX), CTX)).toBe(
      'same key everywhere',
    );
  });
});
