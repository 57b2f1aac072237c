import { describe, expect, it } from 'vitest';
import { ZOnboardingProfile } from './onboarding.ts';

const profile = { businessName: 'Clearwater Plumbing', businessType: 'plumbing', hasWebsite: true };

describe('ZOnboardingProfile website address', () => {
  it('stops at the length check: a 40 KB address is refused at once with one message', () => {
    const websiteUrl = `a${'.a'.repeat(20_000)} x`;
    const started = performance.now();
    const result = ZOnboardingProfile.safeParse({ ...profile, websiteUrl });
    expect(performance.now() - started).toBeLessThan(50);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please use at most 300 characters']);
  });

  it('checks the format in linear time within the length limit', () => {
    const websiteUrl = `a${'.a'.repeat(148)} x`;
    const result = ZOnboardingProfile.safeParse({ ...profile, websiteUrl });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Please enter a valid website address, e.g. www.yourbusiness.com',
    ]);
  });

  it.each(['clearwaterplumbing.com', 'www.clearwater.co.uk', 'https://clearwater.example/plumbing', 'http://a.io'])(
    'accepts %s',
    (websiteUrl) => expect(ZOnboardingProfile.safeParse({ ...profile, websiteUrl }).success).toBe(true),
  );

  it.each(['clearwater', 'ftp://clearwater.com', 'clear water.com', 'https://', '.com', 'a.b', 'javascript:alert(1)'])(
    'refuses %s',
    (websiteUrl) => expect(ZOnboardingProfile.safeParse({ ...profile, websiteUrl }).success).toBe(false),
  );

  it('ignores the address when the business has no website', () => {
    expect(ZOnboardingProfile.safeParse({ ...profile, hasWebsite: false, websiteUrl: 'nope' }).success).toBe(true);
  });
});
