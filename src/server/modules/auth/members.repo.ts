import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { TRole } from '#shared/schemas/auth.ts';
import type { Db } from '#server/db/client.ts';
import { memberships, sessions, tenants, users } from '#server/db/schema/index.ts';

// SQL for the members of one business as the team area manages them, tenantId in every WHERE.

export interface MemberRow {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  joinedAt: Date;
}

/** The active members of the business (with `where`, only those it names), oldest membership first. */
const membersWhere = (db: Db, tenantId: string, where?: SQL) =>
  db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.status, 'active'), where))
    .orderBy(asc(memberships.createdAt));

export async function listMembers(db: Db, tenantId: string): Promise<MemberRow[]> {
  return membersWhere(db, tenantId);
}

export async function findMember(db: Db, tenantId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await membersWhere(db, tenantId, eq(memberships.userId, userId));
  return row;
}

export async function countMembers(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.status, 'active')));
  return row?.n ?? 0;
}

export async function countAdmins(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.status, 'active'), eq(memberships.role, 'admin')));
  return row?.n ?? 0;
}

/** Serialises team changes of one business (the last-admin rule must hold under races). */
export async function lockTenant(db: Db, tenantId: string): Promise<void> {
  await db.execute(sql`select 1 from ${tenants} where ${tenants.id} = ${tenantId} for update`);
}

export async function setMemberRole(db: Db, tenantId: string, userId: string, role: TRole): Promise<boolean> {
  const rows = await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
    .returning({ id: memberships.id });
  return rows.length > 0;
}

export async function deleteMember(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
    .returning({ id: memberships.id });
  return rows.length > 0;
}

/** Ends a user's sessions in this business (their sessions in other businesses stay). */
export async function deleteSessionsIn(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId)));
}

export async function insertMembership(db: Db, tenantId: string, userId: string, role: TRole): Promise<void> {
  await db
    .insert(memberships)
    .values({ tenantId, userId, role })
    .onConflictDoUpdate({
      target: [memberships.tenantId, memberships.userId],
      set: { role, status: 'active' },
    });
}
