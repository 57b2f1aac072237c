import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  TCreateLeadRequest,
  THottestLeads,
  TLead,
  TLeadImportResult,
  TLeadPage,
  TLeadPriority,
  TLeadRecommendations,
  TLeadScoreAnalytics,
  TLeadStatus,
  TLeadSummary,
  TQualifyResult,
} from '@shared/schemas/leads';
import { LEADS_FIRST_PAGE_SIZE } from '@shared/signed-in-routes';
import { apiFetch } from '@/lib/api';
import { STATUS_LABELS } from './lead-format';
import { activityKeys, leadKeys } from '@/lib/query-keys';

// The leads calls of the spec. Every lead query sits under leadKeys.all, so invalidating it
// refreshes the list, the summary cards and the score cards together.

/** The texts, shown under the toast title "Error" when a call fails. */
export const leadFailures = {
  score: 'Failed to score lead. Please try again.',
  add: 'Failed to add lead. Please try again.',
  update: 'Failed to update lead. Please try again.',
  qualify: 'Failed to qualify lead. Please try again.',
  // The spec shows no text for a tips failure; this one follows the others.
  tips: 'Failed to get recommendations. Please try again.',
} as const;

export interface LeadFilters {
  q?: string;
  status?: TLeadStatus;
  priority?: TLeadPriority;
}

function filterParams(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.priority) params.set('priority', filters.priority);
  return params;
}

/** The CSV download of every lead these filters match (the list's own query, without paging). */
export function exportUrl(filters: LeadFilters): string {
  const query = filterParams(filters).toString();
  return `/api/leads/export.csv${query ? `?${query}` : ''}`;
}

function listUrl(filters: LeadFilters, cursor: string | null): string {
  const params = filterParams(filters);
  // The first page is smaller, so the rows on screen come sooner (the server's default after it);
  // without filters its URL is the one the HTML and the entry start early (shared/signed-in-routes.ts).
  if (cursor) params.set('cursor', cursor);
  else params.set('limit', String(LEADS_FIRST_PAGE_SIZE));
  return `/api/leads?${params.toString()}`;
}

/** Newest first, one server page at a time; the previous result stays on screen while a new filter loads. */
export function useLeadPages(filters: LeadFilters) {
  return useInfiniteQuery({
    queryKey: leadKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<TLeadPage>(listUrl(filters, pageParam), { signal, fallbackMessage: 'Could not load your leads.' }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useLeadSummary() {
  return useQuery({
    queryKey: leadKeys.summary(),
    queryFn: ({ signal }) => apiFetch<TLeadSummary>('/api/leads/summary', { signal }),
  });
}

export function useLeadScoreAnalytics() {
  return useQuery({
    queryKey: leadKeys.scores(),
    queryFn: ({ signal }) => apiFetch<TLeadScoreAnalytics>('/api/leads/analytics/scores', { signal }),
  });
}

/** The open leads most worth a call now (the "Optimize Leads" hint's list). */
export function useHottestLeads() {
  return useQuery({
    queryKey: leadKeys.hottest(),
    queryFn: ({ signal }) =>
      apiFetch<THottestLeads>('/api/leads/hottest?limit=5', { signal, fallbackMessage: 'Could not rank your leads.' }),
  });
}

/** After create, update and qualify: the leads and the activity feed. */
function useRefreshLeadsAndActivities() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: leadKeys.all }),
      queryClient.invalidateQueries({ queryKey: activityKeys.all }),
    ]);
}

/**
 * What the screen does after a call. Passed to the hook (not to mutate) so it runs for every
 * call, including overlapping calls on different rows, and after the list has refreshed.
 */
interface LeadCallbacks<TData, TVars> {
  onSuccess?: (data: TData, variables: TVars) => void;
  onError?: (error: Error) => void;
}

export const leadMutationKeys = {
  create: [...leadKeys.all, 'create'] as const,
  update: [...leadKeys.all, 'update'] as const,
  qualify: [...leadKeys.all, 'qualify'] as const,
  score: [...leadKeys.all, 'score'] as const,
  tips: [...leadKeys.all, 'tips'] as const,
};

