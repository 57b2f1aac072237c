import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanKey } from '@shared/plans';
import type { TBilling, TCheckoutRequest, TInvoices, TRedirect } from '@shared/schemas/billing';
import { apiFetch } from '@/lib/api';
import { billingKeys, teamKeys } from '@/lib/query-keys';

export function useBilling(enabled = true) {
  return useQuery({
    queryKey: billingKeys.overview(),
    queryFn: () => apiFetch<TBilling>('/api/billing', { fallbackMessage: 'Could not load your plan.' }),
    enabled,
    staleTime: 60_000,
  });
}

export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.invoices(),
    queryFn: () => apiFetch<TInvoices>('/api/billing/invoices', { fallbackMessage: 'Could not load the invoices.' }),
    enabled,
  });
}

/** Checkout and the portal answer a Stripe address; the browser goes there. */
function useRedirect<V>(path: string, fallbackMessage: string) {
  return useMutation({
    mutationFn: (body: V) => apiFetch<TRedirect>(path, { method: 'POST', body, fallbackMessage }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export const useCheckout = () =>
  useRedirect<TCheckoutRequest>('/api/billing/checkout', 'Checkout could not start. Please try again.');
export const usePortal = () =>
  useRedirect<undefined>('/api/billing/portal', 'The billing portal could not open. Please try again.');

export function useSetLocalPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanKey) =>
      apiFetch<TBilling>('/api/billing/plan', {
        method: 'PUT',
        body: { plan },
        fallbackMessage: 'The plan could not be changed.',
      }),
    onSuccess: (billing) => {
      queryClient.setQueryData(billingKeys.overview(), billing);
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
