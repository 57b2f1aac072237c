import { useQuery } from '@tanstack/react-query';
import type { TBranding } from '@shared/schemas/settings';
import type { TAutoReplyStatus } from '@shared/schemas/website';
import { apiFetch } from '@/lib/api';
import { settingsKeys } from '@/lib/query-keys';

/** GET /api/branding: the signed-in tenant's white-label colours and name. */
export function useBranding(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.branding(),
    queryFn: () => apiFetch<TBranding>('/api/branding'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/website/auto-replies: today's automatic replies to landing-page leads and the daily limit. */
export function useAutoReplyStatus() {
  return useQuery({
    queryKey: settingsKeys.autoReplies(),
    queryFn: () => apiFetch<TAutoReplyStatus>('/api/website/auto-replies'),
  });
}
