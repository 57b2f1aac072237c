import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCoachMetrics,
  TCreateGoalRequest,
  TGenerateResult,
  TGoal,
  TGoalList,
  TInsight,
  TInsightList,
  TRevenueBySource,
} from '@shared/schemas/coach';
import { apiFetch } from '@/lib/api';
import { coachKeys } from '@/lib/query-keys';

// The AI Coach calls. Insights refetch every 30 s.

export const INSIGHTS_REFETCH_MS = 30_000;

export function useInsights() {
  return useQuery({
    queryKey: coachKeys.insights(),
    queryFn: ({ signal }) => apiFetch<TInsightList>('/api/ai-coach/insights', { signal }),
    refetchInterval: INSIGHTS_REFETCH_MS,
  });
}

export function useGoals() {
  return useQuery({
    queryKey: coachKeys.goals(),
    queryFn: ({ signal }) => apiFetch<TGoalList>('/api/ai-coach/goals', { signal }),
  });
}

export function useCoachMetrics() {
  return useQuery({
    queryKey: coachKeys.metrics(),
    queryFn: ({ signal }) => apiFetch<TCoachMetrics>('/api/ai-coach/metrics', { signal }),
  });
}

export function useRevenueBySource(days: number) {
  return useQuery({
    queryKey: coachKeys.revenue(days),
    queryFn: ({ signal }) => apiFetch<TRevenueBySource>(`/api/ai-coach/revenue-by-source?days=${days}`, { signal }),
  });
}

export function useGenerateInsights(options: {
  onSuccess?: (r: TGenerateResult) => void;
  onError?: (e: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<TGenerateResult>('/api/ai-coach/generate-recommendations', {
        method: 'POST',
        fallbackMessage: 'Could not get new insights. Please try again.',
      }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: coachKeys.insights() });
      options.onSuccess?.(result);
    },
    ...(options.onError ? { onError: options.onError } : {}),
  });
}

export function useMarkInsight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: 'read' | 'act' }) =>
      apiFetch<TInsight>(`/api/ai-coach/insights/${encodeURIComponent(id)}/${change}`, { method: 'POST' }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TInsightList>(coachKeys.insights(), (old) =>
        old ? { insights: old.insights.map((i) => (i.id === saved.id ? saved : i)) } : old,
      );
    },
  });
}

export function useCreateGoal(options: { onSuccess?: (g: TGoal) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateGoalRequest) =>
      apiFetch<TGoal>('/api/ai-coach/goals', {
        method: 'POST',
        body: input,
        fallbackMessage: 'Could not create the goal.',
      }),
    onSuccess: (goal) => {
      void queryClient.invalidateQueries({ queryKey: coachKeys.all });
      options.onSuccess?.(goal);
    },
  });
}
