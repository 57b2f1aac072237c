import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAnalyticsMetrics,
  TAnalyticsPreferences,
  TAnalyticsStatus,
  TReport,
  TReportPeriod,
  TReviewSummary,
  TTopKeywords,
  TTrafficSource,
  TWeekdayTraffic,
} from '@shared/schemas/analytics';
import type { TConnection } from '@shared/schemas/connections';
import { apiFetch } from '@/lib/api';
import { activityKeys, analyticsKeys } from '@/lib/query-keys';
import { trackEvent } from '@/lib/track';

// The analytics calls. GA4 figures are asked for only once the status says GA4 is live.

export function useAnalyticsStatus() {
  return useQuery({
    queryKey: analyticsKeys.status(),
    queryFn: ({ signal }) => apiFetch<TAnalyticsStatus>('/api/analytics/status', { signal }),
  });
}

export type TAnalyticsState = TAnalyticsStatus['state'];

/**
 * The state to lay the page out for: the status's own, or while it loads the one the Google
 * connection (which the app shell has usually loaded already) points to, so every placeholder takes
 * the room of what will most likely replace it. Nothing known about Google yet: not connected.
 */
export function expectedState(status: TAnalyticsStatus | undefined, google: TConnection | undefined): TAnalyticsState {
  if (status) return status.state;
  if (google?.state === 'healthy') return 'live';
  if (google?.state === 'problem') return 'problem';
  return 'not_connected';
}

const live = (status: TAnalyticsStatus | undefined) => status?.state === 'live';

export function useMetrics(period: TReportPeriod, status: TAnalyticsStatus | undefined) {
  return useQuery({
    queryKey: analyticsKeys.metrics(period),
    queryFn: ({ signal }) => apiFetch<TAnalyticsMetrics>(`/api/analytics/metrics?period=${period}`, { signal }),
    enabled: live(status),
  });
}

export function useWeekdayTraffic(period: TReportPeriod, status: TAnalyticsStatus | undefined) {
  return useQuery({
    queryKey: analyticsKeys.traffic(period),
    queryFn: ({ signal }) => apiFetch<TWeekdayTraffic>(`/api/analytics/traffic?period=${period}`, { signal }),
    enabled: live(status),
  });
}

export function useTrafficSources(period: TReportPeriod, status: TAnalyticsStatus | undefined) {
  return useQuery({
    queryKey: analyticsKeys.sources(period),
    queryFn: ({ signal }) => apiFetch<TTrafficSource[]>(`/api/analytics/traffic-sources?period=${period}`, { signal }),
    enabled: live(status),
  });
}

export function useTopKeywords() {
  return useQuery({
    queryKey: analyticsKeys.keywords(),
    queryFn: ({ signal }) => apiFetch<TTopKeywords>('/api/analytics/top-keywords', { signal }),
    refetchInterval: 300_000,
  });
}

export function useReviewSummary() {
  return useQuery({
    queryKey: analyticsKeys.reviews(),
    queryFn: ({ signal }) => apiFetch<TReviewSummary>('/api/analytics/reviews', { signal }),
  });
}

export function useReports() {
  return useQuery({
    queryKey: analyticsKeys.reports(),
    queryFn: ({ signal }) => apiFetch<TReport[]>('/api/analytics/reports', { signal }),
  });
}

export function useReport(id: string) {
  return useQuery({
    queryKey: analyticsKeys.report(id),
    queryFn: ({ signal }) => apiFetch<TReport>(`/api/analytics/reports/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Generate: on success the reports and activities are refreshed and the event recorded. */
export function useGenerateReport(options: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: TReportPeriod) =>
      apiFetch<TReport>('/api/analytics/generate-report', { method: 'POST', body: { period } }),
    onSuccess: (report) => {
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.reports() });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      trackEvent('report_generated', { period: report.period });
      options.onSuccess();
    },
    onError: options.onError,
  });
}

export function usePreferences() {
  return useQuery({
    queryKey: analyticsKeys.preferences(),
    queryFn: ({ signal }) => apiFetch<TAnalyticsPreferences>('/api/analytics/preferences', { signal }),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAnalyticsPreferences) =>
      apiFetch<TAnalyticsPreferences>('/api/analytics/preferences', { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(analyticsKeys.preferences(), data),
  });
}

export const reportFileUrl = (id: string, kind: 'csv' | 'pdf') =>
  `/api/analytics/reports/${encodeURIComponent(id)}/${kind}`;
