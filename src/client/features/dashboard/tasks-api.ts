import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateTaskRequest, TTask, TTaskList, TUpdateTaskRequest } from '@shared/schemas/tasks';
import { apiFetch } from '@/lib/api';
import { dashboardKeys, taskKeys } from '@/lib/query-keys';

export const taskFailures = {
  save: 'Failed to save the task. Please try again.',
  remove: 'Failed to delete the task. Please try again.',
} as const;

/** Pending tasks and the business's time zone (due dates are entered and shown in it). */
export function useTasks() {
  return useQuery({
    queryKey: taskKeys.list('pending'),
    queryFn: ({ signal }) => apiFetch<TTaskList>('/api/tasks?status=pending&limit=50', { signal }),
    staleTime: 30_000,
  });
}

/** Every task change refreshes the task lists and the dashboard's Upcoming Tasks card. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
}

export function useSaveTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TCreateTaskRequest | TUpdateTaskRequest }) =>
      apiFetch<TTask>(id ? `/api/tasks/${id}` : '/api/tasks', {
        method: id ? 'PATCH' : 'POST',
        body,
        fallbackMessage: taskFailures.save,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/tasks/${id}`, { method: 'DELETE', fallbackMessage: taskFailures.remove }),
    onSuccess: refresh,
  });
}
