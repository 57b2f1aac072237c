import { and, asc, count, desc, eq, gte, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leads, reviews, socialPosts } from '../../db/schema/index.ts';

// Read-only queries Felix answers from, each scoped to one tenant in its WHERE clause.

/** A reply is on the platform once it is posted; anything else (draft, none) is unanswered. */
const REVIEW_ANSWERED = 'posted';
/** spec-2 §9: a review of 3 stars or fewer is flagged for follow-up. */
export const LOW_STAR_MAX = 3;

const openLead = sql`${leads.status} not in ('converted', 'lost')`;
const waitingForFirstContact = and(eq(leads.status, 'new'), isNull(leads.lastContactedAt), lt(leads.createdAt, sql`now() - interval '1 day'`));

export async function leadCountsByStatus(db: Db, tenantId: string): Promise<Record<string, number>> {
  const rows = await db.select({ status: leads.status, n: count() }).from(leads).where(eq(leads.tenantId, tenantId)).groupBy(leads.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** How recent the leads are: created today / this week, and how long open leads have been open. */
export async function leadAges(db: Db, tenantId: string) {
  const n = (cond: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
  const [row] = await db
    .select({
      createdLast24Hours: n(sql`${leads.createdAt} >= now() - interval '1 day'`),
      createdLast7Days: n(sql`${leads.createdAt} >= now() - interval '7 days'`),
      openUnder1Day: n(sql`${openLead} and ${leads.createdAt} >= now() - interval '1 day'`),
      open1To7Days: n(sql`${openLead} and ${leads.createdAt} < now() - interval '1 day' and ${leads.createdAt} >= now() - interval '7 days'`),
      openOver7Days: n(sql`${openLead} and ${leads.createdAt} < now() - interval '7 days'`),
    })
    .from(leads)
    .where(eq(leads.tenantId, tenantId));
  return row ?? { createdLast24Hours: 0, createdLast7Days: 0, openUnder1Day: 0, open1To7Days: 0, openOver7Days: 0 };
}

/** New leads nobody has contacted for more than a day, longest waiting first. */
export async function leadsAwaitingContact(db: Db, tenantId: string, limit: number) {
  const where = and(eq(leads.tenantId, tenantId), waitingForFirstContact);
  const [total] = await db.select({ n: count() }).from(leads).where(where);
  const rows = await db
    .select({ name: leads.name, service: leads.service, location: leads.location, phone: leads.phone, priority: leads.priority, createdAt: leads.createdAt })
    .from(leads)
    .where(where)
    .orderBy(asc(leads.createdAt))
    .limit(limit);
  return { count: total?.n ?? 0, leads: rows };
}

/** Reviews of 3 stars or fewer without a posted reply, newest first. */
export async function unansweredLowStarReviews(db: Db, tenantId: string, limit: number) {
  const where = and(eq(reviews.tenantId, tenantId), lte(reviews.rating, LOW_STAR_MAX), ne(reviews.responseStatus, REVIEW_ANSWERED));
  const [total] = await db.select({ n: count() }).from(reviews).where(where);
  const rows = await db
    .select({ customerName: reviews.customerName, rating: reviews.rating, content: reviews.content, platform: reviews.platform, reviewedAt: reviews.reviewedAt, createdAt: reviews.createdAt })
    .from(reviews)
    .where(where)
    .orderBy(desc(sql`coalesce(${reviews.reviewedAt}, ${reviews.createdAt})`))
    .limit(limit);
  return { count: total?.n ?? 0, reviews: rows };
}

/** Posts still waiting to go out, soonest first, with how many fall in the next 7 days. */
export async function scheduledPosts(db: Db, tenantId: string, limit: number) {
  const where = and(eq(socialPosts.tenantId, tenantId), eq(socialPosts.status, 'scheduled'), gte(socialPosts.scheduledFor, sql`now()`));
  const [totals] = await db
    .select({ total: count(), next7Days: sql<number>`count(*) filter (where ${socialPosts.scheduledFor} < now() + interval '7 days')`.mapWith(Number) })
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
