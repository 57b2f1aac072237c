import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KEYWORDS_REFETCH_MS } from '@shared/keywords';
import type { TKeywordInsights, TKeywordList, TKeywordSummary, TKeywordSyncResult } from '@shared/schemas/keywords';
import type { TPlaceSearch } from '@shared/schemas/reviews';
import { apiFetch } from '@/lib/api';
import { connectionKeys, keywordKeys } from '@/lib/query-keys';

// The keyword calls: rows (server-side page, sort, search), summary, insights, sync now.

export const KEYWORDS_PAGE_SIZE = 25;

export interface KeywordTableQuery {
  page: number;
  sort: string;
  dir: string;
  q: string;
}

export function useKeywordRows(query: KeywordTableQuery) {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(KEYWORDS_PAGE_SIZE),
    sort: query.sort,
    dir: query.dir,
  });
  if (query.q) params.set('q', query.q);
  return useQuery({
    queryKey: keywordKeys.list(query),
    queryFn: ({ signal }) => apiFetch<TKeywordList>(`/api/analytics/keywords?${params.toString()}`, { signal }),
    refetchInterval: KEYWORDS_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useKeywordSummary() {
  return useQuery({
    queryKey: keywordKeys.summary(),
    queryFn: ({ signal }) => apiFetch<TKeywordSummary>('/api/keywords/summary', { signal }),
    refetchInterval: KEYWORDS_REFETCH_MS,
  });
}

export function useKeywordInsights() {
  return useQuery({
    queryKey: keywordKeys.insights(),
    queryFn: ({ signal }) => apiFetch<TKeywordInsights>('/api/keywords/insights', { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useSyncKeywords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<TKeywordSyncResult>('/api/keywords/sync', {
        method: 'POST',
        fallbackMessage: 'Could not sync Search Console.',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keywordKeys.all }),
    // A failed sync may have recorded a connection problem: the banner reads it from the list.
    onError: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}

/** The business search panel: the name with the location appended, as one Places query. */
export function useBusinessLookup(q: string) {
  return useQuery({
    queryKey: [...keywordKeys.all, 'business', q] as const,
    queryFn: ({ signal }) => apiFetch<TPlaceSearch>(`/api/places/search?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
