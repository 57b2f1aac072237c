import { describe, expect, it } from 'vitest';
import { emptyProfile } from './draft-profile';
import { checkProfile, DRAFT_STORAGE_KEY, readStoredDraft, writeStoredDraft } from './onboarding-draft';
import { canAdvance, percentComplete } from './onboarding-steps';

describe('onboarding steps', () => {
  it('fills the bar 20 % per step', () => {
    expect(([0, 1, 2, 3, 4] as const).map(percentComplete)).toEqual([20, 40, 60, 80, 100]);
  });

  it('applies the Next rules of each step', () => {
    const p = emptyProfile();
    expect(canAdvance(0, { ...p, businessName: 'Brooks' })).toBe(false);
    expect(canAdvance(0, { ...p, businessName: ' ', businessType: 'hvac' })).toBe(false);
    expect(canAdvance(0, { ...p, businessName: 'Brooks', businessType: 'hvac' })).toBe(true);
    expect(canAdvance(1, p)).toBe(false);
    expect(canAdvance(1, { ...p, primaryGoals: ['save-time'] })).toBe(true);
    expect(canAdvance(2, p)).toBe(true);
    expect(canAdvance(3, p)).toBe(false);
    expect(canAdvance(3, { ...p, contentTone: 'casual' })).toBe(true);
  });
});

describe('stored draft', () => {
  it('round-trips through localStorage', () => {
    const profile = {
      ...emptyProfile(),
      businessName: 'Brooks',
      businessType: 'hvac' as const,
      primaryGoals: ['more-leads' as const],
    };
    writeStoredDraft({ step: 2, profile, plan: null });
    expect(readStoredDraft()).toEqual({ step: 2, profile, plan: null });
  });

  it('keeps the good answers of a damaged draft and drops the rest', () => {
    window.localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        step: 1,
        profile: {
          businessName: 'Brooks',
          businessType: 'spaceship',
          primaryGoals: ['more-leads', 'more-leads'],
          hasWebsite: 'yes',
        },
        plan: { recommendations: [{ title: 'no other fields' }], source: 'ai' },
      }),
    );
    const draft = readStoredDraft();
    expect(draft?.profile).toMatchObject({
      businessName: 'Brooks',
      businessType: '',
      primaryGoals: ['more-leads'],
      hasWebsite: false,
    });
    expect(draft?.plan).toBeNull();
    // Step 2 needs a business type, so the draft reopens on step 1.
    expect(draft?.step).toBe(0);
  });

  it('ignores unreadable JSON', () => {
    window.localStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(readStoredDraft()).toBeNull();
  });
});

describe('checkProfile', () => {
  it('drops the website address when the business has no website', () => {
    const result = checkProfile({
      ...emptyProfile(),
      businessName: ' Brooks ',
      businessType: 'hvac',
      websiteUrl: 'not a url',
    });
    expect(result).toMatchObject({ ok: true, profile: { businessName: 'Brooks', websiteUrl: '' } });
  });
});