export function useCreateLead() {
  const refresh = useRefreshLeadsAndActivities();
  return useMutation({
    mutationKey: leadMutationKeys.create,
    mutationFn: (body: TCreateLeadRequest) =>
      apiFetch<TLead>('/api/leads', { method: 'POST', body, fallbackMessage: leadFailures.add }),
    onSuccess: () => refresh(),
  });
}

/** CSV import: a dry run checks every row and saves nothing; the real one saves all rows or none. */
export function useImportLeads() {
  const refresh = useRefreshLeadsAndActivities();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      apiFetch<TLeadImportResult>(`/api/leads/import${dryRun ? '?dryRun=true' : ''}`, {
        method: 'POST',
        body: { csv },
        fallbackMessage: 'Could not import the file. Please try again.',
      }),
    onSuccess: (result) => (result.imported > 0 ? refresh() : undefined),
  });
}

interface StatusChange {
  lead: TLead;
  status: TLeadStatus;
  /** Dollars the job was worth (Convert); left out, the server keeps the predicted value. */
  jobValue?: number;
}

export function useUpdateLeadStatus({ onSuccess, onError }: LeadCallbacks<TLead, StatusChange> = {}) {
  const refresh = useRefreshLeadsAndActivities();
  return useMutation({
    mutationKey: leadMutationKeys.update,
    mutationFn: ({ lead, status, jobValue }: StatusChange) =>
      apiFetch<TLead>(`/api/leads/${lead.id}`, {
        method: 'PATCH',
        body: jobValue === undefined ? { status } : { status, jobValue },
        fallbackMessage: leadFailures.update,
        queueOffline: `${lead.name}: ${STATUS_LABELS[status].toLowerCase()}`,
      }),
    onSuccess: async (saved, change) => {
      await refresh();
      onSuccess?.(saved, change);
    },
    onError,
  });
}

export function useQualifyLead({ onSuccess, onError }: LeadCallbacks<TQualifyResult, TLead> = {}) {
  const refresh = useRefreshLeadsAndActivities();
  return useMutation({
    mutationKey: leadMutationKeys.qualify,
    mutationFn: (lead: TLead) =>
      apiFetch<TQualifyResult>(`/api/leads/${lead.id}/qualify`, {
        method: 'POST',
        fallbackMessage: leadFailures.qualify,
      }),
    onSuccess: async (result, lead) => {
      await refresh();
      onSuccess?.(result, lead);
    },
    onError,
  });
}

/** Scoring refreshes the leads and the score analytics (both under leadKeys.all). */
export function useScoreLead({ onSuccess, onError }: LeadCallbacks<TLead, TLead> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: leadMutationKeys.score,
    mutationFn: (lead: TLead) =>
      apiFetch<TLead>(`/api/leads/${lead.id}/score`, { method: 'POST', fallbackMessage: leadFailures.score }),
    onSuccess: async (scored, lead) => {
      await queryClient.invalidateQueries({ queryKey: leadKeys.all });
      onSuccess?.(scored, lead);
    },
    onError,
  });
}

/** "Get Tips" asks on each click, so the advice follows the lead's latest state. */
export function useLeadTips({ onSuccess, onError }: LeadCallbacks<TLeadRecommendations, TLead> = {}) {
  return useMutation({
    mutationKey: leadMutationKeys.tips,
    mutationFn: (lead: TLead) =>
      apiFetch<TLeadRecommendations>(`/api/leads/${lead.id}/recommendations`, {
        method: 'POST',
        fallbackMessage: leadFailures.tips,
      }),
    onSuccess,
    onError,
  });
}

/** Ids of the leads with a call of this kind in flight, so each row can show its own busy button. */
export function usePendingLeadIds(mutationKey: readonly string[]): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => {
      const vars = mutation.state.variables as TLead | { lead: TLead } | undefined;
      return vars && 'lead' in vars ? vars.lead.id : vars?.id;
    },
  });
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}
