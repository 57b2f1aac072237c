import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { createSecretBox, keyFromAppSecret, openSecretBox, SecretBoxError } from './secret-box.ts';

const APP_SECRET = 'an-app-secret-that-is-long-enough-0123456789';

describe('secret box', () => {
  it('seals to a versioned ciphertext that opens back, with a fresh IV every time', () => {
    const box = createSecretBox(keyFromAppSecret(APP_SECRET));
    const a = box.seal('abcd EFGH ijkl MNOP qrst UVWX');
    const b = box.seal('abcd EFGH ijkl MNOP qrst UVWX');
    expect(a).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('EFGH');
    expect(box.open(a)).toBe('abcd EFGH ijkl MNOP qrst UVWX');
    expect(box.open(box.seal(''))).toBe('');
  });

  it('refuses a value sealed with another key or altered in the database', () => {
    const box = createSecretBox(keyFromAppSecret(APP_SECRET));
    const other = createSecretBox(keyFromAppSecret(`${APP_SECRET}-rotated`));
    const sealed = box.seal('token-1234');
    expect(() => other.open(sealed)).toThrow(SecretBoxError);
    const [v, iv, tag, ct] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join(':'))).toThrow(SecretBoxError);
    expect(() => box.open('token-1234')).toThrow(SecretBoxError);
  });

  it('in embedded mode creates one 0600 key file under DATA_DIR and reuses it on the next start', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'fw-box-')), 'nested');
    const [first, second] = await Promise.all([openSecretBox({ dataDir }), openSecretBox({ dataDir })]);
    const file = path.join(dataDir, 'secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
    const sealed = first.seal('kept across restarts');
    expect(second.open(sealed)).toBe('kept across restarts');
    expect((await openSecretBox({ dataDir })).open(sealed)).toBe('kept across restarts');
  });

  it('with DATABASE_URL and no APP_SECRET refuses to start, saying what to set', async () => {
    const start = openSecretBox({ databaseUrl: 'postgres://db/fw', dataDir: tmpdir() });
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(/APP_SECRET: required when DATABASE_URL is set/);
    const box = await openSecretBox({ databaseUrl: 'postgres://db/fw', appSecret: APP_SECRET, dataDir: tmpdir() });
    expect(createSecretBox(keyFromAppSecret(APP_SECRET)).open(box.seal('same key everywhere'))).toBe('same key everywhere');
  });
});
