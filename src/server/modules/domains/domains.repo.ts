import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tenantDomains } from '#server/db/schema/index.ts';

// SQL for tenant_domains. A business's own rows are scoped by tenant_id; the host lookups
// (which business a request's Host belongs to) read verified rows only.

export type DomainRow = typeof tenantDomains.$inferSelect;

export function listDomains(db: Db, tenantId: string) {
  return db
    .select()
    .from(tenantDomains)
    .where(eq(tenantDomains.tenantId, tenantId))
    .orderBy(asc(tenantDomains.createdAt));
}

export async function findDomain(db: Db, tenantId: string, id: string): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(tenantDomains)
    .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.id, id)));
  return row;
}

/** Who holds a domain (any business): for the "already connected" answer only. */
export async function holderOf(db: Db, domain: string): Promise<string | undefined> {
  const [row] = await db
    .select({ tenantId: tenantDomains.tenantId })
    .from(tenantDomains)
    .where(eq(tenantDomains.domain, domain));
  return row?.tenantId;
}

export async function countDomains(db: Db, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tenantDomains).where(eq(tenantDomains.tenantId, tenantId));
  return row?.n ?? 0;
}

export async function insertDomain(db: Db, tenantId: string, domain: string, token: string): Promise<DomainRow> {
  const [row] = await db
    .insert(tenantDomains)
    .values({ tenantId, domain, verificationToken: token })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new DomainTakenError();
  return row;
}

/** The unique index answered: somebody holds the domain (a race with another add). */
export class DomainTakenError extends Error {}

export async function recordCheck(
  db: Db,
  tenantId: string,
  id: string,
  outcome: { verified: boolean; error: string | null; at: Date },
): Promise<DomainRow | undefined> {
  const [row] = await db
    .update(tenantDomains)
    .set({
      verified: outcome.verified,
      lastCheckedAt: outcome.at,
      lastError: outcome.error,
      // Kept from the first success while the record stays; cleared when it is gone.
      verifiedAt: outcome.verified
        ? sql`coalesce(${tenantDomains.verifiedAt}, ${outcome.at.toISOString()}::timestamptz)`
        : null,
      updatedAt: outcome.at,
    })
    .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.id, id)))
    .returning();
  return row;
}

export async function deleteDomain(db: Db, tenantId: string, id: string): Promise<DomainRow | undefined> {
  const [row] = await db
    .delete(tenantDomains)
    .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.id, id)))
    .returning();
  return row;
}

/** The business a verified domain serves, or undefined. */
export async function verifiedTenantOf(db: Db, domain: string): Promise<string | undefined> {
  const [row] = await db
    .select({ tenantId: tenantDomains.tenantId })
    .from(tenantDomains)
    .where(and(eq(tenantDomains.domain, domain), eq(tenantDomains.verified, true)));
  return row?.tenantId;
}

/** Every verified domain, for the daily re-check. */
export function listVerified(db: Db) {
  return db.select().from(tenantDomains).where(eq(tenantDomains.verified, true));
}
