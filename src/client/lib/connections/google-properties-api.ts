import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGoogleProperties, TGooglePropertiesSaved, TSaveGoogleProperties } from '@shared/schemas/keywords';
import { apiFetch } from '@/lib/api';
import { analyticsKeys, connectionKeys, keywordKeys } from '@/lib/query-keys';

// The Google card's pickers (Settings → Connections, and the empty /keywords and /analytics pages).
/** GET /api/google/properties: the Search Console sites and GA4 properties Google lists, and the ones in use. */
export function useGoogleProperties(enabled = true) {
  return useQuery({
    queryKey: keywordKeys.googleProperties(),
    queryFn: ({ signal }) =>
      apiFetch<TGoogleProperties>('/api/google/properties', {
        signal,
        fallbackMessage: 'Could not load your Search Console sites and GA4 properties.',
      }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** PUT /api/google/properties: a new site resyncs Search Console; everything that read the old data refetches. */
export function useSaveGoogleProperties() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: TSaveGoogleProperties) =>
      apiFetch<TGooglePropertiesSaved>('/api/google/properties', {
        method: 'PUT',
        body: choice,
        fallbackMessage: 'Your choice could not be saved. Please try again.',
      }),
    onSuccess: (saved) => {
      client.setQueryData(keywordKeys.googleProperties(), { searchConsole: saved.searchConsole, ga4: saved.ga4 });
      void client.invalidateQueries({ queryKey: keywordKeys.all });
      void client.invalidateQueries({ queryKey: analyticsKeys.all });
    },
    onError: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}
