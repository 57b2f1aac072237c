import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCreateReviewRequest,
  TRequestSettings,
  TReviewRequest,
  TReviewRequestList,
} from '@shared/schemas/review-requests';
import { apiFetch } from '@/lib/api';
import { reviewKeys } from '@/lib/query-keys';

// Review requests: the list with its funnel, Request a review, and the business's choices.

export function useReviewRequests(days: number) {
  return useQuery({
    queryKey: reviewKeys.requests(days),
    queryFn: ({ signal }) =>
      apiFetch<TReviewRequestList>(`/api/reviews/requests?days=${days}`, {
        signal,
        fallbackMessage: 'Could not load the review requests.',
      }),
  });
}

function useRefreshRequests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...reviewKeys.all, 'requests'] });
}

export function useRequestReview() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: (body: TCreateReviewRequest) =>
      apiFetch<TReviewRequest>('/api/reviews/requests', {
        method: 'POST',
        body,
        fallbackMessage: 'Could not request the review.',
      }),
    onSuccess: () => refresh(),
  });
}

export function useSaveRequestSettings() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: (body: TRequestSettings) =>
      apiFetch<TRequestSettings>('/api/reviews/requests/settings', {
        method: 'PUT',
        body,
        fallbackMessage: 'Could not save the request settings.',
      }),
    onSuccess: () => refresh(),
  });
}
