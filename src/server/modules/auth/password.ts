import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules can't read.
const ARGON2ID = 2;

// OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1 (~6 ms per hash here).
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

// A real argon2 hash to verify against when the email is unknown, so both answers take as long.
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(`no-such-user-${Math.random()}`));
