import { useQuery } from '@tanstack/react-query';
import type { TRegistrarDomains } from '@shared/schemas/settings';
import { apiFetch } from '@/lib/api';
import { registrarKeys } from '@/lib/query-keys';

/** GET /api/registrar/domains: the domains of the connected registrar account. */
export function useRegistrarDomains(enabled: boolean) {
  return useQuery({
    queryKey: registrarKeys.domains(),
    queryFn: () =>
      apiFetch<TRegistrarDomains>('/api/registrar/domains', { fallbackMessage: 'Could not load your domains.' }),
    enabled,
  });
}
