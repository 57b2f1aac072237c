import type { z } from 'zod';
import type {
  TActivityList,
  TLead,
  TLeadPage,
  TLeadScoreAnalytics,
  TLeadStatus,
  TLeadSummary,
  TQualifyResult,
  ZCreateLeadRequest,
  ZLeadListQuery,
  ZUpdateLeadRequest,
} from '#shared/schemas/leads.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Ai } from '#server/ai/ai.ts';
import type { Db } from '#server/db/client.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { AuthContext } from '#server/auth-context.ts';
import { qualify, transitionError } from './lead-rules.ts';
import { activityFor, loadModel, scoreRow, type Scored } from './lead-scoring.service.ts';
import { decodeCursor, encodeCursor, isUuid, toActivity, toLead } from './lead-view.ts';
import { leadView, leadViews, nameSourcePages } from './lead-source-pages.ts';
import type { AppServices } from '#server/services.ts';
import * as repo from './leads.repo.ts';
import { storedSourceOf } from '#shared/schemas/lead-sources.ts';
import { afterLeadConverted } from '#server/modules/reviews/review-requests.service.ts';

export interface LeadsDeps {
  db: Db;
  ai: Ai;
  /** A converted lead's review request is made in the background (the reviews area's job). */
  jobs: Pick<Jobs, 'enqueue'>;
  log: FastifyBaseLogger;
}

export function leadsDeps({ database, ai, jobs, log }: AppServices): LeadsDeps {
  return { db: database.db, ai, jobs, log };
}

type CreateInput = z.output<typeof ZCreateLeadRequest>;
type UpdateInput = z.output<typeof ZUpdateLeadRequest>;
type ListQuery = z.output<typeof ZLeadListQuery>;

const FOLLOW_UP_MS = 2 * 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;
const leadNotFound = () => notFound('Lead');

/** The list's search box as an escaped ILIKE pattern over name, service and location. */
export function searchPattern(q: string | undefined): string | undefined {
  const t = q?.trim();
  return t ? `%${t.replace(/[\\%_]/g, '\\$&')}%` : undefined;
}

/** The newest lead reached at this number (E.164) or email: a customer's text or mail is matched to it. */
export async function leadByContact(
  deps: Pick<LeadsDeps, 'db'>,
  tenantId: string,
  who: { phone: string | null; email: string | null },
): Promise<{ id: string; name: string } | undefined> {
  const digits = who.phone?.replace(/\D/g, '').slice(-10) || null;
  return repo.findLeadByContact(deps.db, tenantId, {
    phoneDigits: digits && digits.length >= 7 ? digits : null,
    email: who.email,
  });
}

export async function listLeads(deps: LeadsDeps, auth: AuthContext, query: ListQuery): Promise<TLeadPage> {
  const { limit } = query;
  const rows = await repo.listLeads(deps.db, {
    tenantId: auth.tenantId,
    // One extra row tells whether there is a next page without a count.
    limit: limit + 1,
    status: query.status,
    priority: query.priority,
    pattern: searchPattern(query.q),
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    leads: await nameSourcePages(deps.db, auth.tenantId, page),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursorAt, last.lead.id) : null,
  };
}

export async function leadSummary(deps: LeadsDeps, auth: AuthContext): Promise<TLeadSummary> {
  const counts = await repo.countByStatus(deps.db, auth.tenantId);
  return { ...counts, conversionRate: counts.total ? Math.round((counts.converted * 100) / counts.total) : 0 };
}

export async function scoreAnalytics(deps: LeadsDeps, auth: AuthContext): Promise<TLeadScoreAnalytics> {
  const a = await repo.scoreAggregates(deps.db, auth.tenantId);
  return {
    avgLeadScore: round2(a.avgLeadScore),
    avgUrgencyScore: round2(a.avgUrgencyScore),
    avgConversionProbability: round2(a.avgConversionProbability),
    totalPredictedValue: round2(a.totalPredictedValue),
  };
}

