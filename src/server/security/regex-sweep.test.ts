import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '#server/modules/auth/password-policy.ts';
import { slugify } from '#server/modules/auth/accounts.service.ts';
import { webAddress } from '#server/modules/settings/settings-rules.ts';

// Security review, finding 1 (the sweep): no pattern in src/shared or src/server may take
// super-linear time on input a caller controls. A trailing-run pattern such as /\/+$/ is
// quadratic on a long run that does not reach the end; these inputs are built to hit that.
// (Felix's offline intent patterns were measured too: under 6 ms on a 4,000-character message.)
// Linear work on these inputs takes milliseconds and quadratic work tens of seconds, so the 2 s
// line holds on a busy machine and still catches a backtracking pattern.
const fast = (run: () => unknown) => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

describe('hostile input against every string helper on a request path', () => {
  it('web addresses: 100,000 slashes before the last character', () => {
    expect(fast(() => expect(webAddress(`https://a.example${'/'.repeat(100_000)}x`)).not.toBeNull())).toBeLessThan(
      2000,
    );
    expect(webAddress('https://a.example/shop///')).toBe('https://a.example/shop');
  });

  it('common-password check: a long run of digits and symbols that does not end the password', () => {
    expect(fast(() => isCommonPassword(`${'1'.repeat(100_000)}a`))).toBeLessThan(2000);
    expect(isCommonPassword('Password123!')).toBe(true);
  });

  it('slugs: long runs of dashes and spaces', () => {
    expect(fast(() => slugify(`${'- '.repeat(50_000)}a${' -'.repeat(50_000)}`))).toBeLessThan(2000);
    expect(slugify('--Brooks & Sons--')).toBe('brooks-and-sons');
  });
});
