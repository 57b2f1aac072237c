import type { TRole } from '#shared/schemas/auth.ts';

/**
 * Who is calling, from the session row only (never from the request body or a header). The auth
 * plugin sets it on `request.auth`; services take it as their `auth` argument, so they never see
 * HTTP.
 */
export interface AuthContext {
  userId: string;
  tenantId: string;
  tenantName: string;
  role: TRole;
  email: string;
  emailVerified: boolean;
  /** Hash of the session id, to end this session or keep it while ending the others. */
  sidHash: string;
}

/** The three membership ranks, lowest first. */
const ROLE_RANK: Record<TRole, number> = { user: 0, manager: 1, admin: 2 };

/** A membership role as one of the three ranks; anything unknown counts as user. */
export function toRole(role: string): TRole {
  return Object.hasOwn(ROLE_RANK, role) ? (role as TRole) : 'user';
}

/** True when `role` is `required` or a higher rank. */
export function hasRole(role: TRole, required: TRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[required];
}
