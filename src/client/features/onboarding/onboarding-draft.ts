import { z } from 'zod';
// eslint-disable-next-line no-restricted-imports -- onboarding validates its draft as it goes (its own page, not a signed-in one)
import { ZOnboardingProfile, ZRecommendation, type TOnboardingProfile } from '@shared/schemas/onboarding';
import { emptyProfile, toDraftProfile, type DraftProfile } from './draft-profile';
import { LAST_STEP, canAdvance, type StepIndex } from './onboarding-steps';

export const DRAFT_STORAGE_KEY = 'fieldwise.onboardingDraft';
const DRAFT_VERSION = 1;

const ZDraftPlan = z.object({
  recommendations: z.array(ZRecommendation).min(1).max(12),
  /** Absent for a plan prefilled from a completed onboarding (the server does not store it). */
  source: z.enum(['ai', 'offline']).optional(),
});
export type DraftPlan = z.output<typeof ZDraftPlan>;

export interface OnboardingDraft {
  step: StepIndex;
  profile: DraftProfile;
  plan: DraftPlan | null;
}

const ZStoredDraft = z.object({
  version: z.literal(DRAFT_VERSION),
  step: z.number().int().min(0).max(LAST_STEP),
  profile: z.unknown(),
  plan: ZDraftPlan.nullable().catch(null),
});

export function emptyDraft(): OnboardingDraft {
  return { step: 0, profile: emptyProfile(), plan: null };
}

/** A restored step never lies past the first step whose answers are missing. */
function reachableStep(step: number, profile: DraftProfile): StepIndex {
  let reachable = 0;
  while (reachable < step && reachable < LAST_STEP && canAdvance(reachable as StepIndex, profile)) reachable += 1;
  return reachable as StepIndex;
}

export function readStoredDraft(storage: Storage | undefined = safeStorage()): OnboardingDraft | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(DRAFT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = ZStoredDraft.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const profile = toDraftProfile(parsed.data.profile);
    return { step: reachableStep(parsed.data.step, profile), profile, plan: parsed.data.plan };
  } catch {
    return null;
  }
}

export function writeStoredDraft(draft: OnboardingDraft, storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ version: DRAFT_VERSION, savedAt: new Date().toISOString(), ...draft }),
    );
  } catch {
    // Private mode or a full quota: the wizard keeps working, only without a saved draft.
  }
}

export function clearStoredDraft(storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The answers as they are sent; the website address only goes along when the business has one. */
function toRequestShape(profile: DraftProfile): DraftProfile {
  return { ...profile, websiteUrl: profile.hasWebsite ? profile.websiteUrl : '' };
}

type ProfileCheck = { ok: true; profile: TOnboardingProfile } | { ok: false; field: string; message: string };

/** Validates the draft with the shared API schema, so the client never sends what the server refuses. */
export function checkProfile(profile: DraftProfile): ProfileCheck {
  const parsed = ZOnboardingProfile.safeParse(toRequestShape(profile));
  if (parsed.success) return { ok: true, profile: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Please check your answers' };
}

/** The inline message for the website address, or undefined when it is fine or not needed. */
export function websiteUrlError(profile: DraftProfile): string | undefined {
  if (!profile.hasWebsite || !profile.websiteUrl.trim()) return undefined;
  const parsed = ZOnboardingProfile.safeParse(
    toRequestShape({
      ...profile,
      businessName: profile.businessName || 'x',
      businessType: profile.businessType || 'other',
    }),
  );
  if (parsed.success) return undefined;
  return parsed.error.issues.find((issue) => issue.path[0] === 'websiteUrl')?.message;
}

/** A stable fingerprint of the answers a plan was generated for. */
export function profileKey(profile: DraftProfile): string {
  return JSON.stringify(toRequestShape(profile));
}