/** "Call these first": the open leads most worth a call now, by score and urgency. */
export async function hottestLeads(deps: LeadsDeps, auth: AuthContext, limit: number): Promise<TLead[]> {
  return leadViews(deps.db, auth.tenantId, await repo.hottestOpenLeads(deps.db, auth.tenantId, limit));
}

/** The status-history columns a status sets. */
export function statusStamps(to: TLeadStatus, now: Date): repo.LeadChanges {
  if (to === 'contacted')
    return { lastContactedAt: now, nextFollowUpAt: new Date(now.getTime() + FOLLOW_UP_MS), closedAt: null };
  if (to === 'qualified') return { qualifiedAt: now, closedAt: null };
  if (to === 'converted' || to === 'lost') return { closedAt: now, nextFollowUpAt: null };
  return { closedAt: null };
}

/** Add Lead: defaults, the first score and the activity row, in one transaction. */
export async function createLead(deps: LeadsDeps, auth: AuthContext, input: CreateInput): Promise<TLead> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const values = {
      name: input.name,
      service: input.service,
      location: input.location,
      email: input.email ?? null,
      phone: input.phone ?? null,
      priority: input.priority,
      status: input.status,
      source: storedSourceOf(input.source),
      createdAt: now,
      ...statusStamps(input.status, now),
    };
    const scored = scoreRow(
      {
        ...values,
        engagementLevel: 'unknown',
        qualifiedAt: values.qualifiedAt ?? null,
        lastContactedAt: values.lastContactedAt ?? null,
      },
      await loadModel(tx, auth.tenantId),
      now,
    );
    const row = await repo.insertLead(tx, auth.tenantId, { ...values, ...scored.columns });
    await repo.insertActivity(tx, auth.tenantId, {
      type: 'lead_created',
      title: `New lead: ${row.name}`,
      description: `${row.service} in ${row.location}`,
      leadId: row.id,
      userId: auth.userId,
    });
    // Entered by hand: never a landing page's lead.
    return toLead(row, new Map());
  });
}

async function lockedLead(db: Db, auth: AuthContext, id: string): Promise<repo.LeadRow> {
  // A malformed id can't name a lead: the same 404 as a missing one, never a database error.
  const row = isUuid(id) ? await repo.findLead(db, auth.tenantId, id, { forUpdate: true }) : undefined;
  if (!row) throw leadNotFound();
  return row;
}

const STATUS_ACTIVITY: Record<TLeadStatus, { type: string; title: (name: string) => string }> = {
  new: { type: 'lead_marked_new', title: (n) => `${n} marked as new` },
  contacted: { type: 'lead_contacted', title: (n) => `Contacted ${n}` },
  qualified: { type: 'lead_qualified', title: (n) => `${n} qualified` },
  converted: { type: 'lead_converted', title: (n) => `${n} converted` },
  lost: { type: 'lead_lost', title: (n) => `${n} lost` },
};
const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  service: 'service',
  location: 'location',
  priority: 'priority',
  engagementLevel: 'engagement',
};

/** A lead a visitor sent (a published landing page's form): no user, its source and UTM tags kept. */
export async function createInboundLead(
  deps: Pick<LeadsDeps, 'db'>,
  tenantId: string,
  input: {
    name: string;
    service: string;
    location: string;
    email: string | null;
    phone: string | null;
    source: string;
    sourceLabel: string;
    sourceTitle?: string;
    utm: Record<string, string>;
    keyword?: { keyword: string; from: 'tag' | 'search' | 'page' } | null;
  },
): Promise<TLead> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const values = {
      name: input.name,
      service: input.service,
      location: input.location,
      email: input.email,
      phone: input.phone,
      priority: 'medium' as const,
      status: 'new' as const,
      source: input.source,
      sourceTitle: input.sourceTitle ?? null,
      utm: input.utm,
      searchKeyword: input.keyword?.keyword ?? null,
      searchKeywordFrom: input.keyword?.from ?? null,
      createdAt: now,
    };
    const scored = scoreRow(
      { ...values, engagementLevel: 'unknown', qualifiedAt: null, lastContactedAt: null },
      await loadModel(tx, tenantId),
      now,
    );
    const row = await repo.insertLead(tx, tenantId, { ...values, ...scored.columns });
    await repo.insertActivity(tx, tenantId, {
      type: 'lead_created',
      title: `New lead: ${row.name}`,
      description: `${row.service} in ${row.location}, from ${input.sourceLabel}`,
      leadId: row.id,
      userId: null,
    });
    return leadView(tx, tenantId, row);
  });
}

