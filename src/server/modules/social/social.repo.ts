import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lte, max, ne, sql } from 'drizzle-orm';
import type { TPostStatus } from '#shared/schemas/social.ts';
import type { Db } from '#server/db/client.ts';
import { socialMediaAnalytics, socialPosts } from '#server/db/schema/index.ts';

// SQL for social_posts and social_media_analytics. Every query is scoped by tenant_id, except the
// publishing sweep, which looks across tenants for due targets and hands each one to a job.

export type PostRow = typeof socialPosts.$inferSelect;
export type NewPost = Omit<typeof socialPosts.$inferInsert, 'id' | 'tenantId'>;

const one = (tenantId: string, id: string) => and(eq(socialPosts.tenantId, tenantId), eq(socialPosts.id, id));

/** The tenant's posts, newest first; `limit` null for all of them (the CSV export). */
export async function listPosts(
  db: Db,
  tenantId: string,
  filter: { from?: Date; to?: Date; status?: TPostStatus },
  limit: number | null = 500,
): Promise<PostRow[]> {
  const when = sql`coalesce(${socialPosts.scheduledFor}, ${socialPosts.createdAt})`;
  const query = db
    .select()
    .from(socialPosts)
    .where(
      and(
        eq(socialPosts.tenantId, tenantId),
        filter.status ? eq(socialPosts.status, filter.status) : undefined,
        filter.from ? gte(when, filter.from) : undefined,
        filter.to ? lte(when, filter.to) : undefined,
      ),
    )
    .orderBy(desc(when), asc(socialPosts.platform))
    .$dynamic();
  return limit === null ? query : query.limit(limit);
}

/** These posts of the tenant (id, platform, text): the coach names the posts its leads came from. */
export async function postsByIds(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: socialPosts.id, platform: socialPosts.platform, content: socialPosts.content })
    .from(socialPosts)
    .where(and(eq(socialPosts.tenantId, tenantId), inArray(socialPosts.id, ids)));
}

export async function findPost(db: Db, tenantId: string, id: string): Promise<PostRow | undefined> {
  const [row] = await db.select().from(socialPosts).where(one(tenantId, id));
  return row;
}

export async function insertPosts(db: Db, tenantId: string, values: NewPost[]): Promise<PostRow[]> {
  return db
    .insert(socialPosts)
    .values(values.map((v) => ({ ...v, tenantId })))
    .returning();
}

/** Changes a target only while it is in `status`; answers the row, or undefined when it was not. */
export async function updateIf(
  db: Db,
  tenantId: string,
  id: string,
  status: TPostStatus,
  changes: Partial<NewPost>,
): Promise<PostRow | undefined> {
  const [row] = await db
    .update(socialPosts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(one(tenantId, id), eq(socialPosts.status, status)))
    .returning();
  return row;
}

/**
 * Takes a target for one try: scheduled → publishing (a due target), or publishing → publishing
 * (a try whose outcome is unknown, to look on the network and maybe send again), only while the
 * row is at the previous try. One process wins; every other one (a duplicate job, a second app)
 * gets undefined.
 */
export async function claim(
  db: Db,
  tenantId: string,
  id: string,
  attempt: number,
  from: 'scheduled' | 'publishing' = 'scheduled',
): Promise<PostRow | undefined> {
  const [row] = await db
    .update(socialPosts)
    .set({ status: 'publishing', attempts: attempt, updatedAt: new Date() })
    .where(and(one(tenantId, id), eq(socialPosts.status, from), eq(socialPosts.attempts, attempt - 1)))
    .returning();
  return row;
}

/** The other targets of the same business on the same network (one account each). */
const sameAccount = (row: Pick<PostRow, 'tenantId' | 'platform' | 'id'>) =>
  and(eq(socialPosts.tenantId, row.tenantId), eq(socialPosts.platform, row.platform), ne(socialPosts.id, row.id));

/**
 * Holds the business's account on one network until the transaction ends: its targets are
 * claimed, counted against the network's posting limit, and handed back if over it, one at a
 * time across processes, so no count ever sees a claim about to be handed back.
 */
