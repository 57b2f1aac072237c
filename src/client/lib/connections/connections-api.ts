import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccountChoices, TConnection, TConnectionList, TProvider } from '@shared/schemas/connections';
import { apiFetch } from '@/lib/api';
import { connectionKeys } from '@/lib/query-keys';

/** GET /api/connections: every provider with its state; never a token. */
export function useConnections(enabled = true) {
  return useQuery({
    queryKey: connectionKeys.list(),
    queryFn: () =>
      apiFetch<TConnectionList>('/api/connections', { fallbackMessage: 'Could not load your connections.' }),
    enabled,
    staleTime: 60_000,
  });
}

/** One provider's connection from that list; undefined while it loads. */
export function useConnection(provider: TProvider, enabled = true): TConnection | undefined {
  return useConnections(enabled).data?.connections.find((c) => c.provider === provider);
}

/** The connections with a problem, for banners and hints. */
export function useConnectionProblems(enabled = true): TConnection[] {
  const { data } = useConnections(enabled);
  return useMemo(() => data?.connections.filter((c) => c.state === 'problem' && c.problem) ?? [], [data]);
}

/** POST …/start, then off to the provider's consent screen (it sends the browser back to the callback). */
export function useStartConnection() {
  return useMutation({
    mutationFn: (provider: TProvider) =>
      apiFetch<{ url: string }>(`/api/connections/${provider}/start`, {
        method: 'POST',
        fallbackMessage: 'The connection could not be started. Please try again.',
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useAccountChoices(provider: TProvider, enabled: boolean) {
  return useQuery({
    queryKey: connectionKeys.accounts(provider),
    queryFn: () =>
      apiFetch<TAccountChoices>(`/api/connections/${provider}/accounts`, {
        fallbackMessage: 'Could not load the accounts to choose from.',
      }),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}

function useConnectionChange<V>(request: (variables: V) => Promise<TConnection>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}

export function useSelectAccount(provider: TProvider) {
  return useConnectionChange((accountId: string) =>
    apiFetch<TConnection>(`/api/connections/${provider}/select`, {
      method: 'POST',
      body: { accountId },
      fallbackMessage: 'That account could not be saved. Please try again.',
    }),
  );
}

export function useCheckConnection(provider: TProvider) {
  return useConnectionChange(() =>
    apiFetch<TConnection>(`/api/connections/${provider}/check`, {
      method: 'POST',
      fallbackMessage: 'The check could not run. Please try again.',
    }),
  );
}

export function useDisconnect(provider: TProvider) {
  return useConnectionChange(() =>
    apiFetch<TConnection>(`/api/connections/${provider}`, {
      method: 'DELETE',
      fallbackMessage: 'The connection could not be removed. Please try again.',
    }),
  );
}
