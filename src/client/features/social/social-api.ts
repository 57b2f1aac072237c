import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  TCreatePost,
  TGenerateResponse,
  TImportResponse,
  TSocialPlatform,
  TSocialPost,
  TSocialPostList,
  TUpdatePost,
} from '@shared/schemas/social';
import type { TAnalyticsPeriod, TSocialAnalytics } from '@shared/schemas/social-analytics';
import { apiFetch, apiStream } from '@/lib/api';
import { socialKeys } from '@/lib/query-keys';

// The social calls. Every query sits under socialKeys.all, so a change refreshes the list and
// the calendar together. While a post is on its way out the list polls, so Published (or the
// reason it failed) shows up without a reload.

const POLL_MS = 3000;
const busy = (posts: TSocialPost[] | undefined) =>
  posts?.some(
    (p) =>
      p.status === 'publishing' ||
      (p.status === 'scheduled' && p.scheduledFor && Date.parse(p.scheduledFor) < Date.now() + 10 * 60_000),
  );

export function useSocialPosts(range: { from?: string; to?: string } = {}) {
  const params = new URLSearchParams(range as Record<string, string>).toString();
  return useQuery({
    queryKey: socialKeys.posts(range),
    queryFn: ({ signal }) =>
      apiFetch<TSocialPostList>(`/api/social/posts${params ? `?${params}` : ''}`, {
        signal,
        fallbackMessage: 'Could not load your posts.',
      }),
    refetchInterval: (query) => (busy(query.state.data?.posts) ? POLL_MS : false),
  });
}

function useSocialMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialKeys.all }),
  });
}

/** A failure's toast title: the spec's 'Platform Not Configured' when the network has no connected account. */
export const failureTitle = (message: string, otherwise: string) =>
  /^Please configure .+ in Settings first\.$/.test(message) ? 'Platform Not Configured' : otherwise;

export const useCreatePost = () =>
  useSocialMutation((body: TCreatePost) =>
    apiFetch<{ posts: TSocialPost[] }>('/api/social/posts', { method: 'POST', body }),
  );

export const useUpdatePost = () =>
  useSocialMutation(({ id, ...body }: TUpdatePost & { id: string }) =>
    apiFetch<TSocialPost>(`/api/social/posts/${id}`, { method: 'PATCH', body }),
  );

export const useCancelPost = () =>
  useSocialMutation((id: string) => apiFetch<TSocialPost>(`/api/social/posts/${id}`, { method: 'DELETE' }));

export const useRetryPost = () =>
  useSocialMutation((id: string) => apiFetch<TSocialPost>(`/api/social/posts/${id}/retry`, { method: 'POST' }));

/**
 * AI drafts, streamed: `written` is the text so far (and `onWritten` hears each step of it) while
 * the model writes; the mutation's data is the final drafts, which replace what streamed.
 */
export function useGenerate(onWritten?: (soFar: string) => void) {
  const [written, setWritten] = useState('');
  const mutation = useMutation({
    mutationFn: (body: { topic: string; platforms: TSocialPlatform[] }) => {
      let soFar = '';
      setWritten('');
      return apiStream<TGenerateResponse>('/api/social/generate', {
        body,
        onDelta: (text) => {
          soFar += text;
          setWritten(soFar);
          onWritten?.(soFar);
        },
        fallbackMessage: 'Failed to generate content. Please try again.',
      });
    },
  });
  return { ...mutation, written };
}

export const useImportPosts = () =>
  useSocialMutation(({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
    apiFetch<TImportResponse>(`/api/social/import${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', body: { csv } }),
  );

export const useSocialAnalytics = (period: TAnalyticsPeriod) =>
  useQuery({
    queryKey: socialKeys.analytics(period),
    queryFn: ({ signal }) =>
      apiFetch<TSocialAnalytics>(`/api/social/analytics?period=${period}`, {
        signal,
        fallbackMessage: 'Could not load your post analytics.',
      }),
  });
