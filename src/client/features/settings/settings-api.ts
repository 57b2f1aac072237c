import { useQuery } from '@tanstack/react-query';
import type { TBranding } from '@shared/schemas/settings';
import { apiFetch } from '@/lib/api';
import { settingsKeys } from '@/lib/query-keys';

/** GET /api/branding: the signed-in tenant's white-label colours and name. */
export function useBranding(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.branding(),
    queryFn: () => apiFetch<TBranding>('/api/branding'),
    enabled,
    staleTime: 5 * 60_000,
  });
}
