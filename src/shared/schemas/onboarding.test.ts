import { describe, expect, it } from 'vitest';
import { ZOnboardingProfile } from './onboarding.ts';

const profile = { businessName: 'Clearwater Plumbing', businessType: 'plumbing', hasWebsite: true };

describe('ZOnboardingProfile website address', () => {
  // The address is also malformed, so a second message would mean the format check ran on it.
  it('stops at the length check: a 40 KB address is refused with the length message only', () => {
    const websiteUrl = `a${'.a'.repeat(20_000)} x`;
    const result = ZOnboardingProfile.safeParse({ ...profile, websiteUrl });
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
