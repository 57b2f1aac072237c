import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { reviewBusinesses, reviewReplyTemplates, reviews } from '#server/db/schema/index.ts';

// SQL for reviews, the chosen business and reply templates. Every query is scoped by tenant_id.

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = Omit<typeof reviews.$inferInsert, 'id' | 'tenantId'>;
export type BusinessRow = typeof reviewBusinesses.$inferSelect;

/** A reply is on the platform once it is posted (by us or synced from Google). */
export const REVIEW_ANSWERED = 'posted';
/** Sample reviews (no Places key) are stored under this platform and never counted as the business's own. */
export const DEMO_PLATFORM = 'demo';
/** A review of 3 stars or fewer counts as low. */
export const LOW_STAR_MAX = 3;
/** When the customer wrote it; our insert time when the platform gave none. */
const writtenAt = sql`coalesce(${reviews.reviewedAt}, ${reviews.createdAt})`;

export interface ReviewFilter {
  /** Only these platforms; a Places lookup's rows also only for `placeId`. */
  source:
    | { platform: 'google' }
    | { platform: 'google_places' | 'demo'; placeId: string }
    /** Every stored review of the business but Places samples: the demo business's own sample reviews. */
    | { platform: 'own' };
  rating?: number;
  replied: 'all' | 'replied' | 'unreplied';
  since?: Date;
}

function whereOf(tenantId: string, f: ReviewFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    eq(reviews.tenantId, tenantId),
    f.source.platform === 'own' ? ne(reviews.platform, DEMO_PLATFORM) : eq(reviews.platform, f.source.platform),
  ];
  if (f.source.platform === 'google_places' || f.source.platform === 'demo')
    parts.push(eq(reviews.placeId, f.source.placeId));
  if (f.rating) parts.push(eq(reviews.rating, f.rating));
  if (f.replied === 'replied') parts.push(isNotNull(reviews.repliedAt));
  if (f.replied === 'unreplied') parts.push(isNull(reviews.repliedAt));
  if (f.since) parts.push(gte(writtenAt, f.since));
  return and(...parts);
}

export async function listReviews(
  db: Db,
  tenantId: string,
  f: ReviewFilter,
  page: { limit: number; offset: number },
): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(whereOf(tenantId, f))
    .orderBy(desc(writtenAt), asc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many reviews each platform holds under the filter, most first. */
export async function platformCounts(db: Db, tenantId: string, f: ReviewFilter) {
  return db
    .select({ platform: reviews.platform, count: count() })
    .from(reviews)
    .where(whereOf(tenantId, f))
    .groupBy(reviews.platform)
    .orderBy(desc(count()), asc(reviews.platform));
}

/** Count, average, replied count and mean reply delay (hours) over the same filter. */
export async function reviewFigures(db: Db, tenantId: string, f: ReviewFilter) {
  const [row] = await db
    .select({
      total: count(),
      average: sql<number | null>`avg(${reviews.rating})`.mapWith((v) => (v === null ? null : Number(v))),
      replied: sql<number>`count(${reviews.repliedAt})`.mapWith(Number),
      hours: sql<
        number | null
      >`avg(extract(epoch from (${reviews.repliedAt} - ${writtenAt})) / 3600) filter (where ${reviews.repliedAt} >= ${writtenAt})`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(reviews)
    .where(whereOf(tenantId, f));
  return row ?? { total: 0, average: null, replied: 0, hours: null };
}

export async function countPlatform(db: Db, tenantId: string, platform: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.platform, platform)));
  return row?.n ?? 0;
}

export async function findReview(db: Db, tenantId: string, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.id, id)));
  return row;
}

export async function updateReview(db: Db, tenantId: string, id: string, values: Partial<NewReview>): Promise<void> {
  await db
    .update(reviews)
    .set(values)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.id, id)));
}

/**
 * Inserts or refreshes reviews by (tenant, platform, external id): what the customer wrote and
 * the reply on the platform are refreshed; our draft and follow-up flag are kept.
 * `repliesComplete`: the rows carry every reply (the Business Profile API),
 * so a reply missing from a row was deleted on the platform; otherwise (Places, which never
 * returns replies) a known reply is kept. Answers how many rows were new, and those rows.
 */
export async function upsertReviews(
  db: Db,
  tenantId: string,
  rows: NewReview[],
  { repliesComplete = false } = {},
): Promise<{ inserted: number; added: NewReview[] }> {
  if (!rows.length) return { inserted: 0, added: [] };
  const ids = rows.map((r) => r.externalId).filter((v): v is string => !!v);
  const platform = rows[0]!.platform;
  const existing = await db
    .select({ externalId: reviews.externalId })
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), eq(reviews.platform, platform), inArray(reviews.externalId, ids)));
  await db
    .insert(reviews)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflictDoUpdate({
      target: [reviews.tenantId, reviews.platform, reviews.externalId],
      set: {
        customerName: sql`excluded.customer_name`,
        rating: sql`excluded.rating`,
        content: sql`excluded.content`,
        reviewerPhotoUrl: sql`excluded.reviewer_photo_url`,
        reviewUrl: sql`coalesce(excluded.review_url, ${reviews.reviewUrl})`,
        reviewedAt: sql`excluded.reviewed_at`,
        placeId: sql`excluded.place_id`,
        ...(repliesComplete
          ? {
              replyText: sql`excluded.reply_text`,
              repliedAt: sql`excluded.replied_at`,
              responseStatus: sql`case when excluded.replied_at is not null then ${REVIEW_ANSWERED} when ${reviews.responseStatus} = ${REVIEW_ANSWERED} then 'draft' else ${reviews.responseStatus} end`,
            }
          : {
              replyText: sql`coalesce(excluded.reply_text, ${reviews.replyText})`,
              repliedAt: sql`coalesce(excluded.replied_at, ${reviews.repliedAt})`,
              responseStatus: sql`case when excluded.replied_at is not null or ${reviews.repliedAt} is not null then ${REVIEW_ANSWERED} else ${reviews.responseStatus} end`,
            }),
        updatedAt: sql`now()`,
      },
    });
  const known = new Set(existing.map((r) => r.externalId));
  return { inserted: rows.length - existing.length, added: rows.filter((r) => !known.has(r.externalId ?? null)) };
}

