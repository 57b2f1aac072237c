import { onboardingMessages } from '../../../shared/onboarding.ts';
import {
  ZOnboardingProfile,
  ZRecommendation,
  type TOnboardingPlan,
  type TOnboardingProfile,
  type TRecommendation,
  type TSavedOnboarding,
} from '../../../shared/schemas/onboarding.ts';
import { offlineOnboardingPlan } from '../../ai/offline/onboarding-plan.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { onboardingPlanMail } from '../../mail/templates.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { enforce, type RateRule } from '../../plugins/rate-limit.ts';
import * as repo from './onboarding.repo.ts';

export interface OnboardingDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
}

const HOUR = 3_600_000;
const LIMITS = {
  planPerIp: { limit: 30, windowMs: HOUR },
  mailPerUser: { limit: 5, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;

/**
 * The plan for step 5. Public, so it is rate-limited per address. It comes from the offline
 * engine until the AI provider layer exists (issue 5), and says so in `source`.
 */
export async function generatePlan(deps: OnboardingDeps, profile: TOnboardingProfile, ip: string): Promise<TOnboardingPlan> {
  await enforce(deps.db, `onboarding-plan:ip:${ip}`, LIMITS.planPerIp);
  return { recommendations: offlineOnboardingPlan(profile), source: 'offline' };
}

export async function completeOnboarding(deps: OnboardingDeps, auth: AuthContext, profile: TOnboardingProfile, recommendations: TRecommendation[]): Promise<void> {
  await repo.upsertOnboarding(deps.db, auth.userId, profile, recommendations);
}

export async function savedOnboarding(deps: OnboardingDeps, auth: AuthContext): Promise<TSavedOnboarding> {
  const row = await repo.findOnboarding(deps.db, auth.userId);
  if (!row) return null;
  // Stored rows are read back through the same schemas, so an old or odd row cannot break the page.
  const profile = ZOnboardingProfile.safeParse({
    businessName: row.businessName ?? '',
    businessType: row.businessType ?? 'other',
    serviceArea: row.serviceArea ?? '',
    teamSize: row.teamSize ?? '',
    yearsInBusiness: row.yearsInBusiness ?? '',
    primaryGoals: row.primaryGoals,
    currentChallenges: row.currentChallenges,
    monthlyBudget: row.monthlyBudget ?? '',
    currentMarketing: row.currentMarketing,
    socialPlatforms: row.socialPlatforms,
    hasWebsite: row.hasWebsite ?? false,
    websiteUrl: row.websiteUrl ?? '',
    contentTone: row.contentTone ?? '',
    automationLevel: row.automationLevel ?? '',
    reportingFrequency: row.reportingFrequency ?? '',
  });
  if (!profile.success) return null;
  const recs = ZRecommendation.array().safeParse(row.aiRecommendations);
  return { profile: profile.data, recommendations: recs.success ? recs.data : [], completedAt: row.completedAt?.toISOString() ?? null };
}

export async function sendPlan(
  deps: OnboardingDeps,
  auth: AuthContext,
  input: { email: string; businessName: string; recommendations: TRecommendation[] },
): Promise<string> {
  await enforce(deps.db, `onboarding-mail:user:${auth.userId}`, LIMITS.mailPerUser);
  const { delivered } = await deps.mailer.send({
    to: input.email,
    type: 'onboarding_plan',
    userId: auth.userId,
    tenantId: auth.tenantId,
    ...onboardingPlanMail(input.businessName, input.recommendations, `${deps.config.appUrl}/dashboard`),
  });
  if (!delivered && deps.mailer.mode === 'smtp') throw new AppError('unavailable', onboardingMessages.emailFailed);
  return deps.mailer.mode === 'smtp'
    ? `Your plan was sent to ${input.email}.`
    : `Your plan is in the local outbox for ${input.email} (email sending is not set up on this server).`;
}
