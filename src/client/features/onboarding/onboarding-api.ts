import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TOnboardingPlan,
  TOnboardingProfile,
  TRecommendation,
  TSavedOnboarding,
} from '@shared/schemas/onboarding';
import { onboardingMessages } from '@shared/onboarding';
import { apiFetch } from '@/lib/api';
import { onboardingKeys } from '@/lib/query-keys';

/** The onboarding the signed-in user completed before, or null. */
export function useSavedOnboarding(enabled: boolean) {
  return useQuery({
    queryKey: onboardingKeys.saved(),
    queryFn: () =>
      apiFetch<TSavedOnboarding>('/api/user/onboarding', { fallbackMessage: 'Could not load your saved setup' }),
    enabled,
    staleTime: 60_000,
  });
}

/** POST /api/ai/generate-onboarding-plan: public, answers with the plan and who wrote it. */
export function useGeneratePlan() {
  return useMutation({
    mutationFn: (profile: TOnboardingProfile) =>
      apiFetch<TOnboardingPlan>('/api/ai/generate-onboarding-plan', {
        method: 'POST',
        body: profile,
        fallbackMessage: onboardingMessages.generationFailed,
      }),
  });
}

/**
 * Email Plan: saves the plan (the mail is built from the saved plan on the server), then emails
 * it to the account's own address. The saved-onboarding query is left alone, so the wizard stays
 * on this step; Complete Setup refreshes it.
 */
export function useEmailPlan() {
  return useMutation({
    mutationFn: async (request: { profile: TOnboardingProfile; recommendations: TRecommendation[] }) => {
      await apiFetch<{ message: string }>('/api/user/onboarding', {
        method: 'POST',
        body: request,
        fallbackMessage: onboardingMessages.emailFailed,
      });
      return apiFetch<{ message: string }>('/api/user/send-onboarding-plan', {
        method: 'POST',
        body: {},
        fallbackMessage: onboardingMessages.emailFailed,
      });
    },
  });
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { profile: TOnboardingProfile; recommendations: TRecommendation[] }) =>
      apiFetch<{ message: string }>('/api/user/onboarding', {
        method: 'POST',
        body: request,
        fallbackMessage: 'Failed to complete setup. Please try again.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}
