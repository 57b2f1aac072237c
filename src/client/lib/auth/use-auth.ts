import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiFetch, getQueryFn } from '@/lib/api';
import { forgetOfflineData } from '@/lib/offline';
import { authKeys } from '@/lib/query-keys';
import type { TAuthUser } from '@shared/schemas/auth';

const FIVE_MINUTES = 5 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;

/**
 * The signed-in user. A 401 is cached as "nobody signed in" (null); any other
 * failure is an error, which also counts as not authenticated.
 */
export function useAuth() {
  const query = useQuery({
    queryKey: authKeys.user(),
    queryFn: getQueryFn<TAuthUser>('/api/auth/user', { on401: 'returnNull' }),
    staleTime: FIVE_MINUTES,
    gcTime: TEN_MINUTES,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isPending,
    isAuthenticated: user !== null && !query.error,
    error: query.error,
  };
}

/**
 * The signed-in user as far as this visit already knows, without asking the server: for public
 * pages, which make no API call of their own.
 */
export function useKnownUser(): TAuthUser | null {
  const { data } = useQuery<TAuthUser | null>({ queryKey: authKeys.user(), enabled: false });
  return data ?? null;
}

/** Signs out; the cache is emptied and the app goes to /login even when the call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiFetch<unknown>('/api/auth/logout', { method: 'POST', fallbackMessage: 'Logout failed' }),
    onSettled: () => {
      queryClient.clear();
      forgetOfflineData();
      navigate('/login', { replace: true });
    },
  });
}