// Figures other areas show (dashboard, Felix) ----------------------------------------------------

export async function reviewStats(db: Db, tenantId: string) {
  const [row] = await db
    .select({
      count: count(),
      average: sql<number | null>`avg(${reviews.rating})`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(reviews)
    .where(and(eq(reviews.tenantId, tenantId), ne(reviews.platform, DEMO_PLATFORM)));
  return row ?? { count: 0, average: null };
}

/**
 * How many reviews under the filter were written (`by: 'written'`) or replied to (`'replied'`) in
 * [from, to], counted in SQL over every stored row (the coach's goals; a page would miss some).
 */
export async function countReviewsBetween(
  db: Db,
  tenantId: string,
  f: ReviewFilter,
  by: 'written' | 'replied',
  from: Date,
  to: Date,
): Promise<number> {
  const at = by === 'written' ? writtenAt : sql`${reviews.repliedAt}`;
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(whereOf(tenantId, f), gte(at, from), lte(at, to)));
  return row?.n ?? 0;
}

/** When each review under the filter written in [from, to] was written, newest first. */
export async function writtenDatesBetween(
  db: Db,
  tenantId: string,
  f: ReviewFilter,
  from: Date,
  to: Date,
): Promise<Date[]> {
  const rows = await db
    .select({ reviewedAt: reviews.reviewedAt, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(whereOf(tenantId, f), gte(writtenAt, from), lte(writtenAt, to)))
    .orderBy(desc(writtenAt));
  return rows.map((r) => r.reviewedAt ?? r.createdAt);
}

/** Reviews of 3 stars or fewer without a posted reply, newest first. */
export async function unansweredLowStarReviews(db: Db, tenantId: string, limit: number) {
  const where = and(
    eq(reviews.tenantId, tenantId),
    ne(reviews.platform, DEMO_PLATFORM),
    lte(reviews.rating, LOW_STAR_MAX),
    ne(reviews.responseStatus, REVIEW_ANSWERED),
  );
  const [total] = await db.select({ n: count() }).from(reviews).where(where);
  const rows = await db
    .select({
      customerName: reviews.customerName,
      rating: reviews.rating,
      content: reviews.content,
      platform: reviews.platform,
      reviewedAt: reviews.reviewedAt,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(where)
    .orderBy(desc(writtenAt))
    .limit(limit);
  return { count: total?.n ?? 0, reviews: rows };
}

// The chosen business -------------------------------------------------------------------------

export async function findBusiness(db: Db, tenantId: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(reviewBusinesses).where(eq(reviewBusinesses.tenantId, tenantId));
  return row;
}

export async function saveBusiness(
  db: Db,
  tenantId: string,
  values: { placeId: string; name: string; address: string | null; rating: number | null; ratingCount: number | null },
): Promise<void> {
  const row = { ...values, rating: values.rating === null ? null : values.rating.toFixed(1) };
  await db
    .insert(reviewBusinesses)
    .values({ ...row, tenantId })
    .onConflictDoUpdate({ target: reviewBusinesses.tenantId, set: { ...row, updatedAt: new Date() } });
}

export async function deleteBusiness(db: Db, tenantId: string): Promise<void> {
  await db.delete(reviewBusinesses).where(eq(reviewBusinesses.tenantId, tenantId));
}

// Reply templates -----------------------------------------------------------------------------

export async function listTemplates(db: Db, tenantId: string) {
  return db
    .select()
    .from(reviewReplyTemplates)
    .where(eq(reviewReplyTemplates.tenantId, tenantId))
    .orderBy(asc(reviewReplyTemplates.createdAt))
    .limit(100);
}

export async function countTemplates(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviewReplyTemplates)
    .where(eq(reviewReplyTemplates.tenantId, tenantId));
  return row?.n ?? 0;
}

export async function insertTemplate(db: Db, tenantId: string, values: { name: string; body: string }) {
  const [row] = await db
    .insert(reviewReplyTemplates)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function deleteTemplate(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(reviewReplyTemplates)
    .where(and(eq(reviewReplyTemplates.tenantId, tenantId), eq(reviewReplyTemplates.id, id)))
    .returning({ id: reviewReplyTemplates.id });
  return rows.length > 0;
}

/** Stores the demo business's sample reviews as they are given (reviews.service#addDemoReviews). */
export async function insertReviews(db: Db, tenantId: string, rows: NewReview[]): Promise<void> {
  if (rows.length) await db.insert(reviews).values(rows.map((r) => ({ ...r, tenantId })));
}

/** The newest review a customer (by the name they review under) wrote since `since`, sample reviews aside. */
export async function reviewByCustomer(
  db: Db,
  tenantId: string,
  name: string,
  since: Date,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(
      and(
        eq(reviews.tenantId, tenantId),
        ne(reviews.platform, DEMO_PLATFORM),
        sql`lower(${reviews.customerName}) = lower(${name})`,
        gte(writtenAt, since),
      ),
    )
    .orderBy(desc(writtenAt))
    .limit(1);
  return row;
}