/** PATCH: edits and the status changes of the spec; anything else is refused before any write. */
export async function updateLead(deps: LeadsDeps, auth: AuthContext, id: string, input: UpdateInput): Promise<TLead> {
  const now = new Date();
  const lead = await deps.db.transaction(async (tx) => {
    const current = await lockedLead(tx, auth, id);
    const { status, jobValue, ...fields } = input;
    if (status !== undefined) {
      const refused = transitionError(current.status, status);
      if (refused) throw new AppError('bad_request', refused);
    }
    const edits = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const changes: repo.LeadChanges = { ...edits, ...(status ? { status, ...statusStamps(status, now) } : {}) };
    const scored = scoreRow({ ...current, ...changes }, await loadModel(tx, auth.tenantId), now);
    // Converting records the job's value: the one entered, else the predicted value.
    if (jobValue !== undefined) changes.jobValue = jobValue.toFixed(2);
    else if (status === 'converted') changes.jobValue = scored.columns.predictedValue ?? current.predictedValue;
    const row = await repo.updateLead(tx, auth.tenantId, current.id, { ...changes, ...scored.columns });

    const changed = Object.keys(edits).map((k) => FIELD_NAMES[k] ?? k);
    const activity = status ? STATUS_ACTIVITY[status] : { type: 'lead_updated', title: (n: string) => `Updated ${n}` };
    const description = [
      status === 'converted'
        ? `${row.service}, worth $${Number(row.jobValue ?? row.predictedValue ?? 0).toLocaleString('en-US')}`
        : null,
      changed.length ? `Changed ${changed.join(', ')}` : null,
    ]
      .filter(Boolean)
      .join('. ');
    await repo.insertActivity(tx, auth.tenantId, {
      type: activity.type,
      title: activity.title(row.name),
      description: description || null,
      leadId: row.id,
      userId: auth.userId,
    });
    return leadView(tx, auth.tenantId, row);
  });
  // A finished job: the reviews area sends a review request (in the background, by its rules).
  if (input.status === 'converted') {
    const { name, phone, email } = lead;
    await afterLeadConverted(deps.jobs, { tenantId: auth.tenantId, leadId: lead.id, name, phone, email }).catch(
      (err: unknown) => deps.log.error({ err, leadId: lead.id }, 'review request not queued'),
    );
  }
  return lead;
}

/** Automatic qualification from the documented criteria (lead-rules.ts); only from new. */
export async function qualifyLead(deps: LeadsDeps, auth: AuthContext, id: string): Promise<TQualifyResult> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const current = await lockedLead(tx, auth, id);
    if (current.status !== 'new')
      throw new AppError('bad_request', `Only new leads can be qualified; this lead is ${current.status}.`);
    const model = await loadModel(tx, auth.tenantId);
    const fresh = scoreRow(current, model, now);
    const result = qualify({
      email: current.email,
      phone: current.phone,
      leadScore: fresh.score.leadScore,
      ageDays: fresh.features.ageDays,
    });

    let scored: Scored = fresh;
    let changes: repo.LeadChanges = {};
    if (result.qualified) {
      changes = { status: 'qualified', ...statusStamps('qualified', now) };
      scored = scoreRow({ ...current, ...changes }, model, now);
    }
    const row = await repo.updateLead(tx, auth.tenantId, current.id, { ...changes, ...scored.columns });
    await repo.insertActivity(tx, auth.tenantId, {
      type: result.qualified ? 'lead_qualified' : 'lead_not_qualified',
      title: result.qualified ? `${row.name} qualified automatically` : `${row.name} did not qualify yet`,
      description: result.reasons.join('. '),
      leadId: row.id,
      userId: auth.userId,
    });
    return { lead: await leadView(tx, auth.tenantId, row), qualified: result.qualified, reasons: result.reasons };
  });
}

