import { describe, expect, it } from 'vitest';
import { ZOnboardingProfile, ZRecommendation, type TOnboardingProfileInput } from '#shared/schemas/onboarding.ts';
import { offlineOnboardingPlan } from './onboarding-plan.ts';

const profile = (over: Partial<TOnboardingProfileInput> = {}) =>
  ZOnboardingProfile.parse({ businessName: 'Northside Heating', businessType: 'hvac', ...over });

describe('offline onboarding plan', () => {
  it('answers at most six valid recommendations, most important first, the same every time', () => {
    const p = profile({ primaryGoals: ['more-leads'], currentChallenges: ['slow-follow-up'], teamSize: '2-5' });
    const plan = offlineOnboardingPlan(p);
    expect(plan.length).toBeGreaterThanOrEqual(4);
    const busy = profile({
      primaryGoals: ['more-leads', 'more-reviews', 'save-time', 'track-results'],
      currentChallenges: ['seasonal-slumps', 'bad-reviews'],
    });
    expect(offlineOnboardingPlan(busy)).toHaveLength(6);
    for (const r of plan) expect(ZRecommendation.safeParse(r).success).toBe(true);
    expect(plan[0]?.title).toBe('Call every new lead back within 5 minutes');
    expect(plan[0]?.priority).toBe('high');
    expect(offlineOnboardingPlan(p)).toEqual(plan);
  });

  it('follows the challenges: seasonal slumps get a campaign for the trade’s quiet season', () => {
    const roofing = offlineOnboardingPlan(profile({ businessType: 'roofing', currentChallenges: ['seasonal-slumps'] }));
    expect(roofing.map((r) => r.title)).toContain('Plan a campaign for winter');
    const hvac = offlineOnboardingPlan(profile({ currentChallenges: ['seasonal-slumps'] }));
    expect(hvac.find((r) => r.category === 'Campaigns')?.description).toMatch(/tune-up/);
  });

  it('uses the website, platforms, tone and budget the owner gave', () => {
    const withSite = offlineOnboardingPlan(
      profile({
        primaryGoals: ['better-website', 'social-presence'],
        hasWebsite: true,
        websiteUrl: 'northsideheat.com',
        socialPlatforms: ['facebook', 'nextdoor'],
        contentTone: 'expert',
      }),
    );
    expect(withSite.find((r) => r.category === 'Website')?.description).toContain('northsideheat.com');
    const social = withSite.find((r) => r.category === 'Social Media');
    expect(social?.title).toBe('Post three job photos a week on Facebook, Nextdoor');
    expect(social?.description).toContain('expert tone');

    const noSite = offlineOnboardingPlan(profile({ primaryGoals: ['better-website'] }));
    expect(noSite.find((r) => r.category === 'Website')?.title).toBe('Launch a simple website with a quote form');

    const titles = (budget: TOnboardingProfileInput['monthlyBudget']) =>
      offlineOnboardingPlan(profile({ monthlyBudget: budget, primaryGoals: ['more-leads'] })).map((r) => r.title);
    expect(titles('0-500')).not.toContain('Run Google Local Services Ads in your area');
    expect(titles('3000-5000')).toContain('Run Google Local Services Ads in your area');
  });

  it('names the trade’s real jobs', () => {
    const plumbing = offlineOnboardingPlan(profile({ businessType: 'plumbing', primaryGoals: ['local-seo'] }));
    expect(plumbing.find((r) => r.category === 'Local SEO')?.description).toMatch(
      /water heater replacement, drain cleaning/,
    );
  });
});
