import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAuthUser, TLoginRequest, TMessage, TProfileUpdateRequest, TRegisterRequest } from '@shared/schemas/auth';
import { authKeys } from '@/lib/query-keys';
import { apiFetch } from '@/lib/api';

// The account calls of the spec. Each fallback is the text shown when the server
// sends no message of its own.

export const authFallbacks = {
  login: 'Login failed. Please try again.',
  register: 'Registration failed. Please try again.',
  forgotPassword: 'Failed to send reset email. Please try again.',
  resetPassword: 'Failed to reset password. Please try again.',
  verifyEmail: 'Email verification failed.',
  resendFromVerifyPage: 'Failed to resend verification email.',
  resendFromSettings: 'Failed to send verification email',
  updateProfile: 'Failed to update profile',
  changePassword: 'Failed to change password',
} as const;

/** Stores the signed-in user the server answered with. */
function useSetUser() {
  const queryClient = useQueryClient();
  return (user: TAuthUser) => queryClient.setQueryData(authKeys.user(), user);
}

export function useLogin() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (body: TLoginRequest) =>
      apiFetch<TAuthUser>('/api/auth/login', { method: 'POST', body, fallbackMessage: authFallbacks.login }),
    onSuccess: setUser,
  });
}

export function useRegister() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (body: TRegisterRequest) =>
      apiFetch<TAuthUser>('/api/auth/register', { method: 'POST', body, fallbackMessage: authFallbacks.register }),
    onSuccess: setUser,
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      apiFetch<TMessage>('/api/auth/forgot-password', {
        method: 'POST',
        body,
        fallbackMessage: authFallbacks.forgotPassword,
      }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiFetch<TMessage>('/api/auth/reset-password', {
        method: 'POST',
        body,
        fallbackMessage: authFallbacks.resetPassword,
      }),
  });
}

/** Sends a new verification link to the signed-in user; `fallback` differs per screen. */
export function useResendVerification(fallback: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch<TMessage>('/api/auth/resend-verification', { method: 'POST', body: {}, fallbackMessage: fallback }),
  });
}

export function useUpdateProfile() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (body: TProfileUpdateRequest) =>
      apiFetch<TAuthUser>('/api/auth/profile', { method: 'PUT', body, fallbackMessage: authFallbacks.updateProfile }),
    onSuccess: setUser,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiFetch<TMessage>('/api/auth/change-password', {
        method: 'POST',
        body,
        fallbackMessage: authFallbacks.changePassword,
      }),
  });
}

/** POSTs a verification token once; the caller caches the answer under authKeys.verifyEmail. */
export function verifyEmailToken(token: string): Promise<TMessage> {
  return apiFetch<TMessage>('/api/auth/verify-email', {
    method: 'POST',
    body: { token },
    fallbackMessage: authFallbacks.verifyEmail,
  });
}
