import { and, asc, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { teamInvitations } from '#server/db/schema/index.ts';

// SQL for the team's invitations, tenantId in every WHERE. The memberships themselves are the
// auth area's (auth/members.service.ts).

// Invitations ----------------------------------------------------------------------------

export type InvitationRow = typeof teamInvitations.$inferSelect;

/** Open invitations: not accepted, not revoked (expired ones included, flagged by the service). */
export async function listInvitations(db: Db, tenantId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.tenantId, tenantId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .orderBy(asc(teamInvitations.createdAt));
}

export async function countPendingInvitations(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.tenantId, tenantId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    );
  return row?.n ?? 0;
}

/** Invitations of the business that are still open: neither accepted nor revoked. */
const open = (tenantId: string, which: SQL) =>
  and(
    eq(teamInvitations.tenantId, tenantId),
    which,
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
  );

async function findOpen(db: Db, tenantId: string, which: SQL): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(teamInvitations).where(open(tenantId, which));
  return row;
}

/** Closes one open invitation (revoked or accepted); false when it was not open any more. */
async function closeOpen(db: Db, tenantId: string, id: string, column: 'revokedAt' | 'acceptedAt'): Promise<boolean> {
  const rows = await db
    .update(teamInvitations)
    .set({ [column]: sql`now()` })
    .where(open(tenantId, eq(teamInvitations.id, id)))
    .returning({ id: teamInvitations.id });
  return rows.length > 0;
}

export const findOpenInvitation = (db: Db, tenantId: string, id: string) =>
  findOpen(db, tenantId, eq(teamInvitations.id, id));

export const findOpenInvitationByEmail = (db: Db, tenantId: string, email: string) =>
  findOpen(db, tenantId, eq(teamInvitations.email, email));

export async function insertInvitation(
  db: Db,
  values: { tenantId: string; email: string; role: string; tokenHash: string; invitedBy: string; ttlMs: number },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(teamInvitations)
    .values({
      tenantId: values.tenantId,
      email: values.email,
      role: values.role,
      tokenHash: values.tokenHash,
      invitedBy: values.invitedBy,
      expiresAt: sql`now() + ${values.ttlMs} * interval '1 millisecond'`,
    })
    .returning();
  if (!row) throw new Error('invitation insert returned no row');
  return row;
}

/** A fresh token and expiry for a resend (the old link stops working). */
export async function renewInvitation(
  db: Db,
  tenantId: string,
  id: string,
  values: { tokenHash: string; role?: string; ttlMs: number },
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(teamInvitations)
    .set({
      tokenHash: values.tokenHash,
      ...(values.role ? { role: values.role } : {}),
      expiresAt: sql`now() + ${values.ttlMs} * interval '1 millisecond'`,
      lastSentAt: sql`now()`,
    })
    .where(and(eq(teamInvitations.tenantId, tenantId), eq(teamInvitations.id, id), isNull(teamInvitations.acceptedAt)))
    .returning();
  return row;
}

export const revokeInvitation = (db: Db, tenantId: string, id: string) => closeOpen(db, tenantId, id, 'revokedAt');

/**
 * A live invitation by the hash of its mailed token, across businesses: the token is the
 * only credential the accept page has, so this is the one lookup without a session tenant.
 */
export async function findLiveInvitationByToken(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.tokenHash, tokenHash),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Marks a live invitation accepted; false when someone else got there first. */
export const markAccepted = (db: Db, tenantId: string, id: string) => closeOpen(db, tenantId, id, 'acceptedAt');
