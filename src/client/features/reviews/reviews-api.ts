import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TFlagResult,
  TGeneratedResponse,
  TGenerateResponseRequest,
  TPlaceSearch,
  TReplyFilter,
  TReplyTemplate,
  TReplyTemplateList,
  TReplyTemplateRequest,
  TReview,
  TReviewList,
  TReviewOverview,
  TSyncResult,
} from '@shared/schemas/reviews';
import { apiFetch } from '@/lib/api';
import { dashboardKeys, reviewKeys, taskKeys } from '@/lib/query-keys';

// The reviews calls. Every review query sits under reviewKeys.all.

/** The spec's texts for failures and successes. */
export const reviewTexts = {
  searchError: 'Search Error',
  searchPanel: 'Unable to search businesses. Check your Google Places API configuration.',
  noResults: 'No Results',
  noResultsText: 'No businesses found. Try adjusting your search terms.',
  detailsError: 'Failed to get business details',
  fetchError: 'Failed to fetch reviews',
  generateError: 'Failed to generate response',
  generated: 'Response Generated',
  generatedText: 'AI-native response ready for review',
  noReviews: 'No reviews available for this business.',
  notConfigured:
    "Google Places is not set up: the GOOGLE_PLACES_API_KEY setting must be set in the environment, or add your business's own Places API key in Settings → Business. Sample businesses and reviews are shown meanwhile.",
} as const;

export interface ReviewFilters {
  rating?: number;
  replied: TReplyFilter;
  since?: string;
}

export function useReviewOverview() {
  return useQuery({
    queryKey: reviewKeys.business(),
    queryFn: ({ signal }) => apiFetch<TReviewOverview>('/api/reviews/business', { signal }),
  });
}

/** Runs only for a submitted, non-blank query. */
export function usePlaceSearch(q: string) {
  return useQuery({
    queryKey: reviewKeys.places(q),
    queryFn: ({ signal }) =>
      apiFetch<TPlaceSearch>(`/api/places/search?q=${encodeURIComponent(q)}`, {
        signal,
        fallbackMessage: reviewTexts.searchPanel,
      }),
    enabled: q.length > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** Newest first, a page at a time (Load more asks for the next). */
export function useReviews(filters: ReviewFilters) {
  return useInfiniteQuery({
    queryKey: reviewKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ replied: filters.replied });
      if (filters.rating) params.set('rating', String(filters.rating));
      if (filters.since) params.set('since', filters.since);
      if (pageParam) params.set('offset', String(pageParam));
      return apiFetch<TReviewList>(`/api/reviews?${params}`, { signal, fallbackMessage: reviewTexts.fetchError });
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
    placeholderData: keepPreviousData,
  });
}

function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reviewKeys.all });
}

export function useChooseBusiness() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (placeId: string) =>
      apiFetch<TReviewOverview>('/api/reviews/business', {
        method: 'PUT',
        body: { placeId },
        fallbackMessage: reviewTexts.detailsError,
      }),
    onSuccess: () => refresh(),
  });
}

export function useChangeBusiness() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: () => apiFetch<TReviewOverview>('/api/reviews/business', { method: 'DELETE' }),
    onSuccess: () => refresh(),
  });
}

export function useGenerateResponse() {
  return useMutation({
    mutationFn: (body: TGenerateResponseRequest) =>
      apiFetch<TGeneratedResponse>('/api/reviews/generate-response', {
        method: 'POST',
        body,
        fallbackMessage: reviewTexts.generateError,
      }),
  });
}

export function usePostReply() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      apiFetch<TReview>(`/api/reviews/${id}/reply`, {
        method: 'POST',
        body: { text },
        fallbackMessage: 'Could not post the reply.',
      }),
    onSettled: () => refresh(),
  });
}

export function useFlagReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<TFlagResult>(`/api/reviews/${id}/flag`, {
        method: 'POST',
        fallbackMessage: 'Could not flag the review.',
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}

export function useReplyTemplates() {
  return useQuery({
    queryKey: reviewKeys.templates(),
    queryFn: ({ signal }) => apiFetch<TReplyTemplateList>('/api/reviews/templates', { signal }),
  });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReplyTemplateRequest) =>
      apiFetch<TReplyTemplate>('/api/reviews/templates', {
        method: 'POST',
        body,
        fallbackMessage: 'Could not save the template.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.templates() }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/reviews/templates/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.templates() }),
  });
}

/** Sync now: every review of the connected Business Profile, without waiting for the 15-minute run. */
export function useSyncReviews() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: () =>
      apiFetch<TSyncResult>('/api/reviews/sync', { method: 'POST', fallbackMessage: 'Could not sync the reviews.' }),
    onSuccess: () => refresh(),
  });
}