export async function lockAccount(tx: Db, tenantId: string, platform: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`social-posting:${tenantId}:${platform}`}, 0))`);
}

/**
 * For a network that takes at most `posts` per `windowMs` from one account: when a slot frees for
 * `row` (the moment the oldest send that fills the window leaves it), or null while fewer than
 * `posts` of the account's other targets went out, or are going out, in the window before `now`.
 * A published target counts from when it was recorded (after the network took it); one in flight
 * as reaching the network as late as it can, `inFlightMs` from now.
 */
export async function slotFreesAt(
  db: Db,
  row: Pick<PostRow, 'tenantId' | 'platform' | 'id'>,
  limit: { posts: number; windowMs: number },
  now: Date,
  inFlightMs: number,
): Promise<Date | null> {
  const latest = new Date(now.getTime() + inFlightMs).toISOString();
  const sentAt = sql<Date | string>`coalesce(${socialPosts.publishedAt}, ${latest}::timestamptz)`;
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  const [oldest] = await db
    .select({ at: sentAt })
    .from(socialPosts)
    .where(
      and(
        sameAccount(row),
        inArray(socialPosts.status, ['publishing', 'published']),
        sql`${sentAt} > ${since}::timestamptz`,
      ),
    )
    .orderBy(desc(sentAt))
    .offset(limit.posts - 1)
    .limit(1);
  return oldest ? new Date(new Date(oldest.at).getTime() + limit.windowMs) : null;
}

/** The latest time another of the account's targets already waits for, in (now, until]; null when none. */
export async function lastWaiting(
  db: Db,
  row: Pick<PostRow, 'tenantId' | 'platform' | 'id'>,
  now: Date,
  until: Date,
): Promise<Date | null> {
  const [latest] = await db
    .select({ at: max(socialPosts.scheduledFor) })
    .from(socialPosts)
    .where(
      and(
        sameAccount(row),
        eq(socialPosts.status, 'scheduled'),
        gt(socialPosts.scheduledFor, now),
        lte(socialPosts.scheduledFor, until),
      ),
    );
  return latest?.at ?? null;
}

/** Scheduled targets whose time has come, across tenants, for the sweep that makes sure each has a job. */
export async function findDue(db: Db, now: Date, limit = 1000) {
  return db
    .select({
      id: socialPosts.id,
      tenantId: socialPosts.tenantId,
      platform: socialPosts.platform,
      attempts: socialPosts.attempts,
      scheduledFor: socialPosts.scheduledFor,
    })
    .from(socialPosts)
    .where(and(eq(socialPosts.status, 'scheduled'), lte(socialPosts.scheduledFor, now)))
    .orderBy(asc(socialPosts.scheduledFor))
    .limit(limit);
}

/** Targets "publishing" since before `before`, across tenants: their run died or left them unsure. */
export async function findStalePublishing(db: Db, before: Date, limit = 1000) {
  return db
    .select({
      id: socialPosts.id,
      tenantId: socialPosts.tenantId,
      attempts: socialPosts.attempts,
      platform: socialPosts.platform,
    })
    .from(socialPosts)
    .where(and(eq(socialPosts.status, 'publishing'), lte(socialPosts.updatedAt, before)))
    .orderBy(asc(socialPosts.updatedAt))
    .limit(limit);
}

/** Likes + shares + comments over every recorded post analytics row; null when none is recorded. */
export async function engagements(db: Db, tenantId: string): Promise<number | null> {
  const [row] = await db
    .select({
      rows: count(),
      total:
        sql<number>`coalesce(sum(${socialMediaAnalytics.likes} + ${socialMediaAnalytics.shares} + ${socialMediaAnalytics.comments}), 0)`.mapWith(
          Number,
        ),
    })
    .from(socialMediaAnalytics)
    .where(eq(socialMediaAnalytics.tenantId, tenantId));
  return row && row.rows > 0 ? row.total : null;
}

const publishedIn = (tenantId: string, window: { from?: Date; to?: Date }) =>
  and(
    eq(socialPosts.tenantId, tenantId),
    eq(socialPosts.status, 'published'),
    isNotNull(socialPosts.publishedAt),
    window.from ? gte(socialPosts.publishedAt, window.from) : undefined,
    window.to ? lte(socialPosts.publishedAt, window.to) : undefined,
  );

/** How many posts went out in the window (either end open), counted in SQL over every post. */
export async function countPublished(db: Db, tenantId: string, window: { from?: Date; to?: Date }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(socialPosts).where(publishedIn(tenantId, window));
  return row?.n ?? 0;
}

/** When each post published in [from, to] went out, newest first. */
export async function publishedDates(db: Db, tenantId: string, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: socialPosts.publishedAt })
    .from(socialPosts)
    .where(publishedIn(tenantId, { from, to }))
    .orderBy(desc(socialPosts.publishedAt));
  return rows.flatMap((r) => (r.at ? [r.at] : []));
}

/** Posts still to go out, soonest first, and how many in the next 7 days. */
export async function upcoming(db: Db, tenantId: string, limit: number) {
  const where = and(
    eq(socialPosts.tenantId, tenantId),
    eq(socialPosts.status, 'scheduled'),
    gte(socialPosts.scheduledFor, sql`now()`),
  );
  const [totals] = await db
    .select({
      total: count(),
      next7Days: sql<number>`count(*) filter (where ${socialPosts.scheduledFor} < now() + interval '7 days')`.mapWith(
        Number,
      ),
    })
    .from(socialPosts)
    .where(where);
  const rows = await db
    .select({ platform: socialPosts.platform, content: socialPosts.content, scheduledFor: socialPosts.scheduledFor })
    .from(socialPosts)
    .where(where)
    .orderBy(asc(socialPosts.scheduledFor))
    .limit(limit);
  return { total: totals?.total ?? 0, next7Days: totals?.next7Days ?? 0, posts: rows };
}
