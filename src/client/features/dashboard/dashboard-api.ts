import { useQuery } from '@tanstack/react-query';
import type { TDashboard } from '@shared/schemas/dashboard';
import { apiFetch } from '@/lib/api';
import { dashboardKeys } from '@/lib/query-keys';

/** GET /api/dashboard: the tenant's own figures. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.overview(),
    queryFn: ({ signal }) => apiFetch<TDashboard>('/api/dashboard', { signal }),
    staleTime: 30_000,
  });
}
