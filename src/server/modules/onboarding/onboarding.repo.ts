import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { userOnboarding } from '#server/db/schema/index.ts';
import type { TOnboardingProfile, TRecommendation } from '#shared/schemas/onboarding.ts';

export type OnboardingRow = typeof userOnboarding.$inferSelect;

/** One onboarding record per user; completing again replaces it. */
export async function upsertOnboarding(
  db: Db,
  userId: string,
  profile: TOnboardingProfile,
  recommendations: TRecommendation[],
): Promise<void> {
  const values = {
    businessName: profile.businessName,
    businessType: profile.businessType,
    serviceArea: profile.serviceArea,
    teamSize: profile.teamSize || null,
    yearsInBusiness: profile.yearsInBusiness || null,
    monthlyBudget: profile.monthlyBudget || null,
    primaryGoals: profile.primaryGoals,
    currentChallenges: profile.currentChallenges,
    currentMarketing: profile.currentMarketing,
    socialPlatforms: profile.socialPlatforms,
    hasWebsite: profile.hasWebsite,
    websiteUrl: profile.hasWebsite ? profile.websiteUrl : null,
    contentTone: profile.contentTone || null,
    automationLevel: profile.automationLevel || null,
    reportingFrequency: profile.reportingFrequency || null,
    aiRecommendations: recommendations,
    completedAt: new Date(),
  };
  await db
    .insert(userOnboarding)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userOnboarding.userId, set: values });
}

export async function findOnboarding(db: Db, userId: string): Promise<OnboardingRow | undefined> {
  const [row] = await db.select().from(userOnboarding).where(eq(userOnboarding.userId, userId)).limit(1);
  return row;
}

/** The onboarding records of these users (those who have one). */
export async function findOnboardings(db: Db, userIds: string[]): Promise<OnboardingRow[]> {
  if (!userIds.length) return [];
  return db.select().from(userOnboarding).where(inArray(userOnboarding.userId, userIds));
}
