import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAuthUser, TRole } from '@shared/schemas/auth';
import type {
  TAcceptInvitationRequest,
  TAcceptInvitationResult,
  TInvitation,
  TInvitationPreview,
  TInvitations,
  TInviteRequest,
  TTeamMember,
  TTeamMembers,
} from '@shared/schemas/team';
import { apiFetch } from '@/lib/api';
import { authKeys, billingKeys, teamKeys } from '@/lib/query-keys';

export function useTeamMembers() {
  return useQuery({
    queryKey: teamKeys.members(),
    queryFn: () => apiFetch<TTeamMembers>('/api/team/members', { fallbackMessage: 'Could not load your team.' }),
  });
}

export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.invitations(),
    queryFn: () =>
      apiFetch<TInvitations>('/api/team/invitations', { fallbackMessage: 'Could not load the invitations.' }),
    enabled,
  });
}

/** Every team change moves seats, so the team and the billing usage both refresh. */
function useTeamMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.overview() }),
      ]),
  });
}

export function useInvite() {
  return useTeamMutation((body: TInviteRequest) =>
    apiFetch<TInvitation>('/api/team/invitations', {
      method: 'POST',
      body,
      fallbackMessage: 'The invitation could not be sent. Please try again.',
    }),
  );
}

export function useResendInvitation() {
  return useTeamMutation((id: string) =>
    apiFetch<TInvitation>(`/api/team/invitations/${id}/resend`, {
      method: 'POST',
      fallbackMessage: 'The invitation could not be sent again.',
    }),
  );
}

export function useRevokeInvitation() {
  return useTeamMutation((id: string) =>
    apiFetch<void>(`/api/team/invitations/${id}`, {
      method: 'DELETE',
      fallbackMessage: 'The invitation could not be revoked.',
    }),
  );
}

export function useChangeRole() {
  return useTeamMutation((vars: { userId: string; role: TRole }) =>
    apiFetch<TTeamMember>(`/api/team/members/${vars.userId}`, {
      method: 'PATCH',
      body: { role: vars.role },
      fallbackMessage: 'The role could not be changed.',
    }),
  );
}

export function useRemoveMember() {
  return useTeamMutation((userId: string) =>
    apiFetch<void>(`/api/team/members/${userId}`, {
      method: 'DELETE',
      fallbackMessage: 'The member could not be removed.',
    }),
  );
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: teamKeys.preview(token),
    queryFn: () =>
      apiFetch<TInvitationPreview>('/api/team/invitations/lookup', {
        method: 'POST',
        body: { token },
        fallbackMessage: 'Could not open this invitation.',
      }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAcceptInvitationRequest) =>
      apiFetch<TAcceptInvitationResult>('/api/team/invitations/accept', {
        method: 'POST',
        body,
        fallbackMessage: 'The invitation could not be accepted. Please try again.',
      }),
    onSuccess: (result) => {
      // The session is now in the business that invited them: everything cached is stale.
      queryClient.clear();
      queryClient.setQueryData<TAuthUser>(authKeys.user(), result.user);
    },
  });
}
