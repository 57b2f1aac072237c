import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDashboard } from '@shared/schemas/dashboard';
import type { TDashboardLayout } from '@shared/dashboard-layout';
import type { TNextSteps } from '@shared/schemas/next-steps';
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

/** GET /api/felix/next-steps: the saved onboarding plan as a checklist, ticked from real rows. */
export function useNextSteps() {
  return useQuery({
    queryKey: dashboardKeys.nextSteps(),
    queryFn: ({ signal }) => apiFetch<TNextSteps>('/api/felix/next-steps', { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/dashboard/layout: the cards this user shows and their order (kept per user on the server). */
export function useDashboardLayout() {
  return useQuery({
    queryKey: dashboardKeys.layout(),
    queryFn: ({ signal }) => apiFetch<TDashboardLayout>('/api/dashboard/layout', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** PUT /api/dashboard/layout, shown at once; a failed save puts the stored layout back. */
export function useSaveDashboardLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (layout: TDashboardLayout) =>
      apiFetch<TDashboardLayout>('/api/dashboard/layout', {
        method: 'PUT',
        body: layout,
        fallbackMessage: 'Your dashboard layout could not be saved. Please try again.',
      }),
    onMutate: async (layout) => {
      // A load still on its way would otherwise land after this change and undo it on screen.
      await queryClient.cancelQueries({ queryKey: dashboardKeys.layout() });
      queryClient.setQueryData(dashboardKeys.layout(), layout);
    },
    // No setQueryData on success: an earlier save answering late must not undo a later change.
    onError: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.layout() }),
  });
}
