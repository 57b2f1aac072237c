/**
 * One key factory per area (DESIGN.md rule 10). Mutations invalidate through these keys,
 * e.g. `queryClient.invalidateQueries({ queryKey: authKeys.all })`.
 */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  /** The one-time answer to a verification link, cached so a remount never posts the token again. */
  verifyEmail: (token: string) => [...authKeys.all, 'verify-email', token] as const,
};

export const devKeys = {
  all: ['dev'] as const,
  status: () => [...devKeys.all, 'status'] as const,
};

export const onboardingKeys = {
  all: ['onboarding'] as const,
  saved: () => [...onboardingKeys.all, 'saved'] as const,
};
