/**
 * String helpers for input a caller controls. Each runs in time linear in the input; a pattern
 * such as /\/+$/ would be quadratic on a long run of slashes that does not reach the end.
 */

/** `value` without the run of `chars` at its end. */
export function trimTrailing(value: string, chars: string): string {
  let end = value.length;
  while (end > 0 && chars.includes(value.charAt(end - 1))) end--;
  return value.slice(0, end);
}

/** `value` without the runs of `chars` at both ends. */
export function trimBoth(value: string, chars: string): string {
  let start = 0;
  while (start < value.length && chars.includes(value.charAt(start))) start++;
  return trimTrailing(value.slice(start), chars);
}
