import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordProblem } from '#shared/auth-rules.ts';
import { trimTrailing } from '#shared/strings.ts';

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most commonly used and easy to guess. Please choose a less common one.';

let common: Set<string> | undefined;

/** ~49k most common passwords (zxcvbn's list), lower-cased. Loaded on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

const TRAILING = '0123456789@$!%*?&._-';

/**
 * True for a common password, also when it is a common word dressed up to pass the character
 * rules: "Password1!", "P@ssw0rd", "Summer2024!" are all refused.
 */
export function isCommonPassword(password: string): boolean {
  const set = commonPasswords();
  const lower = password.toLowerCase();
  if (set.has(lower)) return true;
  const stripped = trimTrailing(lower, TRAILING); // a trailing run of digits and symbols
  if (stripped.length >= 4 && set.has(stripped)) return true;
  const unleet = lower.replace(/[@4310!$57]/g, (c) => LEET[c] ?? c);
  if (set.has(unleet)) return true;
  const unleetStripped = stripped.replace(/[@4310!$57]/g, (c) => LEET[c] ?? c);
  return unleetStripped.length >= 4 && set.has(unleetStripped);
}

/** The spec's rules (same messages as the client), then the common-password check. */
export function newPasswordProblem(password: string): string | null {
  return passwordProblem(password) ?? (isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null);
}
