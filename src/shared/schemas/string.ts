import { z } from 'zod';

/**
 * The one string schema every shared schema builds on. PostgreSQL cannot store U+0000, and an
 * unpaired UTF-16 surrogate is not text at all (it would be stored as U+FFFD or refused), so
 * both are refused here as a 400 before any other check runs. The check is linear.
 */
export const TEXT_NOT_ALLOWED =
  'This text contains a character that cannot be saved (a NUL or a broken emoji). Please remove it and try again.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text PostgreSQL can store as typed: no NUL, no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** `z.string()` that refuses NUL and unpaired surrogates (and stops there, before length checks). */
export function zString(params?: Parameters<typeof z.string>[0]): z.ZodString {
  return z.string(params).refine(isStorableText, { message: TEXT_NOT_ALLOWED, abort: true });
}
