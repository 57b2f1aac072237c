// Client view of GET /api/auth/user (spec-1 §3). Replace with the shared zod type once
// src/shared/schemas/auth.ts lands.
export type Role = 'user' | 'manager' | 'admin';

export interface TenantMembership {
  id: string;
  role: string;
  tenant: { name: string; slug: string };
}

export interface AuthUser {
  id?: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** user, manager or admin; anything else ranks as user. */
  role?: string | null;
  emailVerified?: boolean;
  createdAt?: string;
  lastLogin?: string | null;
  tenantMemberships?: TenantMembership[];
}
