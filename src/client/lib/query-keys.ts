/**
 * One key factory per area (DESIGN.md rule 10). Mutations invalidate through these keys,
 * e.g. `queryClient.invalidateQueries({ queryKey: authKeys.all })`.
 */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

export const devKeys = {
  all: ['dev'] as const,
  status: () => [...devKeys.all, 'status'] as const,
};
