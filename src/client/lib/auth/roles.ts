import type { TRole as Role } from '@shared/schemas/auth';

const RANKS: Record<Role, number> = { user: 0, manager: 1, admin: 2 };

/** User 0, manager 1, admin 2; an unknown or missing role counts as 0. */
export function roleRank(role: string | null | undefined): number {
  if (role && Object.hasOwn(RANKS, role)) return RANKS[role as Role];
  return 0;
}

/** True when `role` is at least `required`. */
export function hasRole(role: string | null | undefined, required: Role = 'user'): boolean {
  return roleRank(role) >= roleRank(required);
}
