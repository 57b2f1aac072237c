import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDomainInput, TDomainList, TDomainResult } from '@shared/schemas/domains';
import type { TMessage } from '@shared/schemas/auth';
import { apiFetch } from '@/lib/api';
import { domainKeys } from '@/lib/query-keys';

export function useDomains() {
  return useQuery({
    queryKey: domainKeys.all,
    queryFn: () => apiFetch<TDomainList>('/api/domains', { fallbackMessage: 'Could not load your domains.' }),
  });
}

function useDomainMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKeys.all }) });
}

export function useAddDomain() {
  return useDomainMutation((body: TDomainInput) =>
    apiFetch<TDomainResult>('/api/domains', {
      method: 'POST',
      body,
      fallbackMessage: 'The domain could not be added. Please try again.',
    }),
  );
}

export function useVerifyDomain() {
  return useDomainMutation((id: string) =>
    apiFetch<TDomainResult>(`/api/domains/${id}/verify`, {
      method: 'POST',
      fallbackMessage: 'The domain could not be checked. Please try again.',
    }),
  );
}

export function useRemoveDomain() {
  return useDomainMutation((id: string) =>
    apiFetch<TMessage>(`/api/domains/${id}`, { method: 'DELETE', fallbackMessage: 'The domain could not be removed.' }),
  );
}
