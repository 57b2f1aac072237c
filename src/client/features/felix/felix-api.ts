import { useQuery } from '@tanstack/react-query';
import type { TFelixChatRequest, TFelixChatResponse, TFelixModel } from '@shared/schemas/felix';
import { FELIX_HISTORY_MAX } from '@shared/felix-limits';
import { apiFetch } from '@/lib/api';
import { dashboardKeys, felixKeys } from '@/lib/query-keys';
import type { TNextSteps } from '@shared/schemas/next-steps';
import { FELIX_FALLBACK_MODELS } from '@shared/felix';

export interface FelixModelsState {
  models: TFelixModel[];
  /** True when the list is the spec's fallback because the server could not be asked. */
  fallback: boolean;
}

/** GET /api/felix/models; on failure the four models, all available. */
export function useFelixModels(enabled: boolean) {
  return useQuery({
    queryKey: felixKeys.models(),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<FelixModelsState> => {
      try {
        const { models } = await apiFetch<{ models: TFelixModel[] }>('/api/felix/models');
        return models.length > 0 ? { models, fallback: false } : { models: FELIX_FALLBACK_MODELS, fallback: true };
      } catch {
        return { models: FELIX_FALLBACK_MODELS, fallback: true };
      }
    },
  });
}

export function sendFelixChat(request: TFelixChatRequest): Promise<TFelixChatResponse> {
  // The contract caps the history; the newest messages matter most.
  const messages = request.messages.slice(-FELIX_HISTORY_MAX);
  return apiFetch<TFelixChatResponse>('/api/felix/chat', { method: 'POST', body: { ...request, messages } });
}

/** GET /api/felix/next-steps: the first-week checklist from the saved plan and real progress. */
export function useNextSteps(enabled: boolean) {
  return useQuery({
    // The dashboard shows the same list, so both refresh together when a task changes.
    queryKey: dashboardKeys.nextSteps(),
    enabled,
    queryFn: ({ signal }) => apiFetch<TNextSteps>('/api/felix/next-steps', { signal }),
    staleTime: 30_000,
  });
}
