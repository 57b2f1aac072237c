import { describe, expect, it } from 'vitest';
import { ConnectionProblem } from '#server/integrations/provider-http.ts';
import { SmokeReport, SmokeSkip, errorText } from './smoke-report.ts';

describe('the smoke check’s lines', () => {
  it('masks known secrets and anything shaped like a credential a provider might echo', () => {
    const report = new SmokeReport(() => undefined);
    report.secret('ya29.a0AfH6SMBknownGoogleToken');
    report.secret('abc'); // too short to mask by value: it would blank out ordinary words
    const masked = report.mask(
      'token ya29.a0AfH6SMBknownGoogleToken; Authorization: Bearer EAAGunknown123; key sk_live_51Habc; ' +
        'GET /oauth?access_token=EAAB999&x=1 abc',
    );
    expect(masked).toBe(
      'token [masked]; Authorization: Bearer [masked]; key sk_live_[masked]; GET /oauth?access_token=[masked]&x=1 abc',
    );
  });

  it('prints PASS with the time, FAIL with the provider’s words, SKIP with the reason, and counts them', async () => {
    const lines: string[] = [];
    const report = new SmokeReport((line) => lines.push(line));
    await report.call('x', 'users/me', () => Promise.resolve());
    await report.call('google', 'sites.list', () =>
      Promise.reject(new ConnectionProblem('google', 'missing_permission', '403  PERMISSION_DENIED  API disabled')),
    );
    await report.call('meta', 'instagram user', () => Promise.reject(new SmokeSkip('no Instagram account')));
    report.skip('twilio');
    expect(lines[0]).toMatch(/^PASS x users\/me \(\d+ ms\)$/);
    expect(lines.slice(1)).toEqual([
      'FAIL google sites.list — 403 PERMISSION_DENIED API disabled',
      'SKIP meta instagram user — no Instagram account',
      'SKIP twilio — not connected',
    ]);
    expect(report.summary()).toBe('1 passed, 1 failed, 2 skipped');
    expect([...report.failedProviders]).toEqual(['google']);
    expect(errorText(new Error('Wrong Account SID or Auth Token.'))).toBe('Wrong Account SID or Auth Token.');
  });
});
