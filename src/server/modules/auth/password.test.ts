import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('uses argon2id at the OWASP parameters and verifies only the right password', async () => {
    const stored = await hashPassword('Str0ng&Secret');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Str0ng&Secret')).toBe(true);
    expect(await verifyPassword(stored, 'str0ng&secret')).toBe(false);
  });

  it('salts every hash, and a corrupt stored hash never verifies', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
