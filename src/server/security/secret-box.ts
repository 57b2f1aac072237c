import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '#server/config.ts';

/**
 * Encryption of stored secrets: AES-256-GCM with a 16-byte tag
 * (shorter tags are refused), a fresh 12-byte IV per value, and the value's context — which
 * tenant, which field, which endpoint — as associated data, so a ciphertext copied to another
 * row, tenant or endpoint does not open. Stored as `v2:{iv}:{tag}:{ciphertext}` in base64url.
 * `v1` values (sealed before contexts, without associated data) still open; the next save of
 * the field writes v2.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /**
   * The plain text, or throws SecretBoxError when the value was sealed with another key or for
   * another context, or was altered.
   */
  open(sealed: string, context: string): string;
  /** A keyed MAC (HMAC-SHA256 under a key derived for `purpose`), base64url, for signed cookies. */
  mac(purpose: string, data: string): string;
}

export class SecretBoxError extends Error {
  constructor() {
    super('A stored secret could not be decrypted with this server key.');
    this.name = 'SecretBoxError';
  }
}

const KEY_FILE = 'secret.key';
const VERSION = 'v2';
const LEGACY = 'v1';
const TAG_BYTES = 16;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret box needs a 32-byte key.');
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let k = macKeys.get(purpose);
    if (!k) macKeys.set(purpose, (k = Buffer.from(hkdfSync('sha256', key, 'fieldwise-mac', purpose, 32))));
    return k;
  };
  return {
    mac(purpose, data) {
      return createHmac('sha256', macKey(purpose)).update(data).digest('base64url');
    },
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        ct.toString('base64url'),
      ].join(':');
    },
    open(sealed, context) {
      const [version, iv, tag, ct] = sealed.split(':');
      if ((version !== VERSION && version !== LEGACY) || !iv || !tag || ct === undefined) throw new SecretBoxError();
      const tagBytes = Buffer.from(tag, 'base64url');
      if (tagBytes.length !== TAG_BYTES) throw new SecretBoxError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        if (version === VERSION) decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError();
      }
    },
  };
}

/** A 32-byte key from APP_SECRET; HKDF because APP_SECRET is already high-entropy (not a password). */
export function keyFromAppSecret(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'fieldwise', 'secret-box v1', 32));
}

/**
 * The server's box: from APP_SECRET, or in embedded mode a key file under DATA_DIR created (0600)
 * on first start. A PostgreSQL deployment may run several processes, which must share one key,
 * so there it refuses to start without APP_SECRET instead of inventing a key per machine.
 */
export async function openSecretBox(config: {
  appSecret?: string | undefined;
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<SecretBox> {
  if (config.appSecret) return createSecretBox(keyFromAppSecret(config.appSecret));
  if (config.databaseUrl) {
    throw new ConfigError([
      'APP_SECRET: required when DATABASE_URL is set, so every app process encrypts stored secrets with the same key (e.g. the output of: openssl rand -base64 48)',
    ]);
  }
  return createSecretBox(await readOrCreateKeyFile(path.join(config.dataDir, KEY_FILE)));
}

async function readOrCreateKeyFile(file: string): Promise<Buffer> {
  await mkdir(path.dirname(file), { recursive: true });
  // Written aside, then linked into place: link() fails when the file exists, so two processes
  // starting at once end up with one key, and nobody reads a half-written file.
  const draft = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(draft, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  try {
    await link(draft, file);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
  } finally {
    await unlink(draft);
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== 32)
    throw new ConfigError([
      `${file}: the key file is damaged (it should hold 32 random bytes in base64); restore it from a backup`,
    ]);
  return key;
}