/** AI Score: scores the lead again with the current model and records it. */
export async function rescoreLead(deps: LeadsDeps, auth: AuthContext, id: string): Promise<TLead> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const current = await lockedLead(tx, auth, id);
    const scored = scoreRow(current, await loadModel(tx, auth.tenantId), now);
    const row = await repo.updateLead(tx, auth.tenantId, current.id, scored.columns);
    await repo.insertActivity(tx, auth.tenantId, {
      ...activityFor(row.name, scored.score),
      leadId: row.id,
      userId: auth.userId,
    });
    return leadView(tx, auth.tenantId, row);
  });
}

/** The activity feed, newest first. Also the dashboard's "recent activity" list. */
export async function listActivities(
  deps: Pick<LeadsDeps, 'db'>,
  auth: Pick<AuthContext, 'tenantId'>,
  limit: number,
): Promise<TActivityList> {
  const rows = await repo.listActivities(deps.db, auth.tenantId, limit);
  return { activities: rows.map(toActivity) };
}

// Figures other areas show (the dashboard's stat cards, what Felix may quote). They read only the
// database, so they take just `db`, and the tenant rather than a whole auth context.

/** All leads, converted leads, and leads created this and last month in the given time zone. */
export async function monthlyLeadCounts(
  deps: Pick<LeadsDeps, 'db'>,
  tenantId: string,
  timezone: string,
  now: Date,
): Promise<{ total: number; converted: number; thisMonth: number; lastMonth: number }> {
  return repo.monthlyCounts(deps.db, tenantId, timezone, now);
}

/** Leads per status, how recent they are, and the new leads still waiting for a first call. */
export async function leadFigures(deps: Pick<LeadsDeps, 'db'>, tenantId: string, awaitingListSize: number) {
  const [byStatus, ages, awaiting] = await Promise.all([
    repo.countEachStatus(deps.db, tenantId),
    repo.leadAges(deps.db, tenantId),
    repo.awaitingFirstContact(deps.db, tenantId, awaitingListSize),
  ]);
  return { byStatus, ages, awaiting };
}

/** How many leads are in each status (the agency view compares businesses by it). */
export async function leadStatusCounts(deps: Pick<LeadsDeps, 'db'>, tenantId: string) {
  return repo.countEachStatus(deps.db, tenantId);
}

/** Leads converted in [from, to) (analytics reports count them as conversions). */
export async function convertedLeadsBetween(deps: Pick<LeadsDeps, 'db'>, tenantId: string, from: Date, to: Date) {
  return repo.convertedBetween(deps.db, tenantId, from, to);
}

/** Leads created or closed since a moment, with their source, times and value (the coach's summary). */
export async function leadOutcomes(deps: Pick<LeadsDeps, 'db'>, tenantId: string, since: Date) {
  const rows = await repo.leadOutcomesSince(deps.db, tenantId, since);
  return rows.map((r) => ({
    ...r,
    predictedValue: r.predictedValue === null ? null : Number(r.predictedValue),
    jobValue: r.jobValue === null ? null : Number(r.jobValue),
  }));
}

/** One of the business's leads as another area needs it (a finished job's customer), or undefined. */
export async function leadOf(deps: Pick<LeadsDeps, 'db'>, tenantId: string, id: string) {
  const row = isUuid(id) ? await repo.findLead(deps.db, tenantId, id) : undefined;
  return row && { id: row.id, name: row.name, email: row.email, phone: row.phone, status: row.status };
}

/** Several of the business's leads by id (a page of finished jobs), as leadOf gives them. */
export async function leadsOf(deps: Pick<LeadsDeps, 'db'>, tenantId: string, ids: string[]) {
  const rows = await repo.findLeads(deps.db, tenantId, [...new Set(ids)].filter(isUuid));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, email: r.email, phone: r.phone, status: r.status }]));
}
