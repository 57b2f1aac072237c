import { onboardingMessages } from '#shared/onboarding.ts';
import {
  ZOnboardingPlan,
  ZOnboardingProfile,
  ZRecommendation,
  type TOnboardingPlan,
  type TOnboardingProfile,
  type TRecommendation,
  type TSavedOnboarding,
} from '#shared/schemas/onboarding.ts';
import type { Ai } from '#server/ai/ai.ts';
import { offlineOnboardingPlan } from './onboarding-plan.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { onboardingPlanMail } from '#server/mail/templates.ts';
import type { AuthContext } from '#server/auth-context.ts';
import type { RouteRateLimit } from '#server/security/rate-limit.ts';
import type { AppServices } from '#server/services.ts';
import { activeMembers } from '#server/modules/auth/accounts.service.ts';
import * as repo from './onboarding.repo.ts';

export interface OnboardingDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  ai: Ai;
}

export function onboardingDeps({ database, config, mailer, ai }: AppServices): OnboardingDeps {
  return { db: database.db, config, mailer, ai };
}

const HOUR = 3_600_000;
/** Declared on the routes (counted before validation). */
export const LIMITS = {
  plan: { name: 'onboarding-plan', perIp: { limit: 30, windowMs: HOUR } },
  mail: { name: 'onboarding-mail', perUser: { limit: 5, windowMs: HOUR } },
} as const satisfies Record<string, RouteRateLimit>;

const ZPlanReply = ZOnboardingPlan.pick({ recommendations: true });

/**
 * The plan for step 5. Public, so it is rate-limited per address. A signed-in owner's plan is
 * written by the configured model (usage counts against their business); a visitor's, or any
 * plan the model fails to write, comes from the offline planner, and `source` says which.
 */
export async function generatePlan(
  deps: OnboardingDeps,
  profile: TOnboardingProfile,
  auth: AuthContext | null,
): Promise<TOnboardingPlan> {
  const offline = () => ({ recommendations: offlineOnboardingPlan(profile) });
  if (!auth) return { ...offline(), source: 'offline' };
  const result = await deps.ai.object(
    { tenantId: auth.tenantId, userId: auth.userId },
    {
      schema: ZPlanReply,
      system:
        'You are a marketing advisor for small field-service businesses. Recommend 4 to 6 concrete, practical marketing steps for this business, ordered by priority. Do not invent statistics about the business.',
      prompt: `The business profile (JSON):\n${JSON.stringify(profile)}`,
      offline,
    },
  );
  return { recommendations: result.value.recommendations, source: result.source };
}

export async function completeOnboarding(
  deps: OnboardingDeps,
  auth: AuthContext,
  profile: TOnboardingProfile,
  recommendations: TRecommendation[],
): Promise<void> {
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
  return {
    profile: profile.data,
    recommendations: recs.success ? recs.data : [],
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * Emails the user's saved plan to their own, verified address. Nothing in the request is used:
 * the address comes from the session and the text from the saved plan, so the endpoint can't
 * relay a message of the caller's choosing to an address of their choosing.
 */
export async function sendPlan(deps: OnboardingDeps, auth: AuthContext): Promise<string> {
  if (!auth.emailVerified) throw new AppError('bad_request', onboardingMessages.emailNeedsVerifiedAddress);
  const saved = await savedOnboarding(deps, auth);
  if (!saved || saved.recommendations.length === 0)
    throw new AppError('bad_request', onboardingMessages.emailNeedsSavedPlan);
  const { delivered } = await deps.mailer.send({
    to: auth.email,
    type: 'onboarding_plan',
    userId: auth.userId,
    tenantId: auth.tenantId,
    ...onboardingPlanMail(saved.profile.businessName, saved.recommendations, `${deps.config.appUrl}/dashboard`),
  });
  if (!delivered && deps.mailer.mode === 'smtp') throw new AppError('unavailable', onboardingMessages.emailFailed);
  return deps.mailer.mode === 'smtp'
    ? `Your plan was sent to ${auth.email}.`
    : `Your plan is in the local outbox for ${auth.email} (email sending is not set up on this server).`;
}

/**
 * The business's onboarding profile as its replies and drafts use it: its tone ("content tone"),
 * service area and description. Each answer is the admins' first, then the most recently saved
 * one of any active member; undefined when nobody gave one.
 */
export async function businessProfileOfMembers(
  db: Db,
  tenantId: string,
): Promise<{ tone?: string | undefined; serviceArea?: string | undefined; description?: string | undefined }> {
  const members = await activeMembers(db, tenantId);
  const admin = new Set(members.filter((m) => m.role === 'admin').map((m) => m.userId));
  const rows = (
    await repo.findOnboardings(
      db,
      members.map((m) => m.userId),
    )
  ).sort(
    (a, b) =>
      Number(admin.has(b.userId)) - Number(admin.has(a.userId)) || b.updatedAt.getTime() - a.updatedAt.getTime(),
  );
  const first = (pick: (row: repo.OnboardingRow) => string | null) =>
    rows.map(pick).find((v) => v?.trim()) ?? undefined;
  return {
    tone: first((r) => r.contentTone),
    serviceArea: first((r) => r.serviceArea),
    description: first((r) => r.businessDescription),
  };
}
