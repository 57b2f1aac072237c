import { and, asc, eq, gt, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { prepared } from '#server/db/prepared.ts';
import { memberships, oneTimeTokens, sessions, tenants, users } from '#server/db/schema/index.ts';

// SQL for accounts: users, tenants, memberships, sessions and one-time tokens.

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(
  db: Db,
  values: { email: string; firstName: string; lastName: string; passwordHash: string | null; emailVerified?: boolean },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

/** Slugs already taken that `base` could collide with (base itself or base-N). */
export async function takenSlugs(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: tenants.slug })
    .from(tenants)
    .where(or(eq(tenants.slug, base), like(tenants.slug, `${base}-%`)));
  return new Set(rows.map((r) => r.slug));
}

export async function insertTenantWithAdmin(
  db: Db,
  userId: string,
  tenant: { name: string; slug: string },
): Promise<string> {
  const [row] = await db.insert(tenants).values(tenant).returning({ id: tenants.id });
  if (!row) throw new Error('tenant insert returned no row');
  await db.insert(memberships).values({ userId, tenantId: row.id, role: 'admin' });
  return row.id;
}

export interface BusinessAdmin {
  userId: string;
  email: string;
  firstName: string | null;
}

/** The business's admins who can be reached: active members whose account is not deactivated. */
export async function businessAdmins(db: Db, tenantId: string): Promise<BusinessAdmin[]> {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.tenantId, tenantId),
        eq(memberships.role, 'admin'),
        eq(memberships.status, 'active'),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(memberships.createdAt));
}

/** The business's active members (membership status active) and their roles. */
export async function activeMembers(db: Db, tenantId: string): Promise<{ userId: string; role: string }[]> {
  return db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.status, 'active')));
}

export async function findTenantPlan(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db.select({ plan: tenants.plan }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.plan;
}

export async function findTenantSlug(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.slug;
}

export async function findTenantIdBySlug(db: Db, slug: string): Promise<string | undefined> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  return row?.id;
}

export async function findTenantName(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name;
}

export interface MembershipView {
  id: string;
  role: string;
  tenantId: string;
  tenant: { name: string; slug: string };
}

export async function listMemberships(db: Db, userId: string): Promise<MembershipView[]> {
  const rows = await db
    .select({
      id: memberships.id,
      role: memberships.role,
      tenantId: tenants.id,
      name: tenants.name,
      slug: tenants.slug,
    })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(asc(memberships.createdAt));
  return rows.map((r) => ({ id: r.id, role: r.role, tenantId: r.tenantId, tenant: { name: r.name, slug: r.slug } }));
}

function userWithMembershipsQuery(db: Db) {
  return db
    .select({
      user: users,
      memberships: sql<MembershipView[]>`coalesce(
        json_agg(json_build_object('id', ${memberships.id}, 'role', ${memberships.role}, 'tenantId', ${tenants.id},
          'tenant', json_build_object('name', ${tenants.name}, 'slug', ${tenants.slug}))
          order by ${memberships.createdAt}) filter (where ${tenants.id} is not null),
        '[]'::json)`,
    })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.status, 'active')))
    .leftJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(users.id, sql.placeholder('userId')))
    .groupBy(users.id)
    .prepare('find_user_with_memberships');
}

/** A user and their active memberships in one round trip (GET /api/auth/user runs this on every load). */
export async function findUserWithMemberships(
  db: Db,
  userId: string,
): Promise<{ user: UserRow; memberships: MembershipView[] } | undefined> {
  const [row] = await prepared(db, 'find_user_with_memberships', userWithMembershipsQuery).execute({ userId });
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'passwordHash' | 'emailVerified' | 'lastLoginAt'>>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error('user update matched no row');
  return row;
}

// Sessions -------------------------------------------------------------------------------

export async function insertSession(
  db: Db,
  values: { sidHash: string; userId: string; tenantId: string; expire: Date; persistent: boolean },
): Promise<void> {
  await db.insert(sessions).values({
    sid: values.sidHash,
    userId: values.userId,
    tenantId: values.tenantId,
    expire: values.expire,
    sess: { persistent: values.persistent },
  });
}

