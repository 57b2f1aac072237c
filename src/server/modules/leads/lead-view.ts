import type { TActivity, TLead, TScoreFactor } from '#shared/schemas/leads.ts';
import { leadSourceOf, type TLeadSource } from '#shared/schemas/lead-sources.ts';
import type { SelectedField } from '#server/db/prepared.ts';
import { FieldError } from '#server/errors.ts';
import type { ActivityRow, LeadListRow, LeadViewRow } from './lead-rows.ts';

// Rows as the API shows them: numbers for numeric columns, ISO strings for times, and the
// opaque keyset cursor of the lead list.

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (v: string | null) => (v === null ? null : Number(v));

function factorsOf(value: unknown): TScoreFactor[] {
  if (!Array.isArray(value)) return [];
  return value.filter((f): f is TScoreFactor => typeof f?.label === 'string' && typeof f?.points === 'number');
}

/** The landing page id of a lead its form sent ('landing:{id}'), else null. */
export const landingPageIdOf = (source: string | null) => (source?.startsWith('landing:') ? source.slice(8) : null);

/** The search words shown for a lead: an organic-search lead's only. */
const sourceKeywordOf = (source: TLeadSource, searchKeyword: string | null, utm: LeadViewRow['utm']) =>
  source === 'organic_search' ? (searchKeyword ?? utm?.utm_term ?? null) : null;

