import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session ids and one-time link tokens. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Only this hash is stored, so a copy of the database opens no session and no link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
