import { and, eq, inArray, isNotNull, isNull, lte, ne, not } from 'drizzle-orm';
import { RECONNECT_CODES, type TProvider } from '#shared/schemas/connections.ts';
import type { Db } from '#server/db/client.ts';
import { connections } from '#server/db/schema/index.ts';

export type ConnectionRow = typeof connections.$inferSelect;
export type ConnectionValues = Partial<
  Omit<typeof connections.$inferInsert, 'id' | 'tenantId' | 'provider' | 'createdAt' | 'updatedAt'>
>;

const one = (tenantId: string, provider: TProvider) =>
  and(eq(connections.tenantId, tenantId), eq(connections.provider, provider));

export async function listConnections(db: Db, tenantId: string): Promise<ConnectionRow[]> {
  return db.select().from(connections).where(eq(connections.tenantId, tenantId));
}

export async function findConnection(
  db: Db,
  tenantId: string,
  provider: TProvider,
): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(one(tenantId, provider)).limit(1);
  return row;
}

/** The tenant's connection to a provider, created or replaced by a new grant. */
export async function upsertConnection(
  db: Db,
  tenantId: string,
  provider: TProvider,
  values: ConnectionValues,
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(connections)
    .values({ ...values, tenantId, provider })
    .onConflictDoUpdate({
      target: [connections.tenantId, connections.provider],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function updateConnection(
  db: Db,
  tenantId: string,
  provider: TProvider,
  values: ConnectionValues,
): Promise<ConnectionRow | undefined> {
  const [row] = await db.update(connections).set(values).where(one(tenantId, provider)).returning();
  return row;
}

/**
 * Records a passing problem (an outage, a rate limit) unless a reconnect problem stands: an
 * outage seen later, or by a call that started earlier, does not show the grant is back. Answers
 * the updated row, or undefined when the reconnect problem was kept.
 */
export async function updateUnlessReconnectNeeded(
  db: Db,
  tenantId: string,
  provider: TProvider,
  values: ConnectionValues,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(connections)
    .set(values)
    .where(
      and(
        one(tenantId, provider),
        not(and(eq(connections.status, 'problem'), inArray(connections.problemCode, [...RECONNECT_CODES]))!),
      ),
    )
    .returning();
  return row;
}

/** Marks the current problem as mailed; true for the one caller that got there first. */
export async function claimProblemNotice(db: Db, tenantId: string, provider: TProvider, at: Date): Promise<boolean> {
  const rows = await db
    .update(connections)
    .set({ problemNotifiedAt: at })
    .where(and(one(tenantId, provider), eq(connections.status, 'problem'), isNull(connections.problemNotifiedAt)))
    .returning({ id: connections.id });
  return rows.length > 0;
}

export async function deleteConnection(db: Db, tenantId: string, provider: TProvider): Promise<boolean> {
  const rows = await db.delete(connections).where(one(tenantId, provider)).returning({ id: connections.id });
  return rows.length > 0;
}

// Across tenants, for the background jobs only: each row then goes on by its own tenant id.

/** OAuth connections with a refresh token whose access token expires before `before`. */
export async function findExpiring(db: Db, before: Date, limit = 500): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(connections)
    .where(
      and(isNotNull(connections.refreshToken), isNotNull(connections.expiresAt), lte(connections.expiresAt, before)),
    )
    .limit(limit);
}

/** Every connection that has an account to check. */
export async function findCheckable(db: Db, limit = 5000): Promise<ConnectionRow[]> {
  return db.select().from(connections).where(ne(connections.status, 'choose_account')).limit(limit);
}
