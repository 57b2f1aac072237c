import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { LEAD_STATUSES, type TLeadPriority, type TLeadStatus } from '#shared/schemas/leads.ts';
import type { Db } from '#server/db/client.ts';
import { prepared } from '#server/db/prepared.ts';
import { activities, leads } from '#server/db/schema/index.ts';
import { leadListRows, type LeadListItem } from './lead-view.ts';

// SQL for leads and the activity feed. Every query is scoped by tenant_id in its WHERE clause.

import type { ActivityRow, LeadRow, LeadViewRow } from './lead-rows.ts';

export type { ActivityRow, LeadListRow, LeadRow, LeadViewRow } from './lead-rows.ts';
export type NewLead = Omit<typeof leads.$inferInsert, 'id' | 'tenantId'>;
export type LeadChanges = Partial<NewLead>;

/** Rows per INSERT when writing many: well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 500;

/**
 * The search text. It must stay the very expression of the trigram index
 * `leads_search_trgm_idx` (schema/leads.ts), or PostgreSQL cannot use the index.
 */
const SEARCH_TEXT = sql`(${leads.name} || ' ' || ${leads.service} || ' ' || ${leads.location})`;

// What the API shows of a lead: the list reads only these (fewer columns to parse per row).
const { tenantId: _tenantId, qualifiedAt: _qualifiedAt, closedAt: _closedAt, ...viewColumns } = getTableColumns(leads);

export interface ListFilter {
  tenantId: string;
  limit: number;
  status?: TLeadStatus | undefined;
  priority?: TLeadPriority | undefined;
  /** An ILIKE pattern, already escaped. */
  pattern?: string | undefined;
  after?: { at: string; id: string } | undefined;
}

export interface ListShape {
  status: boolean;
  priority: boolean;
  search: boolean;
  after: boolean;
}

/**
 * The list query for one combination of filters, with placeholders tenantId, limit, status,
 * priority, pattern, afterAt and afterId. Exported so the benchmark runs the very same SQL.
 */
