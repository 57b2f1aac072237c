// Opt-in: the connection test against a real WordPress, e.g. the one `../shared/tools/wordpress-local start 4190`
// starts. Run with WORDPRESS_LOCAL_URL, WORDPRESS_LOCAL_USER and WORDPRESS_LOCAL_APP_PASSWORD set; skipped otherwise.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOutbound } from '#server/security/ssrf-guard.ts';
import { testWordpressConnection, WORDPRESS_MESSAGES } from './wordpress-client.ts';

const siteUrl = process.env.WORDPRESS_LOCAL_URL ?? '';
const username = process.env.WORDPRESS_LOCAL_USER ?? '';
const appPassword = process.env.WORDPRESS_LOCAL_APP_PASSWORD ?? '';

describe.skipIf(!siteUrl || !username || !appPassword)('WordPress connection test against a real WordPress', () => {
  // The local WordPress runs on this machine: open the guard for its host only.
  const outbound = () => createOutbound({ allow: [new URL(siteUrl).hostname] });

  // The first request after `wordpress-local start` takes ~20 s (PHP's single-threaded built-in
  // server waits on WordPress calling its own cron); warm it up outside the 10-second guard deadline.
  beforeAll(async () => {
    await createOutbound({ allow: [new URL(siteUrl).hostname], timeoutMs: 60_000 }).fetch(`${siteUrl}/wp-json/`);
  }, 65_000);

  it('connects with the application password', async () => {
    const result = await testWordpressConnection(outbound(), { siteUrl, username, appPassword });
    expect(result).toEqual({ ok: true, message: expect.stringMatching(/^Connected as /) });
  });

  it('says the password is wrong when it is', async () => {
    const result = await testWordpressConnection(outbound(), {
      siteUrl,
      username,
      appPassword: 'aaaa bbbb cccc dddd eeee ffff',
    });
    expect(result.ok).toBe(false);
    expect(result.message.startsWith(WORDPRESS_MESSAGES.wrongCredentials)).toBe(true);
  });

  it('is refused by the default guard, as any loopback address would be', async () => {
    const result = await testWordpressConnection(createOutbound(), { siteUrl, username, appPassword });
    expect(result.message).toMatch(/^This address is not allowed: /);
  });
});
