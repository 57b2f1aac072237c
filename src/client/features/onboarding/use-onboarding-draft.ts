import { useCallback, useEffect, useState } from 'react';
import type { TSavedOnboarding } from '@shared/schemas/onboarding';
import {
  clearStoredDraft,
  emptyDraft,
  profileKey,
  readStoredDraft,
  writeStoredDraft,
  type DraftPlan,
  type OnboardingDraft,
} from './onboarding-draft';
import { toDraftProfile, type DraftProfile } from './draft-profile';
import type { StepIndex } from './onboarding-steps';

interface DraftState {
  draft: OnboardingDraft;
  /** The user changed something here (or a draft was restored): it is theirs, keep it saved. */
  owned: boolean;
  /** The saved onboarding this draft was prefilled from, so it is applied once. */
  prefilledFrom: TSavedOnboarding | undefined;
}

function initialState(): DraftState {
  const stored = readStoredDraft();
  return { draft: stored ?? emptyDraft(), owned: stored !== null, prefilledFrom: undefined };
}

/**
 * The whole wizard (answers, step, generated plan), saved to localStorage on every change so a
 * visitor who leaves to create an account comes back to exactly where they were.
 */
export function useOnboardingDraft(saved: TSavedOnboarding | undefined) {
  const [state, setState] = useState(initialState);

  // A signed-in user who already completed onboarding, with no draft of their own, starts from
  // what they saved. Adjusted during render (not in an effect) so the first paint is prefilled.
  if (saved && !state.owned && state.prefilledFrom !== saved) {
    setState({
      owned: false,
      prefilledFrom: saved,
      draft: {
        step: 0,
        profile: toDraftProfile(saved.profile),
        plan: saved.recommendations.length > 0 ? { recommendations: saved.recommendations.slice(0, 12) } : null,
      },
    });
  }

  useEffect(() => {
    if (state.owned) writeStoredDraft(state.draft);
  }, [state.owned, state.draft]);

  const updateProfile = useCallback((patch: Partial<DraftProfile>) => {
    setState((s) => {
      const profile = { ...s.draft.profile, ...patch };
      // A plan belongs to the answers it was written for; changed answers need a new plan.
      const plan = s.draft.plan && profileKey(profile) !== profileKey(s.draft.profile) ? null : s.draft.plan;
      return { ...s, owned: true, draft: { ...s.draft, profile, plan } };
    });
  }, []);

  const setStep = useCallback((step: StepIndex) => {
    setState((s) => ({ ...s, owned: true, draft: { ...s.draft, step } }));
  }, []);

  /** Stores a plan, unless the answers changed while it was being generated. */
  const setPlanFor = useCallback((forProfileKey: string, plan: DraftPlan) => {
    setState((s) =>
      profileKey(s.draft.profile) === forProfileKey ? { ...s, owned: true, draft: { ...s.draft, plan } } : s,
    );
  }, []);

  const clear = useCallback(() => {
    clearStoredDraft();
    setState((s) => ({ ...s, owned: false, draft: emptyDraft() }));
  }, []);

  return { draft: state.draft, updateProfile, setStep, setPlanFor, clear };
}
