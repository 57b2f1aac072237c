import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBusiness, TBusinessList, TCreateBusinessRequest } from '@shared/schemas/businesses';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { apiFetch } from '@/lib/api';
import { businessKeys } from '@/lib/query-keys';

export function useBusinesses(enabled = true) {
  return useQuery({
    queryKey: businessKeys.all,
    queryFn: () => apiFetch<TBusinessList>('/api/businesses', { fallbackMessage: 'Could not load your businesses.' }),
    enabled,
  });
}

/**
 * Switching (or creating, which switches) changes what every query means: the app goes to
 * `landOn`, then all cached data is reset so every screen loads again for the business now in
 * use. Done here rather than in `mutate`'s callbacks, which are skipped when the reset unmounts
 * the page that called them.
 */
function useBusinessChange<V>(fn: (vars: V) => Promise<TBusiness>, landOn: string, title: string) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (business) => {
      navigate(landOn);
      toast({ title, description: `You are now working in ${business.name}.` });
      await queryClient.resetQueries();
    },
  });
}

export function useSwitchBusiness() {
  return useBusinessChange(
    (id: string) =>
      apiFetch<TBusiness>(`/api/businesses/${encodeURIComponent(id)}/switch`, {
        method: 'POST',
        fallbackMessage: 'Could not switch business. Please try again.',
      }),
    '/dashboard',
    'Business switched',
  );
}

/** A new business starts at its settings, where its profile is filled in. */
export function useCreateBusiness() {
  return useBusinessChange(
    (body: TCreateBusinessRequest) =>
      apiFetch<TBusiness>('/api/businesses', {
        method: 'POST',
        body,
        fallbackMessage: 'The business could not be created. Please try again.',
      }),
    '/settings?tab=business',
    'Business created',
  );
}
