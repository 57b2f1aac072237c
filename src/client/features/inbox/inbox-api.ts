import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TConversation,
  TConversationMessage,
  TConversationPage,
  TInboxFilter,
  TSendMessage,
  TSuggestedReply,
  TUpdateConversation,
} from '@shared/schemas/conversations';
import type { TTeamMembers } from '@shared/schemas/team';
import { apiFetch, isQueuedOffline } from '@/lib/api';
import { inboxKeys } from '@/lib/query-keys';

// The inbox calls. Every query sits under inboxKeys.all, which the live stream refreshes.

export function listUrl(filter: TInboxFilter, q: string): string {
  const params = new URLSearchParams({ status: filter === 'done' ? 'done' : 'open' });
  if (filter === 'mine') params.set('assignee', 'me');
  if (q.trim()) params.set('q', q.trim());
  return `/api/conversations?${params.toString()}`;
}

export function useConversations(filter: TInboxFilter, q: string) {
  return useQuery({
    queryKey: inboxKeys.list({ filter, q }),
    queryFn: ({ signal }) => apiFetch<TConversationPage>(listUrl(filter, q), { signal }),
  });
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: inboxKeys.thread(id ?? ''),
    queryFn: ({ signal }) => apiFetch<TConversation>(`/api/conversations/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Threads with an unread customer message, for the navigation's badge. */
export function useUnreadCount() {
  return useQuery({
    queryKey: inboxKeys.unread(),
    queryFn: ({ signal }) => apiFetch<{ unread: number }>('/api/conversations/unread', { signal }),
    refetchInterval: 60_000,
  });
}

/** The server's stream of inbox changes: each refreshes the inbox's queries (the badge included). */
export function useInboxStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/conversations/events');
    const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    source.addEventListener('change', refresh);
    return () => {
      source.removeEventListener('change', refresh);
      source.close();
    };
  }, [queryClient]);
}

/** What a message queued offline is called when it is sent later ("Maria Lopez: reply “On my way…”"). */
function queuedLabel(name: string, input: TSendMessage): string {
  const words = input.body.trim().replace(/\s+/g, ' ');
  const quote = words.length > 40 ? `${words.slice(0, 40)}…` : words;
  return `${name}: ${input.channel === 'note' ? 'note' : 'reply'} “${quote}”`;
}

/** A reply or note typed without a network waits on this phone and is sent once back online. */
export function useSendMessage(id: string, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSendMessage) =>
      apiFetch<TConversationMessage>(`/api/conversations/${id}/messages`, {
        method: 'POST',
        body: input,
        queueOffline: queuedLabel(name, input),
      }),
    // A message kept on this phone changed nothing on the server (and there is no network to ask).
    onSettled: (_sent, error) =>
      isQueuedOffline(error) ? undefined : queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

export function useUpdateConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateConversation) =>
      apiFetch<TConversation>(`/api/conversations/${id}`, { method: 'PATCH', body: input }),
    onSuccess: (thread) => queryClient.setQueryData(inboxKeys.thread(id), thread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

export function useSuggestReply(id: string) {
  return useMutation({
    mutationFn: () => apiFetch<TSuggestedReply>(`/api/conversations/${id}/suggestion`, { method: 'POST' }),
  });
}

/** The business's team, for the thread's assignee picker. */
export function useAssignees() {
  return useQuery({
    queryKey: [...inboxKeys.all, 'members'] as const,
    queryFn: ({ signal }) => apiFetch<TTeamMembers>('/api/team/members', { signal }),
    staleTime: 5 * 60_000,
  });
}
