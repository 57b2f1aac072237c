import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingPlan, TOnboardingProfile, TRecommendation, TSavedOnboarding, TSendPlanRequest } from '@shared/schemas/onboarding';
import { onboardingMessages } from '@shared/onboarding';
import { apiFetch } from '@/lib/api';
import { onboardingKeys } from '@/lib/query-keys';

/** The onboarding the signed-in user completed before, or null. */
export function useSavedOnboarding(enabled: boolean) {
  return useQuery({
    queryKey: onboardingKeys.saved(),
    queryFn: () => apiFetch<TSavedOnboarding>('/api/user/onboarding', { fallbackMessage: 'Could not load your saved setup' }),
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

export function useSendPlan() {
  return useMutation({
    mutationFn: (request: TSendPlanRequest) =>
      apiFetch<{ message: string }>('/api/user/send-onboarding-plan', {
        method: 'POST',
        body: request,
        fallbackMessage: onboardingMessages.emailFailed,
      }),
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