/** A lead as the API shows it; `pageTitles` names the landing pages (by id) leads came from. */
export function toLead(row: LeadViewRow, pageTitles: ReadonlyMap<string, string>): TLead {
  const source = leadSourceOf(row.source, row.utm);
  const pageId = landingPageIdOf(row.source);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    location: row.location,
    priority: row.priority,
    status: row.status,
    leadScore: row.leadScore,
    urgencyScore: row.urgencyScore,
    conversionProbability: num(row.conversionProbability),
    predictedValue: num(row.predictedValue),
    jobValue: num(row.jobValue),
    source,
    sourcePage: pageId === null ? (row.sourceTitle ?? null) : (pageTitles.get(pageId) ?? null),
    sourceKeyword: sourceKeywordOf(source, row.searchKeyword, row.utm),
    engagementLevel: row.engagementLevel,
    aiRecommendations: row.aiRecommendations,
    scoreFactors: factorsOf(row.scoreFactors),
    scoreModel: row.scoreModel,
    lastContactedAt: iso(row.lastContactedAt),
    nextFollowUpAt: iso(row.nextFollowUpAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A timestamptz as PostgreSQL prints it, as `new Date(text).toISOString()` prints it (what
 * Drizzle's Date and then `toLead` make of it). A UTC time in the ISO date style
 * ('2026-11-27 19:10:33.123456+00') is rearranged as text, without parsing a date: milliseconds
 * cut, not rounded, as the Date is. Any other offset or form goes through Date.
 */
export function isoFromPgTime(text: string): string {
  const n = text.length;
  const utc = n >= 22 && text.endsWith('+00') && text[4] === '-' && text[10] === ' ';
  if (utc && n === 22) return `${text.slice(0, 10)}T${text.slice(11, 19)}.000Z`;
  if (utc && n <= 29 && text[19] === '.')
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${`${text.slice(20, n - 3)}00`.slice(0, 3)}Z`;
  return new Date(text).toISOString();
}

/** A row of the lead list: the lead as the API shows it, and what the list needs around it. */
export interface LeadListItem {
  lead: TLead;
  /** created_at as PostgreSQL printed it (microseconds and offset), for the cursor. */
  cursorAt: string;
  /** The landing page the lead came from, whose title the caller puts in `lead.sourcePage`. */
  pageId: string | null;
}

/** The columns the lead list's statement selects, each read by its position in a row. */
const LIST_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'service',
  'location',
  'priority',
  'status',
  'leadScore',
  'urgencyScore',
  'conversionProbability',
  'predictedValue',
  'jobValue',
  'source',
  'utm',
  'searchKeyword',
  'sourceTitle',
  'engagementLevel',
  'aiRecommendations',
  'scoreFactors',
  'scoreModel',
  'lastContactedAt',
  'nextFollowUpAt',
  'createdAt',
  'updatedAt',
  'cursorAt',
] as const satisfies readonly (keyof LeadListRow)[];
type ListColumn = (typeof LIST_COLUMNS)[number];

/**
 * The lead list's rows straight from the driver's values to `toLead`'s answer in one pass (its
 * mapper for `prepared`): no row object in between, and times from PostgreSQL's text to ISO
 * without a Date (`isoFromPgTime`). Every other column goes through its decoder as Drizzle's
 * mapping does. The list is the busiest read, and the row object, the Dates and toLead were
 * about a fifth of its CPU. The fields and their order must stay `toLead`'s (the answer is
 * stringified as built); leads.db.test compares the two.
 */
export function leadListRows(fields: SelectedField[]): (rows: unknown[][]) => LeadListItem[] {
  const decoders = fields.map((f) => f.decode);
  const at = (key: keyof LeadListRow): number => {
    const i = fields.findIndex((f) => f.key === key);
    if (i < 0) throw new Error(`The lead list selects no ${key}`);
    return i;
  };
  const value = (row: unknown[], i: number): unknown => {
    const v = row[i];
    const decode = decoders[i];
    return v === null || !decode ? v : decode(v);
  };
  const time = (row: unknown[], i: number): string | null => {
    const v = row[i] as string | Date | null;
    return v === null ? null : typeof v === 'string' ? isoFromPgTime(v) : v.toISOString();
  };
  const c = Object.fromEntries(LIST_COLUMNS.map((key) => [key, at(key)])) as Record<ListColumn, number>;

  return (rows) =>
    rows.map((row) => {
      const stored = value(row, c.source) as LeadViewRow['source'];
      const tags = value(row, c.utm) as LeadViewRow['utm'];
      const from = leadSourceOf(stored, tags);
      const pageId = landingPageIdOf(stored);
      const lead: TLead = {
        id: value(row, c.id) as string,
        name: value(row, c.name) as string,
        email: value(row, c.email) as string | null,
        phone: value(row, c.phone) as string | null,
        service: value(row, c.service) as string,
        location: value(row, c.location) as string,
        priority: value(row, c.priority) as TLead['priority'],
        status: value(row, c.status) as TLead['status'],
        leadScore: value(row, c.leadScore) as number,
        urgencyScore: value(row, c.urgencyScore) as number,
        conversionProbability: num(value(row, c.conversionProbability) as string | null),
        predictedValue: num(value(row, c.predictedValue) as string | null),
        jobValue: num(value(row, c.jobValue) as string | null),
        source: from,
        // A landing page's title is looked up for the whole page of leads at once.
        sourcePage: pageId === null ? ((value(row, c.sourceTitle) as string | null) ?? null) : null,
        sourceKeyword: sourceKeywordOf(from, value(row, c.searchKeyword) as string | null, tags),
        engagementLevel: value(row, c.engagementLevel) as string,
        aiRecommendations: value(row, c.aiRecommendations) as string[],
        scoreFactors: factorsOf(value(row, c.scoreFactors)),
        scoreModel: value(row, c.scoreModel) as TLead['scoreModel'],
        lastContactedAt: time(row, c.lastContactedAt),
        nextFollowUpAt: time(row, c.nextFollowUpAt),
        createdAt: time(row, c.createdAt) as string,
        updatedAt: time(row, c.updatedAt) as string,
      };
      return { lead, cursorAt: value(row, c.cursorAt) as string, pageId };
    });
}

export function toActivity(row: ActivityRow): TActivity {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    leadId: row.leadId,
    createdAt: row.createdAt.toISOString(),
  };
}

// The cursor carries created_at as PostgreSQL printed it (microseconds and offset), so the
// next page starts exactly after the last row even when two leads share a millisecond.
const PG_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(:\d{2}){0,2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/** A PostgreSQL timestamp text whose date and time exist (no 30 February, no 25:61). */
function isRealTime(at: string): boolean {
  const m = PG_TIME.exec(at);
  if (!m) return false;
  const [year, month, day, hour, minute, second, , offsetHours] = m.slice(1).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1 &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHours! <= 15
  );
}

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: string; id: string } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!isRealTime(at) || !isUuid(id)) {
    throw new FieldError('cursor', 'This page of leads is no longer valid. Reload the list to start again.');
  }
  return { at, id };
}