export interface SessionView {
  sidHash: string;
  userId: string;
  tenantId: string;
  tenantName: string;
  role: string;
  email: string;
  emailVerified: boolean;
  expire: Date;
  lastSeenAt: Date;
}

function liveSessionQuery(db: Db) {
  return db
    .select({
      sidHash: sessions.sid,
      userId: users.id,
      tenantId: tenants.id,
      tenantName: tenants.name,
      role: memberships.role,
      email: users.email,
      emailVerified: users.emailVerified,
      expire: sessions.expire,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.isActive, true)))
    .innerJoin(
      memberships,
      and(
        eq(memberships.userId, sessions.userId),
        eq(memberships.tenantId, sessions.tenantId),
        eq(memberships.status, 'active'),
      ),
    )
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(and(eq(sessions.sid, sql.placeholder('sidHash')), gt(sessions.expire, sql`now()`)))
    .limit(1)
    .prepare('find_live_session');
}

/**
 * A live session with its user and the user's membership in the session's tenant. Every
 * signed-in API request runs this, so it is prepared: on PostgreSQL planning the join took
 * ~2 ms and running it 0.1 ms.
 */
export async function findLiveSession(db: Db, sidHash: string): Promise<SessionView | undefined> {
  const [row] = await prepared(db, 'find_live_session', liveSessionQuery).execute({ sidHash });
  return row;
}

/**
 * Marks the session used and slides its end: a session in use lasts its full length again from
 * now (12 hours, or 30 days when remembered), so an owner at work is never signed out mid-task,
 * while an idle one still ends that long after its last use. Returns the new end.
 */
export async function touchSession(
  db: Db,
  sidHash: string,
  ttlMs: { remembered: number; browser: number },
): Promise<{ expire: Date; persistent: boolean } | undefined> {
  const persistent = sql`coalesce((${sessions.sess}->>'persistent')::boolean, false)`;
  const [row] = await db
    .update(sessions)
    .set({
      lastSeenAt: sql`now()`,
      expire: sql`greatest(${sessions.expire}, now() + make_interval(secs => (case when ${persistent} then ${ttlMs.remembered} else ${ttlMs.browser} end)::double precision / 1000))`,
    })
    .where(eq(sessions.sid, sidHash))
    .returning({ expire: sessions.expire, sess: sessions.sess });
  return row ? { expire: row.expire, persistent: row.sess['persistent'] === true } : undefined;
}

/**
 * Moves a session to another business, only if its user is an active member there; answers
 * whether it moved. The membership check and the move are one statement, so a membership
 * removed at the same moment cannot be switched into.
 */
export async function moveSessionToTenant(db: Db, sidHash: string, userId: string, tenantId: string): Promise<boolean> {
  const moved = await db
    .update(sessions)
    .set({ tenantId })
    .where(
      and(
        eq(sessions.sid, sidHash),
        eq(sessions.userId, userId),
        sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${userId}
          and ${memberships.tenantId} = ${tenantId} and ${memberships.status} = 'active')`,
      ),
    )
    .returning({ sid: sessions.sid });
  return moved.length > 0;
}

export async function deleteSession(db: Db, sidHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sidHash));
}

/** Ends every session of a user, except `keepSidHash` when given. */
export async function deleteUserSessions(db: Db, userId: string, keepSidHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSidHash ? ne(sessions.sid, keepSidHash) : undefined));
}

export async function pruneSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expire} <= now()`);
}

// One-time tokens ------------------------------------------------------------------------

export async function insertToken(
  db: Db,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; ttlMs: number },
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    userId: values.userId,
    purpose: values.purpose,
    tokenHash: values.tokenHash,
    expiresAt: sql`now() + ${values.ttlMs} * interval '1 millisecond'`,
  });
}

/** Marks a live token used and answers its user; a used, expired or unknown token answers undefined. */
export async function consumeToken(db: Db, purpose: TokenPurpose, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/** The user a token was issued to, whatever its state. */
export async function findTokenOwner(db: Db, purpose: TokenPurpose, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)));
  return row?.userId;
}

/** Retires a user's open tokens of one purpose (a newer link replaces older ones). */
export async function retireTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

export async function pruneTokens(db: Db): Promise<void> {
  await db.delete(oneTimeTokens).where(sql`${oneTimeTokens.expiresAt} <= now() - interval '7 days'`);
}
