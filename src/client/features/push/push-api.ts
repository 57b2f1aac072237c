import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPushDevice, TPushKind, TPushSettings, TPushSubscribeRequest } from '@shared/schemas/push';
import { apiFetch } from '@/lib/api';
import { pushKeys } from '@/lib/query-keys';

/** GET /api/push: the key to subscribe with, this member's devices and what pushes them. */
export function usePushSettings() {
  return useQuery({
    queryKey: pushKeys.settings(),
    queryFn: () => apiFetch<TPushSettings>('/api/push', { fallbackMessage: 'Could not load your notifications.' }),
  });
}

function usePushMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}

export function useRegisterDevice() {
  return usePushMutation((body: TPushSubscribeRequest) =>
    apiFetch<TPushDevice>('/api/push/subscriptions', {
      method: 'POST',
      body,
      fallbackMessage: 'This device could not be registered for pushes. Please try again.',
    }),
  );
}

export function useRemoveDevice() {
  return usePushMutation((id: string) =>
    apiFetch<void>(`/api/push/subscriptions/${id}`, {
      method: 'DELETE',
      fallbackMessage: 'The device could not be removed. Please try again.',
    }),
  );
}

export function useSaveChoices() {
  return usePushMutation((choices: Partial<Record<TPushKind, boolean>>) =>
    apiFetch<TPushSettings>('/api/push/choices', {
      method: 'PUT',
      body: { choices },
      fallbackMessage: 'Your choice could not be saved. Please try again.',
    }),
  );
}

/** POST /api/push/test: one push to this member's devices, sent by the job system. */
export function useTestPush() {
  return usePushMutation(() =>
    apiFetch<{ queued: boolean }>('/api/push/test', {
      method: 'POST',
      fallbackMessage: 'The test push could not be sent. Please try again.',
    }),
  );
}