export function leadListQuery(db: Db, shape: ListShape) {
  const where: SQL[] = [eq(leads.tenantId, sql.placeholder('tenantId'))];
  if (shape.status) where.push(sql`${leads.status} = ${sql.placeholder('status')}`);
  if (shape.priority) where.push(sql`${leads.priority} = ${sql.placeholder('priority')}`);
  if (shape.search) where.push(sql`${SEARCH_TEXT} ilike ${sql.placeholder('pattern')}`);
  if (shape.after)
    where.push(
      sql`(${leads.createdAt}, ${leads.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
    );
  return db
    .select({ ...viewColumns, cursorAt: sql<string>`${leads.createdAt}::text` })
    .from(leads)
    .where(and(...where))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(sql.placeholder('limit'));
}

/**
 * Newest first, keyset-paged on (created_at, id). The list is the busiest query, so each
 * combination of filters is its own prepared statement (a plan per shape, made once per
 * connection) rather than one statement with "OR $x IS NULL" that no index can serve. Its rows
 * come mapped straight to the API's view of a lead (`leadListRows`).
 */
export async function listLeads(db: Db, filter: ListFilter): Promise<LeadListItem[]> {
  const shape: ListShape = {
    status: Boolean(filter.status),
    priority: Boolean(filter.priority),
    search: Boolean(filter.pattern),
    after: Boolean(filter.after),
  };
  const name = `leads_list_${Object.values(shape).map(Number).join('')}`;
  const query = prepared(db, name, (d) => leadListQuery(d, shape).prepare(name), leadListRows);
  // The statement's mapper makes list items, not the row objects Drizzle's types declare.
  return (await query.execute({
    tenantId: filter.tenantId,
    limit: filter.limit,
    status: filter.status,
    priority: filter.priority,
    pattern: filter.pattern,
    afterAt: filter.after?.at,
    afterId: filter.after?.id,
  })) as unknown as LeadListItem[];
}

/** Open leads (not converted or lost), highest score first, then most urgent, then newest. */
export async function hottestOpenLeads(db: Db, tenantId: string, limit: number): Promise<LeadViewRow[]> {
  return db
    .select(viewColumns)
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), sql`${leads.status} not in ('converted', 'lost')`))
    .orderBy(desc(leads.leadScore), desc(leads.urgencyScore), desc(leads.createdAt))
    .limit(limit);
}

export async function findLead(
  db: Db,
  tenantId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<LeadRow | undefined> {
  const query = db
    .select()
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), eq(leads.id, id)))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** The business's leads among these ids (one query). */
export async function findLeads(db: Db, tenantId: string, ids: string[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), inArray(leads.id, ids)));
}

/**
 * The newest lead reached at this phone (its last 10 digits, however it was typed) or email, for
 * matching a customer's text or mail to the lead it came from.
 */
export async function findLeadByContact(
  db: Db,
  tenantId: string,
  who: { phoneDigits: string | null; email: string | null },
): Promise<{ id: string; name: string } | undefined> {
  const same: SQL[] = [];
  if (who.phoneDigits)
    same.push(sql`right(regexp_replace(${leads.phone}, '[^0-9]', '', 'g'), 10) = ${who.phoneDigits}`);
  if (who.email) same.push(sql`lower(${leads.email}) = ${who.email.toLowerCase()}`);
  if (same.length === 0) return undefined;
  const [row] = await db
    .select({ id: leads.id, name: leads.name })
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), sql`(${sql.join(same, sql` or `)})`))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return row;
}

export async function insertLead(db: Db, tenantId: string, values: NewLead): Promise<LeadRow> {
  const [row] = await db
    .insert(leads)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('lead insert returned no row');
  return row;
}

/** Many leads in one go (an import), in chunks; their ids in the order given. */
export async function insertLeads(db: Db, tenantId: string, values: NewLead[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const chunk = values.slice(i, i + INSERT_CHUNK).map((v) => ({ ...v, tenantId }));
    const rows = await db.insert(leads).values(chunk).returning({ id: leads.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function updateLead(db: Db, tenantId: string, id: string, changes: LeadChanges): Promise<LeadRow> {
  const [row] = await db
    .update(leads)
    .set(changes)
    .where(and(eq(leads.tenantId, tenantId), eq(leads.id, id)))
    .returning();
  if (!row) throw new Error('lead update matched no row');
  return row;
}

export interface StatusCounts {
  total: number;
  new: number;
  qualified: number;
  converted: number;
}

export async function countByStatus(db: Db, tenantId: string): Promise<StatusCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      new: sql<number>`(count(*) filter (where ${leads.status} = 'new'))::int`,
      qualified: sql<number>`(count(*) filter (where ${leads.status} = 'qualified'))::int`,
      converted: sql<number>`(count(*) filter (where ${leads.status} = 'converted'))::int`,
    })
    .from(leads)
    .where(eq(leads.tenantId, tenantId));
  return row ?? { total: 0, new: 0, qualified: 0, converted: 0 };
}

export interface ScoreAggregates {
  avgLeadScore: number;
  avgUrgencyScore: number;
  avgConversionProbability: number;
  totalPredictedValue: number;
}

/** Averages over the scored leads (those a model has scored); 0 when there are none. */
export async function scoreAggregates(db: Db, tenantId: string): Promise<ScoreAggregates> {
  const [row] = await db
    .select({
      avgLeadScore: sql<number>`coalesce(avg(${leads.leadScore}), 0)::float8`,
      avgUrgencyScore: sql<number>`coalesce(avg(${leads.urgencyScore}), 0)::float8`,
      avgConversionProbability: sql<number>`coalesce(avg(${leads.conversionProbability}), 0)::float8`,
      totalPredictedValue: sql<number>`coalesce(sum(${leads.predictedValue}), 0)::float8`,
    })
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), sql`${leads.scoreModel} is not null`));
  return row ?? { avgLeadScore: 0, avgUrgencyScore: 0, avgConversionProbability: 0, totalPredictedValue: 0 };
}

/**
 * Counts for the dashboard's stat cards. Month boundaries are midnight on the 1st in the tenant's
 * time zone, so a lead at 11 pm on the 31st in New York belongs to the month it was in there.
 */
export async function monthlyCounts(db: Db, tenantId: string, timezone: string, now: Date) {
  const monthStart = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timezone}) at time zone ${timezone})`;
  const lastMonthStart = sql`((date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timezone}) - interval '1 month') at time zone ${timezone})`;
  const [row] = await db
    .select({
      total: count(),
      converted: sql<number>`count(*) filter (where ${leads.status} = 'converted')`.mapWith(Number),
      thisMonth:
        sql<number>`count(*) filter (where ${leads.createdAt} >= ${monthStart} and ${leads.createdAt} <= ${now.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      lastMonth:
        sql<number>`count(*) filter (where ${leads.createdAt} >= ${lastMonthStart} and ${leads.createdAt} < ${monthStart})`.mapWith(
          Number,
        ),
    })
    .from(leads)
    .where(eq(leads.tenantId, tenantId));
  return row ?? { total: 0, converted: 0, thisMonth: 0, lastMonth: 0 };
}

/** Leads converted (closed as converted) in [from, to): the conversions an analytics report counts. */
export async function convertedBetween(db: Db, tenantId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(
      and(
        eq(leads.tenantId, tenantId),
        eq(leads.status, 'converted'),
        sql`${leads.closedAt} >= ${from.toISOString()}::timestamptz and ${leads.closedAt} < ${to.toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

/** How many leads are in each status; a status without leads counts 0. */
export async function countEachStatus(db: Db, tenantId: string): Promise<Record<TLeadStatus, number>> {
  const rows = await db
    .select({ status: leads.status, n: count() })
    .from(leads)
    .where(eq(leads.tenantId, tenantId))
    .groupBy(leads.status);
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<TLeadStatus, number>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

const openLead = sql`${leads.status} not in ('converted', 'lost')`;

/** How recent the leads are: created today / this week, and how long open leads have been open. */
export async function leadAges(db: Db, tenantId: string) {
  const n = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
  const [row] = await db
    .select({
      createdLast24Hours: n(sql`${leads.createdAt} >= now() - interval '1 day'`),
      createdLast7Days: n(sql`${leads.createdAt} >= now() - interval '7 days'`),
      openUnder1Day: n(sql`${openLead} and ${leads.createdAt} >= now() - interval '1 day'`),
      open1To7Days: n(
        sql`${openLead} and ${leads.createdAt} < now() - interval '1 day' and ${leads.createdAt} >= now() - interval '7 days'`,
      ),
      openOver7Days: n(sql`${openLead} and ${leads.createdAt} < now() - interval '7 days'`),
    })
    .from(leads)
    .where(eq(leads.tenantId, tenantId));
  return row ?? { createdLast24Hours: 0, createdLast7Days: 0, openUnder1Day: 0, open1To7Days: 0, openOver7Days: 0 };
}

/** New leads nobody has contacted for more than a day, longest waiting first, with their total. */
export async function awaitingFirstContact(db: Db, tenantId: string, limit: number) {
  const where = and(
    eq(leads.tenantId, tenantId),
    eq(leads.status, 'new'),
    isNull(leads.lastContactedAt),
    lt(leads.createdAt, sql`now() - interval '1 day'`),
  );
  const [total] = await db.select({ n: count() }).from(leads).where(where);
  const rows = await db
    .select({
      name: leads.name,
      service: leads.service,
      location: leads.location,
      phone: leads.phone,
      priority: leads.priority,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(where)
    .orderBy(asc(leads.createdAt))
    .limit(limit);
  return { count: total?.n ?? 0, leads: rows };
}

/** How many closed leads the model learns from at most: the most recent ones. */
export const TRAINING_WINDOW = 1000;

/** The business's most recent closed leads (converted or lost), oldest-first within the window. */
export async function closedLeads(db: Db, tenantId: string): Promise<LeadRow[]> {
  const rows = await db
    .select()
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), inArray(leads.status, ['converted', 'lost'])))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(TRAINING_WINDOW);
  return rows.reverse();
}

export interface NewActivity {
  type: string;
  createdAt?: Date;
  title: string;
  description?: string | null;
  leadId?: string | null;
  userId?: string | null;
}

export async function insertActivity(db: Db, tenantId: string, activity: NewActivity): Promise<void> {
  await db.insert(activities).values({ ...activity, tenantId });
}

export async function insertActivities(db: Db, tenantId: string, rows: NewActivity[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await db.insert(activities).values(rows.slice(i, i + INSERT_CHUNK).map((a) => ({ ...a, tenantId })));
}

/** The notes kept on each of these leads (lead_note activities), oldest first, by lead id. */
export async function leadNotes(db: Db, tenantId: string, leadIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ leadId: activities.leadId, description: activities.description })
    .from(activities)
    .where(
      and(eq(activities.tenantId, tenantId), eq(activities.type, 'lead_note'), inArray(activities.leadId, leadIds)),
    )
    .orderBy(asc(activities.createdAt), asc(activities.id));
  const notes = new Map<string, string[]>();
  for (const r of rows)
    if (r.leadId && r.description) notes.set(r.leadId, [...(notes.get(r.leadId) ?? []), r.description]);
  return notes;
}

export async function listActivities(db: Db, tenantId: string, limit: number): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activities)
    .where(eq(activities.tenantId, tenantId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}

/** Leads created or closed since `since` (at most 5,000, newest first): the coach's summary reads them. */
export async function leadOutcomesSince(db: Db, tenantId: string, since: Date) {
  const at = since.toISOString();
  return db
    .select({
      source: leads.source,
      utm: leads.utm,
      searchKeyword: leads.searchKeyword,
      status: leads.status,
      createdAt: leads.createdAt,
      lastContactedAt: leads.lastContactedAt,
      closedAt: leads.closedAt,
      predictedValue: leads.predictedValue,
      jobValue: leads.jobValue,
    })
    .from(leads)
    .where(
      and(
        eq(leads.tenantId, tenantId),
        sql`(${leads.createdAt} >= ${at}::timestamptz or ${leads.closedAt} >= ${at}::timestamptz)`,
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(5000);
}
